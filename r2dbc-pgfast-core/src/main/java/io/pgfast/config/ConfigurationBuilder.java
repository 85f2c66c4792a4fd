package io.pgfast.config;

/**
 * A builder of a configuration, connection's or pool's: what a declared option's value is set on
 * ({@link PgOption#applyTo}).
 */
public interface ConfigurationBuilder {

    /**
     * Sets {@code option} to {@code value}, which passes the option's check first (null restores the default where
     * the option allows it).
     *
     * @throws IllegalArgumentException naming the option if the value is refused
     */
    <T> ConfigurationBuilder set(PgOption<T> option, T value);
}
