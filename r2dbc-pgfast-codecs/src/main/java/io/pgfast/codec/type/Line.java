package io.pgfast.codec.type;

/**
 * A PostgreSQL {@code line}: the infinite line {@code Ax + By + C = 0}, written {@code {A,B,C}}
 * ("Geometric Types", section 8.8.2). A and B cannot both be zero (the server rejects such a line).
 *
 * @param a the coefficient A
 * @param b the coefficient B
 * @param c the constant C
 */
public record Line(double a, double b, double c) {

    /**
     * @throws IllegalArgumentException if A and B are both zero, which is not a line
     */
    public Line {
        if (a == 0.0 && b == 0.0) {
            throw new IllegalArgumentException("invalid line: A and B cannot both be zero");
        }
    }

    /** The line in PostgreSQL's output notation, {@code {A,B,C}}. */
    @Override
    public String toString() {
        return "{" + a + "," + b + "," + c + "}";
    }
}
