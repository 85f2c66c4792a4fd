package io.pgfast.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import io.r2dbc.spi.Option;

/**
 * One connection option, declared once in {@link PgOptions}: its name (the URL and
 * {@code ConnectionFactoryOptions} name), the other spellings accepted for it (libpq's keywords),
 * its default, how a URL string or a typed value becomes its Java type (an {@link OptionCoercion}
 * method), the check every value passes whichever way it is set, and its doc line. The builder
 * ({@link PgfastConnectionConfigurationBuilder#set}), the configuration
 * ({@link PgfastConnectionConfiguration#get}), the URL provider and the OPTIONS.md table all work from
 * this declaration.
 *
 * <p>Immutable once declared. The {@code with...} methods return a copy that takes the original's place in the
 * declaration order; they are meant for the declaration's own expression only.
 *
 * @param <T> the option's Java type as the configuration holds it
 */
public final class PgOption<T> {

    /** How an option can be given. */
    public enum Form {
        /** In a URL (a String value) and in code; a row of OPTIONS.md. */
        URL,
        /** In {@code ConnectionFactoryOptions} as a typed object only; no String form, no row in the table. */
        CODE,
        /** On the builder only; {@code ConnectionFactoryOptions} does not carry it. */
        BUILDER
    }

    /** Turns a value given as a String (URL) or a typed object (code) into the option's type; see {@link OptionCoercion}. */
    @FunctionalInterface
    public interface Coercion<T> {
        /** @throws IllegalArgumentException naming {@code name} when {@code value} does not fit */
        T coerce(String name, Object value);
    }

    /** In declaration order, which is also the order the URL provider applies them in and {@code toString} shows them. */
    private static final Map<String, PgOption<?>> DECLARED = new LinkedHashMap<>();

    // set once while the option is declared (see copy()), never after it is published in a static field
    private String name;
    private String builderName;
    private List<String> aliases = List.of();
    private T defaultValue;
    private Coercion<T> coercion;
    private UnaryOperator<T> check;
    private String doc;
    private Form form = Form.URL;
    private boolean sensitive;
    private boolean shown = true;
    private Function<? super T, String> show = String::valueOf;
    /** Null: the builder's {@link PgfastConnectionConfigurationBuilder#set}; else how a given value reaches the builder. */
    private BiConsumer<PgfastConnectionConfigurationBuilder, Object> reader;
    /** Null: the configuration holds the value; else how it is computed from the configuration (no slot of its own). */
    private Function<PgfastConnectionConfiguration, T> derived;

    private PgOption() {
    }

    /** A copy to change one attribute of, while declaring. */
    private PgOption<T> copy() {
        PgOption<T> c = new PgOption<>();
        c.name = name;
        c.builderName = builderName;
        c.aliases = aliases;
        c.defaultValue = defaultValue;
        c.coercion = coercion;
        c.check = check;
        c.doc = doc;
        c.form = form;
        c.sensitive = sensitive;
        c.shown = shown;
        c.show = show;
        c.reader = reader;
        c.derived = derived;
        return c;
    }

    /**
     * Declares an option. {@code check} sees every value set (null included) and returns the value to
     * hold, or throws an {@link IllegalArgumentException} naming the option.
     */
    static <T> PgOption<T> of(String name, T defaultValue, Coercion<T> coercion, UnaryOperator<T> check, String doc) {
        PgOption<T> o = new PgOption<>();
        o.name = name;
        o.builderName = name;
        o.defaultValue = defaultValue;
        o.coercion = coercion;
        o.check = check;
        o.doc = doc;
        return declare(o);
    }

    /** An option of type {@code T} whose null value is refused, and whose values need no other check. */
    static <T> PgOption<T> of(String name, T defaultValue, Coercion<T> coercion, String doc) {
        return of(name, defaultValue, coercion, v -> requireNonNull(name, v), doc);
    }

    static PgOption<Boolean> bool(String name, boolean defaultValue, String doc) {
        return of(name, defaultValue, OptionCoercion::bool, doc);
    }

    /**
     * An int option of at least {@code min}; a smaller value is refused with "{@code name} {@code rule}, got
     * {@code value}", {@code rule} saying what is allowed (such as "must be at least 1").
     */
    static PgOption<Integer> integer(String name, int defaultValue, int min, String rule, String doc) {
        return integer(name, defaultValue, v -> {
            if (v < min) {
                throw new IllegalArgumentException(name + " " + rule + ", got " + v);
            }
            return v;
        }, doc);
    }

    /** An int option; {@code check} validates the value. */
    static PgOption<Integer> integer(String name, int defaultValue, UnaryOperator<Integer> check, String doc) {
        return of(name, defaultValue, OptionCoercion::integer, v -> check.apply(requireNonNull(name, v)), doc);
    }

    /** A String option without a NUL character; null restores {@code defaultValue} (which may be null: absent). */
    static PgOption<String> string(String name, String defaultValue, String doc) {
        return of(name, defaultValue, OptionCoercion::string,
                v -> v == null ? defaultValue : OptionChecks.requireNoNul(name, v), doc);
    }

    /** A timeout: zero or at least 1 ms, at most {@code maxMillis}; null refused with a hint at {@link Duration#ZERO}. */
    static PgOption<Duration> duration(String name, Duration defaultValue, long maxMillis, String doc) {
        return of(name, defaultValue, OptionCoercion::duration, v -> {
            if (v == null) {
                throw new IllegalArgumentException(name + " must not be null (use Duration.ZERO for no limit)");
            }
            return OptionChecks.requireTimeout(name, v, maxMillis);
        }, doc);
    }

    /**
     * A keepalive time: whole seconds (the kernel's unit, {@code TCP_KEEPIDLE} and {@code TCP_KEEPINTVL}), between 1 s
     * and {@link OptionChecks#MAX_KEEP_ALIVE_SECONDS}; null refused.
     */
    static PgOption<Duration> keepAliveSeconds(String name, Duration defaultValue, String doc) {
        return of(name, defaultValue, OptionCoercion::duration,
                v -> OptionChecks.requireKeepAliveSeconds(name, requireNonNull(name, v)), doc);
    }

    /** A session timeout that may be absent (the server's setting), of millisecond precision up to an int GUC's range. */
    static PgOption<Duration> sessionTimeout(String name, String doc) {
        return of(name, null, OptionCoercion::duration,
                v -> v == null ? null : OptionChecks.requireTimeout(name, v, PgfastConnectionConfiguration.MAX_TIMEOUT_MILLIS), doc);
    }

    /** An enum option parsed by {@code parse} from its String spelling. */
    static <E extends Enum<E>> PgOption<E> enumeration(String name, E defaultValue, Class<E> type,
                                                      Function<String, E> parse, String doc) {
        return of(name, defaultValue, (n, v) -> OptionCoercion.enumeration(n, v, type, parse), doc);
    }

    /** Accepted also as {@code alias} (a libpq keyword, or another driver's name); both with different values is an error. */
    PgOption<T> withAlias(String alias) {
        List<String> all = new ArrayList<>(aliases);
        all.add(alias);
        PgOption<T> c = copy();
        c.aliases = List.copyOf(all);
        return declare(c);
    }

    /** The builder method and configuration accessor are named {@code builderName}, not like the URL option. */
    PgOption<T> withBuilderName(String builderName) {
        PgOption<T> c = copy();
        c.builderName = builderName;
        return declare(c);
    }

    PgOption<T> withForm(Form form) {
        PgOption<T> c = copy();
        c.form = form;
        return declare(c);
    }

    /** Its value is a secret: never shown in {@code toString} or messages, a sensitive R2DBC {@link Option}. */
    PgOption<T> sensitive() {
        PgOption<T> c = copy();
        c.sensitive = true;
        return declare(c);
    }

    /** Not part of the configuration's {@code toString} (objects set in code, whose text says nothing). */
    PgOption<T> hidden() {
        PgOption<T> c = copy();
        c.shown = false;
        return declare(c);
    }

    /** A given value reaches the builder through {@code reader} (a builder method with more to do than store it). */
    PgOption<T> readBy(BiConsumer<PgfastConnectionConfigurationBuilder, Object> reader) {
        PgOption<T> c = copy();
        c.reader = reader;
        return declare(c);
    }

    /** No slot of its own: another option holds it, {@code derived} reads it from there. */
    PgOption<T> derivedBy(Function<PgfastConnectionConfiguration, T> derived) {
        PgOption<T> c = copy();
        c.derived = derived;
        c.shown = false;
        return declare(c);
    }

    /** {@code toString} of the configuration shows a value as {@code show} writes it (default {@code String.valueOf}). */
    PgOption<T> shownAs(Function<? super T, String> show) {
        PgOption<T> c = copy();
        c.show = show;
        return declare(c);
    }

    private static <T> PgOption<T> declare(PgOption<T> option) {
        synchronized (DECLARED) {
            DECLARED.put(option.name, option);
        }
        return option;
    }

    /** Every option, in declaration order. */
    static List<PgOption<?>> declared() {
        synchronized (DECLARED) {
            return Collections.unmodifiableList(new ArrayList<>(DECLARED.values()));
        }
    }

    static <T> T requireNonNull(String name, T value) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return value;
    }

    /** The URL and {@code ConnectionFactoryOptions} name. */
    public String name() {
        return name;
    }

    /** The builder method's (and configuration accessor's) name; usually {@link #name()}. */
    public String builderName() {
        return builderName;
    }

    /** Other spellings accepted in a URL or {@code ConnectionFactoryOptions}, such as libpq's keyword. */
    public List<String> aliases() {
        return aliases;
    }

    /** The value when none is set; null for "absent". */
    public T defaultValue() {
        return defaultValue;
    }

    public String doc() {
        return doc;
    }

    public Form form() {
        return form;
    }

    public boolean isSensitive() {
        return sensitive;
    }

    /** Whether the configuration's {@code toString} shows it ({@code <hidden>} if sensitive). */
    boolean isShown() {
        return shown;
    }

    boolean isDerived() {
        return derived != null;
    }

    /** This option as an R2DBC {@link Option} (sensitive if the option is), typed as the caller's constant. */
    @SuppressWarnings("unchecked")
    public <O> Option<O> r2dbcOption() {
        return (Option<O>) (sensitive ? Option.sensitiveValueOf(name) : Option.valueOf(name));
    }

    /** Coerces a given value (a String from a URL or a typed object) to {@code T}. */
    public T coerce(Object value) {
        return coercion.coerce(name, value);
    }

    /** Applies a value given in {@code ConnectionFactoryOptions} (a String or a typed object) to the builder. */
    public void applyTo(PgfastConnectionConfigurationBuilder builder, Object value) {
        if (form == Form.BUILDER) {
            throw new IllegalStateException(name + " is set on the builder only");
        }
        if (reader != null) {
            reader.accept(builder, value);
        } else {
            builder.set(this, coerce(value));
        }
    }

    /** The value to hold for {@code value}, checked; throws an {@link IllegalArgumentException} naming the option. */
    T check(T value) {
        if (derived != null) {
            throw new IllegalStateException(name + " has no value of its own; set it with its builder method");
        }
        return check.apply(value);
    }

    T derive(PgfastConnectionConfiguration configuration) {
        return derived.apply(configuration);
    }

    /** How {@code toString} shows {@code value}. */
    String show(T value) {
        if (sensitive) {
            return value != null ? "<hidden>" : "<none>";
        }
        return value == null ? "null" : show.apply(value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PgOption && ((PgOption<?>) o).name.equals(name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name);
    }

    @Override
    public String toString() {
        return name;
    }
}
