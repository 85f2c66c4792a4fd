package io.pgfast.codec.type;

import java.util.List;

/**
 * A PostgreSQL {@code path}: a list of at least one point, either open ({@code [(x1,y1),...]}: the
 * last point is not connected to the first) or closed ({@code ((x1,y1),...)})
 * ("Geometric Types", section 8.8.5).
 */
public final class Path {

    private final List<Point> points;
    private final boolean closed;

    private Path(List<Point> points, boolean closed) {
        if (points.isEmpty()) {
            throw new IllegalArgumentException("invalid path: it needs at least one point");
        }
        this.points = points;
        this.closed = closed;
    }

    /** An open path through these points (copied; at least one, none null). */
    public static Path open(List<Point> points) {
        return new Path(List.copyOf(points), false);
    }

    /** An open path through these points (at least one, none null). */
    public static Path open(Point... points) {
        return new Path(List.of(points), false);
    }

    /** A closed path through these points (copied; at least one, none null). */
    public static Path closed(List<Point> points) {
        return new Path(List.copyOf(points), true);
    }

    /** A closed path through these points (at least one, none null). */
    public static Path closed(Point... points) {
        return new Path(List.of(points), true);
    }

    /** The points, unmodifiable, in order. */
    public List<Point> points() {
        return points;
    }

    /** Whether the last point connects back to the first. */
    public boolean isClosed() {
        return closed;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Path)) {
            return false;
        }
        Path other = (Path) o;
        return closed == other.closed && points.equals(other.points);
    }

    @Override
    public int hashCode() {
        return 31 * points.hashCode() + Boolean.hashCode(closed);
    }

    /** The path in PostgreSQL's output notation: {@code [(x1,y1),...]} open, {@code ((x1,y1),...)} closed. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(closed ? "(" : "[");
        for (int i = 0; i < points.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(points.get(i));
        }
        return sb.append(closed ? ")" : "]").toString();
    }
}
