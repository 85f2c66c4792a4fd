package io.pgfast.config;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import io.r2dbc.spi.Option;

/**
 * One option, declared once: a connection's in {@link PgOptions}, the pool's in {@code io.pgfast.pool.PoolOptions}.
 * The declaration is all there is to say about an option: its name (the URL and {@code ConnectionFactoryOptions}
 * name), the other spellings accepted for it (libpq's keyword), its default, how a URL string or a typed value
 * becomes its Java type (an {@link OptionCoercion} method), the check every value passes whichever way it is set,
 * and its documentation: a doc line, the details after it, an example of its URL value.
 *
 * <p>The rest follows from the declarations. The builders store values through {@code set(option, value)}, which
 * runs the check, and the configurations answer {@code get(option)}; the URL providers apply every declared option
 * they find. The typed builder methods, the configurations' getters, the provider's {@code Option} constants,
 * OPTIONS.md's tables (and Spring Boot's metadata of the pool's properties) are generated from the declarations:
 * core's {@code OptionSourcesTest} rewrites them in the sources, the Boot module's build writes the metadata.
 *
 * <p>Immutable once declared. The declaring methods ({@code with...}, {@code details}, ...) return a changed copy
 * that keeps the original's place in the declaration order; they are meant for the declaration's own expression.
 * {@code Cloneable} only so that a copy takes every attribute; {@code clone()} stays protected.
 *
 * @param <T> the option's Java type as the configuration holds it
 */
public final class PgOption<T> implements Cloneable {

    /** How an option can be given. */
    public enum Form {
        /** In a URL (a String value) and in code; a row of OPTIONS.md's table of URL options. */
        URL,
        /** In {@code ConnectionFactoryOptions} as a typed object only; no String form. */
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

    /** Counts declarations, so that {@link #declaredIn} knows their order (reflection does not promise one). */
    private static final AtomicInteger DECLARED = new AtomicInteger();

    // set while the option is declared (on a copy, see copy()), never after it is published in a static field
    private int order;
    private String name;
    private String builderName;
    private String libpqName;
    private List<String> aliases = List.of();
    private T defaultValue;
    private Coercion<T> coercion;
    private UnaryOperator<T> check;
    private String doc;
    private String details;
    private String example;
    private String typeText;
    private String defaultDescription;
    private Function<? super T, String> spelling;
    private Class<?> givenInCodeAs;
    private List<String> alsoSetBy = List.of();
    private boolean generatedSetter = true;
    private boolean generatedGetter = true;
    private boolean optional;
    private Form form = Form.URL;
    private boolean sensitive;
    private boolean shown = true;
    private Function<? super T, String> show = String::valueOf;
    /** Null: the builder's {@code set}; else how a given value reaches the builder. */
    private BiConsumer<PgfastConnectionConfigurationBuilder, Object> reader;
    /** Null: the configuration holds the value; else how it is computed from the configuration (no slot of its own). */
    private Function<PgfastConnectionConfiguration, T> derived;

    private PgOption() {
    }

    /** A copy to change one attribute of, while declaring. */
    @SuppressWarnings("unchecked")
    private PgOption<T> copy() {
        try {
            return (PgOption<T>) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Declares an option. {@code check} sees every value set (null included) and returns the value to
     * hold, or throws an {@link IllegalArgumentException} naming the option.
     */
    public static <T> PgOption<T> of(String name, T defaultValue, Coercion<T> coercion, UnaryOperator<T> check, String doc) {
        PgOption<T> o = new PgOption<>();
        o.order = DECLARED.getAndIncrement();
        o.name = name;
        o.builderName = name;
        o.defaultValue = defaultValue;
        o.coercion = coercion;
        o.check = check;
        o.doc = doc;
        return o;
    }

    /** An option of type {@code T} whose null value is refused, and whose values need no other check. */
    public static <T> PgOption<T> of(String name, T defaultValue, Coercion<T> coercion, String doc) {
        return of(name, defaultValue, coercion, v -> requireNonNull(name, v), doc);
    }

    public static PgOption<Boolean> bool(String name, boolean defaultValue, String doc) {
        return of(name, defaultValue, OptionCoercion::bool, doc);
    }

    /**
     * An int option of at least {@code min}; a smaller value is refused with "{@code name} {@code rule}, got
     * {@code value}", {@code rule} saying what is allowed (such as "must be at least 1").
     */
    public static PgOption<Integer> integer(String name, int defaultValue, int min, String rule, String doc) {
        return integer(name, defaultValue, v -> {
            if (v < min) {
                throw new IllegalArgumentException(name + " " + rule + ", got " + v);
            }
            return v;
        }, doc);
    }

    /** An int option; {@code check} validates the value. */
    public static PgOption<Integer> integer(String name, int defaultValue, UnaryOperator<Integer> check, String doc) {
        return of(name, defaultValue, OptionCoercion::integer, v -> check.apply(requireNonNull(name, v)), doc);
    }

    /** A String option without a NUL character; null restores {@code defaultValue} (which may be null: absent). */
    public static PgOption<String> string(String name, String defaultValue, String doc) {
        return of(name, defaultValue, OptionCoercion::string,
                v -> v == null ? defaultValue : OptionChecks.requireNoNul(name, v), doc);
    }

    /** A Duration option; {@code check} sees every value, null included. */
    public static PgOption<Duration> duration(String name, Duration defaultValue, UnaryOperator<Duration> check, String doc) {
        return of(name, defaultValue, OptionCoercion::duration, check, doc);
    }

    /** A timeout: zero or at least 1 ms, at most {@code maxMillis}; null refused with a hint at {@link Duration#ZERO}. */
    static PgOption<Duration> timeout(String name, Duration defaultValue, long maxMillis, String doc) {
        return duration(name, defaultValue, v -> {
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
        return duration(name, defaultValue, v -> OptionChecks.requireKeepAliveSeconds(name, requireNonNull(name, v)), doc)
                .typeText("Duration, whole seconds");
    }

    /** A session timeout that may be absent (the server's setting), of millisecond precision up to an int GUC's range. */
    static PgOption<Duration> sessionTimeout(String name, String doc) {
        return duration(name, null,
                v -> v == null ? null : OptionChecks.requireTimeout(name, v, PgfastConnectionConfiguration.MAX_TIMEOUT_MILLIS), doc)
                .optional().defaultDescribedAs("server setting");
    }

    /** An enum option parsed by {@code parse} from its String spelling (see {@link #spelledAs}); null refused. */
    public static <E extends Enum<E>> PgOption<E> enumeration(String name, E defaultValue, Class<E> type,
                                                             Function<String, E> parse, String doc) {
        return of(name, defaultValue, (n, v) -> OptionCoercion.enumeration(n, v, type, parse), doc);
    }

    /** A copy of this declaration with {@code change} made, in its place of the declaration order. */
    private PgOption<T> with(Consumer<PgOption<T>> change) {
        PgOption<T> c = copy();
        change.accept(c);
        return c;
    }

    /** Also accepted as libpq's keyword {@code keyword}; both with different values is an error. */
    PgOption<T> withLibpqName(String keyword) {
        return withAlias(keyword).with(c -> c.libpqName = keyword);
    }

    /** Accepted also as {@code alias} (another driver's name); both with different values is an error. */
    PgOption<T> withAlias(String alias) {
        List<String> all = new ArrayList<>(aliases);
        all.add(alias);
        return with(c -> c.aliases = List.copyOf(all));
    }

    /** The builder method and configuration getter are named {@code builderName}, not like the URL option. */
    PgOption<T> withBuilderName(String builderName) {
        return with(c -> c.builderName = builderName);
    }

    public PgOption<T> withForm(Form form) {
        return with(c -> c.form = form);
    }

    /** Its value is a secret: never shown in {@code toString} or messages, a sensitive R2DBC {@link Option}. */
    PgOption<T> sensitive() {
        return with(c -> c.sensitive = true);
    }

    /** Not part of the configuration's {@code toString} (objects set in code, whose text says nothing). */
    public PgOption<T> hidden() {
        return with(c -> c.shown = false);
    }

    /** A given value reaches the builder through {@code reader} (a builder method with more to do than store it). */
    PgOption<T> readBy(BiConsumer<PgfastConnectionConfigurationBuilder, Object> reader) {
        return with(c -> {
            c.reader = reader;
            c.generatedSetter = false;
        });
    }

    /** No slot of its own: another option holds it, {@code derived} reads it from there. */
    PgOption<T> derivedBy(Function<PgfastConnectionConfiguration, T> derived) {
        return with(c -> {
            c.derived = derived;
            c.shown = false;
            c.generatedSetter = false;
        });
    }

    /** {@code toString} of the configuration shows a value as {@code show} writes it (default {@code String.valueOf}). */
    public PgOption<T> shownAs(Function<? super T, String> show) {
        return with(c -> c.show = show);
    }

    /** A URL writes a value as {@code spelling} does (the documentation writes defaults and enum constants so). */
    public PgOption<T> spelledAs(Function<? super T, String> spelling) {
        return with(c -> c.spelling = spelling);
    }

    /**
     * What the documentation says after the doc line, in Markdown: OPTIONS.md shows it as it is, the Javadoc of the
     * generated methods with {@code `code`} as code.
     */
    public PgOption<T> details(String details) {
        return with(c -> c.details = details);
    }

    /** A value as a URL gives it, for OPTIONS.md; the tests set it in a URL and expect the configuration to change. */
    PgOption<T> example(String example) {
        return with(c -> c.example = example);
    }

    /** The type as OPTIONS.md says it (Markdown), where the Java type alone would mislead. */
    public PgOption<T> typeText(String typeText) {
        return with(c -> c.typeText = typeText);
    }

    /** The default as OPTIONS.md says it (Markdown), where it is no value to write down: computed, or the server's. */
    public PgOption<T> defaultDescribedAs(String description) {
        return with(c -> c.defaultDescription = description);
    }

    /** The R2DBC {@code Option} constant of the provider is typed {@code type}, a value code may give, not {@code T}. */
    PgOption<T> givenInCodeAs(Class<?> type) {
        return with(c -> c.givenInCodeAs = type);
    }

    /** The builder's hand-written methods {@code methods} set it too (OPTIONS.md lists them). */
    PgOption<T> alsoSetBy(String... methods) {
        return with(c -> c.alsoSetBy = List.of(methods));
    }

    /** The builder's typed methods for it are hand-written (they take other types, or do more): none is generated. */
    PgOption<T> withoutGeneratedSetter() {
        return with(c -> c.generatedSetter = false);
    }

    /** The configuration's getter for it is hand-written, or there is none: none is generated. */
    PgOption<T> withoutGeneratedGetter() {
        return with(c -> c.generatedGetter = false);
    }

    /** Absent unless set: its getter returns an {@code Optional}. */
    PgOption<T> optional() {
        return with(c -> c.optional = true);
    }

    /**
     * Every option that a static field of {@code owner} declares, in declaration order. Fields the caller's package
     * cannot see must be readable by this class (its own package).
     */
    public static List<PgOption<?>> declaredIn(Class<?> owner) {
        List<PgOption<?>> options = new ArrayList<>();
        for (Field f : owner.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == PgOption.class) {
                try {
                    options.add((PgOption<?>) f.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(owner.getName() + "." + f.getName() + " cannot be read", e);
                }
            }
        }
        options.sort(Comparator.comparingInt(o -> o.order));
        return List.copyOf(options);
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

    /** The builder method's (and configuration getter's) name; usually {@link #name()}. */
    public String builderName() {
        return builderName;
    }

    /** Other spellings accepted in a URL or {@code ConnectionFactoryOptions}, such as libpq's keyword. */
    public List<String> aliases() {
        return aliases;
    }

    /** libpq's keyword for it, or null. */
    String libpqName() {
        return libpqName;
    }

    /** The value when none is set; null for "absent". */
    public T defaultValue() {
        return defaultValue;
    }

    /** One line, no final period: the metadata of Boot's properties and the start of every other text about it. */
    public String doc() {
        return doc;
    }

    /** See {@link #details(String)}; null for none. */
    String details() {
        return details;
    }

    String example() {
        return example;
    }

    String typeText() {
        return typeText;
    }

    /**
     * The default as a URL or a property writes it ({@code 10s}, {@code true}, {@code 256}); null when there is none to
     * write: no default, or one its declaration describes in words instead ({@link #defaultDescribedAs}).
     */
    public String defaultText() {
        return defaultDescription != null || defaultValue == null ? null : spell(defaultValue);
    }

    /** The default as OPTIONS.md says it, where no value can: null when {@link #defaultText()} says it. */
    String defaultDescription() {
        return defaultDescription;
    }

    /** {@code value} as a URL writes it: durations with the largest whole unit ({@code 500ms}, {@code 30m}). */
    String spell(T value) {
        if (spelling != null) {
            return spelling.apply(value);
        }
        if (value instanceof Duration) {
            return OptionCoercion.durationText((Duration) value);
        }
        return String.valueOf(value);
    }

    /** The type of the provider's R2DBC {@code Option} constant, or null for the option's own type. */
    Class<?> givenInCodeAs() {
        return givenInCodeAs;
    }

    List<String> alsoSetBy() {
        return alsoSetBy;
    }

    boolean hasGeneratedSetter() {
        return generatedSetter;
    }

    boolean hasGeneratedGetter() {
        return generatedGetter;
    }

    boolean isOptional() {
        return optional;
    }

    public Form form() {
        return form;
    }

    public boolean isSensitive() {
        return sensitive;
    }

    /** Whether the configuration's {@code toString} shows it ({@code <hidden>} if sensitive). */
    public boolean isShown() {
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

    /**
     * Applies a value given in {@code ConnectionFactoryOptions} or a property (a String or a typed object) to the
     * builder, checked there.
     *
     * @throws IllegalArgumentException naming the option when the value does not fit it
     */
    public void applyTo(ConfigurationBuilder builder, Object value) {
        if (form == Form.BUILDER) {
            throw new IllegalStateException(name + " is set on the builder only");
        }
        if (reader != null) {
            // readBy is declared for connection options only
            reader.accept((PgfastConnectionConfigurationBuilder) builder, value);
        } else {
            builder.set(this, coerce(value));
        }
    }

    /** The value {@code values} (option values by name, as a builder holds them) has for this option, else its default. */
    @SuppressWarnings("unchecked")
    public T valueIn(Map<String, Object> values) {
        return (T) values.getOrDefault(name, defaultValue);
    }

    /** The value to hold for {@code value}, checked; throws an {@link IllegalArgumentException} naming the option. */
    public T check(T value) {
        if (derived != null) {
            throw new IllegalStateException(name + " has no value of its own; set it with its builder method");
        }
        return check.apply(value);
    }

    T derive(PgfastConnectionConfiguration configuration) {
        return derived.apply(configuration);
    }

    /** How {@code toString} shows {@code value}. */
    public String show(T value) {
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
