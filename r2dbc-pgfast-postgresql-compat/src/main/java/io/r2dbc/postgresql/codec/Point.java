package io.r2dbc.postgresql.codec;

/**
 * A PostgreSQL {@code point}, {@code (x,y)}. Immutable. Coordinates compare with {@code ==}, as the server's
 * {@code ~=} does for exact values: {@code 0.0} equals {@code -0.0}, NaN equals nothing.
 */
public final class Point {

    private final double x;
    private final double y;

    private Point(double x, double y) {
        this.x = x;
        this.y = y;
    }

    /** The point {@code (x,y)}. */
    public static Point of(double x, double y) {
        return new Point(x, y);
    }

    public double getX() {
        return x;
    }

    public double getY() {
        return y;
    }

    /** This point moved by {@code (x,y)}. */
    public Point translate(int x, int y) {
        return translate((double) x, (double) y);
    }

    /** This point moved by {@code (x,y)}. */
    public Point translate(double x, double y) {
        return new Point(this.x + x, this.y + y);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Point && ((Point) o).x == x && ((Point) o).y == y;
    }

    @Override
    public int hashCode() {
        return 31 * hash(x) + hash(y);
    }

    /** A hash that agrees with {@code ==}: {@code 0.0} and {@code -0.0} hash alike. */
    static int hash(double value) {
        return value == 0 ? 0 : Double.hashCode(value);
    }

    /** The point in PostgreSQL's notation, {@code (x,y)}. */
    @Override
    public String toString() {
        return "(" + x + "," + y + ")";
    }
}
