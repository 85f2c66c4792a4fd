package io.pgfast.codec.type;

import java.util.Objects;

/**
 * A PostgreSQL {@code circle}: a center point and a radius, written {@code <(x,y),r>}
 * ("Geometric Types", section 8.8.7). The radius cannot be negative (the server rejects it).
 *
 * @param center the center point
 * @param radius the radius, zero or more
 */
public record Circle(Point center, double radius) {

    /**
     * @throws IllegalArgumentException if the radius is negative
     */
    public Circle {
        Objects.requireNonNull(center, "center");
        if (radius < 0) {
            throw new IllegalArgumentException("invalid circle: negative radius " + radius);
        }
    }

    /** The circle in PostgreSQL's output notation, {@code <(x,y),r>}. */
    @Override
    public String toString() {
        return "<" + center + "," + radius + ">";
    }
}
