package io.r2dbc.postgresql.codec;

/** A PostgreSQL {@code lseg}, a line segment between two points, written {@code [(x1,y1),(x2,y2)]}. Immutable. */
public final class Lseg {

    private final Point p1;
    private final Point p2;

    private Lseg(Point p1, Point p2) {
        this.p1 = p1;
        this.p2 = p2;
    }

    /**
     * The segment from {@code p1} to {@code p2}.
     *
     * @throws IllegalArgumentException if a point is null
     */
    public static Lseg of(Point p1, Point p2) {
        return new Lseg(Checks.notNull(p1, "p1"), Checks.notNull(p2, "p2"));
    }

    /** The segment from {@code (x1,y1)} to {@code (x2,y2)}. */
    public static Lseg of(double x1, double y1, double x2, double y2) {
        return new Lseg(Point.of(x1, y1), Point.of(x2, y2));
    }

    public Point getP1() {
        return p1;
    }

    public Point getP2() {
        return p2;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Lseg && ((Lseg) o).p1.equals(p1) && ((Lseg) o).p2.equals(p2);
    }

    @Override
    public int hashCode() {
        return 31 * p1.hashCode() + p2.hashCode();
    }

    /** The segment in PostgreSQL's notation, {@code [(x1,y1),(x2,y2)]}. */
    @Override
    public String toString() {
        return "[" + p1 + "," + p2 + "]";
    }
}
