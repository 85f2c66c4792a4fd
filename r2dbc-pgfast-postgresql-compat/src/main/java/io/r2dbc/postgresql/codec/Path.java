package io.r2dbc.postgresql.codec;

import java.util.Arrays;
import java.util.List;

/**
 * A PostgreSQL {@code path}: points joined in order, open ({@code [p1,...]}) or closed ({@code (p1,...)}).
 * Immutable; the points are copied. The server needs at least one point.
 */
public final class Path {

    private final boolean open;
    private final List<Point> points;

    private Path(boolean open, List<Point> points) {
        this.open = open;
        this.points = points;
    }

    /** @throws IllegalArgumentException if {@code points} or one of them is null */
    public static Path open(List<Point> points) {
        return of(true, points);
    }

    /** @throws IllegalArgumentException if {@code points} or one of them is null */
    public static Path closed(List<Point> points) {
        return of(false, points);
    }

    /**
     * An open path when {@code open}, else a closed one.
     *
     * @throws IllegalArgumentException if {@code points} or one of them is null
     */
    public static Path of(boolean open, List<Point> points) {
        return new Path(open, Polygon.copy(points));
    }

    /** @throws IllegalArgumentException if {@code points} or one of them is null */
    public static Path open(Point... points) {
        return of(true, points);
    }

    /** @throws IllegalArgumentException if {@code points} or one of them is null */
    public static Path closed(Point... points) {
        return of(false, points);
    }

    /** @throws IllegalArgumentException if {@code points} or one of them is null */
    public static Path of(boolean open, Point... points) {
        return of(open, Arrays.asList(Checks.notNull(points, "points")));
    }

    public boolean isOpen() {
        return open;
    }

    /** The points, unmodifiable. */
    public List<Point> getPoints() {
        return points;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Path && ((Path) o).open == open && ((Path) o).points.equals(points);
    }

    @Override
    public int hashCode() {
        return 31 * Boolean.hashCode(open) + points.hashCode();
    }

    /** The path in PostgreSQL's notation, {@code [(x1,y1),...]} when open, {@code ((x1,y1),...)} when closed. */
    @Override
    public String toString() {
        String inner = Polygon.join(points);
        return open ? "[" + inner + "]" : "(" + inner + ")";
    }
}
