package io.pgfast.codec.type;

import java.util.Objects;

/**
 * A PostgreSQL {@code lseg}: the line segment between two end points, written
 * {@code [(x1,y1),(x2,y2)]} ("Geometric Types", section 8.8.3). The end points keep their order.
 *
 * @param start the first end point
 * @param end the second end point
 */
public record LineSegment(Point start, Point end) {

    public LineSegment {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
    }

    /** The segment in PostgreSQL's output notation, {@code [(x1,y1),(x2,y2)]}. */
    @Override
    public String toString() {
        return "[" + start + "," + end + "]";
    }
}
