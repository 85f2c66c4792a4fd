package io.r2dbc.postgresql.codec;

/** Argument checks that fail as r2dbc-postgresql documents: IllegalArgumentException, naming the argument. */
final class Checks {

    private Checks() {
    }

    static <T> T notNull(T value, String name) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return value;
    }
}
