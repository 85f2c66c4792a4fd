package io.r2dbc.postgresql.codec;

/**
 * A PostgreSQL {@code line}, infinite, as the equation {@code Ax + By + C = 0} and written {@code {A,B,C}}.
 * The server refuses A and B both zero; that is not checked here. Immutable.
 */
public final class Line {

    private final double a;
    private final double b;
    private final double c;

    private Line(double a, double b, double c) {
        this.a = a;
        this.b = b;
        this.c = c;
    }

    /** The line {@code ax + by + c = 0}. */
    public static Line of(double a, double b, double c) {
        return new Line(a, b, c);
    }

    /**
     * The line through {@code p1} and {@code p2}, with the coefficients the server computes for
     * {@code line(point, point)}: {@code {-1,0,x}} for a vertical line, else {@code {m,-1,y1 - m·x1}} for the
     * slope {@code m}.
     *
     * @throws IllegalArgumentException if a point is null
     */
    public static Line of(Point p1, Point p2) {
        Checks.notNull(p1, "p1");
        Checks.notNull(p2, "p2");
        return of(p1.getX(), p1.getY(), p2.getX(), p2.getY());
    }

    /** The line through {@code (x1,y1)} and {@code (x2,y2)}; see {@link #of(Point, Point)}. */
    public static Line of(double x1, double y1, double x2, double y2) {
        if (x1 == x2) {
            return new Line(-1, 0, x1);
        }
        double slope = (y2 - y1) / (x2 - x1);
        return new Line(slope, -1, y1 - slope * x1);
    }

    public double getA() {
        return a;
    }

    public double getB() {
        return b;
    }

    public double getC() {
        return c;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Line)) {
            return false;
        }
        Line other = (Line) o;
        return other.a == a && other.b == b && other.c == c;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Point.hash(a) + Point.hash(b)) + Point.hash(c);
    }

    /** The line in PostgreSQL's notation, {@code {A,B,C}}. */
    @Override
    public String toString() {
        return "{" + a + "," + b + "," + c + "}";
    }
}
