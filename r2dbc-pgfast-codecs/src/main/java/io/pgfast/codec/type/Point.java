package io.pgfast.codec.type;

/**
 * A PostgreSQL {@code point}: {@code (x,y)} as two float8 values ("Geometric Types", section 8.8.1).
 *
 * <p>Equality compares the coordinates exactly, as {@link Double#compare} does (so NaN equals NaN
 * and -0.0 differs from 0.0); the server's {@code ~=} operator instead tolerates a small epsilon.
 *
 * @param x the x coordinate
 * @param y the y coordinate
 */
public record Point(double x, double y) {

    /** The point in PostgreSQL's output notation, {@code (x,y)}. */
    @Override
    public String toString() {
        return "(" + x + "," + y + ")";
    }
}
