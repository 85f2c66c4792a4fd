package io.pgfast.security;

/**
 * A class no code names except by the string {@link #NAME}: if a connection option's value were ever turned
 * into a class and initialized or instantiated, {@link #PROPERTY} would say so.
 */
public final class OptionCanary {

    static final String NAME = "io.pgfast.security.OptionCanary";
    static final String PROPERTY = "pgfast.security.optionCanary";

    static {
        System.setProperty(PROPERTY, "initialized");
    }

    public OptionCanary() {
        System.setProperty(PROPERTY, "instantiated");
    }
}
