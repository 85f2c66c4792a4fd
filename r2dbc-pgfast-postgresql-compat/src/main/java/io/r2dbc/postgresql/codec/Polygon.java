package io.r2dbc.postgresql.codec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A PostgreSQL {@code polygon}, its vertices in order, written {@code ((x1,y1),...)}. Immutable; the points are
 * copied. The server needs at least one point.
 */
public final class Polygon {

    private final List<Point> points;

    private Polygon(List<Point> points) {
        this.points = points;
    }

    /** @throws IllegalArgumentException if {@code points} or one of them is null */
    public static Polygon of(List<Point> points) {
        return new Polygon(copy(points));
    }

    /** @throws IllegalArgumentException if {@code points} or one of them is null */
    public static Polygon of(Point... points) {
        return of(Arrays.asList(Checks.notNull(points, "points")));
    }

    /** The points, unmodifiable. */
    public List<Point> getPoints() {
        return points;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Polygon && ((Polygon) o).points.equals(points);
    }

    @Override
    public int hashCode() {
        return points.hashCode();
    }

    /** The polygon in PostgreSQL's notation, {@code ((x1,y1),...)}. */
    @Override
    public String toString() {
        return "(" + join(points) + ")";
    }

    /** An unmodifiable copy, refusing nulls with the exception the API documents. */
    static List<Point> copy(List<Point> points) {
        Checks.notNull(points, "points");
        List<Point> copy = new ArrayList<>(points.size());
        for (Point p : points) {
            copy.add(Checks.notNull(p, "point"));
        }
        return Collections.unmodifiableList(copy);
    }

    static String join(List<Point> points) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < points.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(points.get(i));
        }
        return out.toString();
    }
}
