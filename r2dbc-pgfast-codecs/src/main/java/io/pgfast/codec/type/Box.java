package io.pgfast.codec.type;

import java.util.Objects;

/**
 * A PostgreSQL {@code box}: a rectangle given by its upper right and lower left corners, written
 * {@code (x1,y1),(x2,y2)} ("Geometric Types", section 8.8.4).
 *
 * <p>Like the server, the constructor reorders the coordinates so that {@link #upperRight()} holds
 * the larger x and y and {@link #lowerLeft()} the smaller ones, whichever opposite corners are
 * given; a box read back from the server therefore equals the box that was sent.
 *
 * @param upperRight the corner with the larger coordinates
 * @param lowerLeft the corner with the smaller coordinates
 */
public record Box(Point upperRight, Point lowerLeft) {

    public Box {
        Objects.requireNonNull(upperRight, "upperRight");
        Objects.requireNonNull(lowerLeft, "lowerLeft");
        if (upperRight.x() < lowerLeft.x() || upperRight.y() < lowerLeft.y()) {
            Point high = new Point(Math.max(upperRight.x(), lowerLeft.x()), Math.max(upperRight.y(), lowerLeft.y()));
            Point low = new Point(Math.min(upperRight.x(), lowerLeft.x()), Math.min(upperRight.y(), lowerLeft.y()));
            upperRight = high;
            lowerLeft = low;
        }
    }

    /** The box in PostgreSQL's output notation, {@code (x1,y1),(x2,y2)}, upper right corner first. */
    @Override
    public String toString() {
        return upperRight + "," + lowerLeft;
    }
}
