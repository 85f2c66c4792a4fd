package io.r2dbc.postgresql.codec;

/**
 * A PostgreSQL {@code box}: a rectangle given by two opposite corners, kept in the order given. The server
 * stores the upper right corner first, so a box read back may list its corners the other way round; two boxes
 * with the same two corners in either order are equal. Immutable.
 */
public final class Box {

    private final Point a;
    private final Point b;

    private Box(Point a, Point b) {
        this.a = a;
        this.b = b;
    }

    /**
     * The box with corners {@code a} and {@code b}.
     *
     * @throws IllegalArgumentException if a corner is null
     */
    public static Box of(Point a, Point b) {
        return new Box(Checks.notNull(a, "point A"), Checks.notNull(b, "point B"));
    }

    /** The box with corners {@code (x1,y1)} and {@code (x2,y2)}. */
    public static Box of(double x1, double y1, double x2, double y2) {
        return new Box(Point.of(x1, y1), Point.of(x2, y2));
    }

    public Point getA() {
        return a;
    }

    public Point getB() {
        return b;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Box)) {
            return false;
        }
        Box other = (Box) o;
        return a.equals(other.a) && b.equals(other.b) || a.equals(other.b) && b.equals(other.a);
    }

    /** Symmetric in the corners, as {@link #equals} is. */
    @Override
    public int hashCode() {
        return a.hashCode() + b.hashCode();
    }

    /** The box in PostgreSQL's notation, {@code ((x1,y1),(x2,y2))}. */
    @Override
    public String toString() {
        return "(" + a + "," + b + ")";
    }
}
