package io.r2dbc.postgresql.codec;

/**
 * A PostgreSQL {@code circle}: a center and a radius, written {@code <(x,y),r>}. The radius is not checked
 * here; the server refuses a negative one. Immutable.
 */
public final class Circle {

    private final Point center;
    private final double radius;

    private Circle(Point center, double radius) {
        this.center = center;
        this.radius = radius;
    }

    /**
     * The circle around {@code center}.
     *
     * @throws IllegalArgumentException if {@code center} is null
     */
    public static Circle of(Point center, double radius) {
        return new Circle(Checks.notNull(center, "center"), radius);
    }

    /** The circle around {@code (x,y)}. */
    public static Circle of(double x, double y, double radius) {
        return new Circle(Point.of(x, y), radius);
    }

    public Point getCenter() {
        return center;
    }

    public double getRadius() {
        return radius;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Circle && ((Circle) o).center.equals(center) && ((Circle) o).radius == radius;
    }

    @Override
    public int hashCode() {
        return 31 * center.hashCode() + Point.hash(radius);
    }

    /** The circle in PostgreSQL's notation, {@code <(x,y),r>}. */
    @Override
    public String toString() {
        return "<" + center + "," + radius + ">";
    }
}
