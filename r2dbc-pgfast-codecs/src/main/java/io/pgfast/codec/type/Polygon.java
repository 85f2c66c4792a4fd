package io.pgfast.codec.type;

import java.util.List;

/**
 * A PostgreSQL {@code polygon}: its vertices in order, at least one, written
 * {@code ((x1,y1),...)} ("Geometric Types", section 8.8.6).
 */
public final class Polygon {

    private final List<Point> points;

    private Polygon(List<Point> points) {
        if (points.isEmpty()) {
            throw new IllegalArgumentException("invalid polygon: it needs at least one point");
        }
        this.points = points;
    }

    /** A polygon with these vertices (copied; at least one, none null). */
    public static Polygon of(List<Point> points) {
        return new Polygon(List.copyOf(points));
    }

    /** A polygon with these vertices (at least one, none null). */
    public static Polygon of(Point... points) {
        return new Polygon(List.of(points));
    }

    /** The vertices, unmodifiable, in order. */
    public List<Point> points() {
        return points;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof Polygon && points.equals(((Polygon) o).points));
    }

    @Override
    public int hashCode() {
        return points.hashCode();
    }

    /** The polygon in PostgreSQL's output notation, {@code ((x1,y1),...)}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < points.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(points.get(i));
        }
        return sb.append(')').toString();
    }
}
