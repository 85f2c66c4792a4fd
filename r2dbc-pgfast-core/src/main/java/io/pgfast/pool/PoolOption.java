package io.pgfast.pool;

import io.r2dbc.spi.Option;

import java.util.function.BiConsumer;

/**
 * One option of the pool, declared once in {@link PoolOptions}: its name (the URL and {@code ConnectionFactoryOptions}
 * name, r2dbc-pool's where it has one), how a URL string or a typed value becomes its Java type (an
 * {@code io.pgfast.config.OptionCoercion} method), the builder method it sets, its default as OPTIONS.md shows it, and
 * its doc line. The pool's URL provider and the OPTIONS.md table work from these declarations.
 *
 * @param <T> the option's Java type
 */
public final class PoolOption<T> {

    /** Turns a value given as a String (URL) or a typed object (code) into the option's type. */
    @FunctionalInterface
    interface Coercion<T> {
        /** @throws IllegalArgumentException naming {@code name} when {@code value} does not fit */
        T coerce(String name, Object value);
    }

    private final String name;
    private final Coercion<T> coercion;
    private final BiConsumer<PgfastPoolConfiguration.Builder, T> setter;
    private final String defaultText;
    private final String doc;

    PoolOption(String name, Coercion<T> coercion, BiConsumer<PgfastPoolConfiguration.Builder, T> setter, String defaultText, String doc) {
        this.name = name;
        this.coercion = coercion;
        this.setter = setter;
        this.defaultText = defaultText;
        this.doc = doc;
    }

    /** The URL and {@code ConnectionFactoryOptions} name, also the builder method's. */
    public String name() {
        return name;
    }

    /** The default as OPTIONS.md shows it. */
    public String defaultText() {
        return defaultText;
    }

    public String doc() {
        return doc;
    }

    /** This option as an R2DBC {@link Option}. */
    @SuppressWarnings("unchecked")
    public <O> Option<O> r2dbcOption() {
        return (Option<O>) Option.valueOf(name);
    }

    /**
     * Applies a given value (a String as in a URL, or a typed object) to {@code builder}, checked there.
     *
     * @throws IllegalArgumentException naming the option when the value does not fit it
     */
    public void applyTo(PgfastPoolConfiguration.Builder builder, Object value) {
        setter.accept(builder, coercion.coerce(name, value));
    }

    @Override
    public String toString() {
        return name;
    }
}
