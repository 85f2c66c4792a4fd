package io.r2dbc.postgresql.codec;

import java.util.Arrays;
import java.util.Collection;

/**
 * A pgvector {@code vector}: an array of float4 values, written {@code [1.0,2.5]}. Immutable: the values are
 * copied in and out. The driver sends it as the database's {@code vector} type; pgvector refuses an empty
 * vector and non-finite values, which are not checked here.
 */
public class Vector {

    private static final Vector EMPTY = new Vector(new float[0]);

    private final float[] values;

    private Vector(float[] values) {
        this.values = values;
    }

    /** The vector without dimensions. */
    public static Vector empty() {
        return EMPTY;
    }

    /**
     * A vector of {@code values}, copied.
     *
     * @throws IllegalArgumentException if {@code values} is null
     */
    public static Vector of(float... values) {
        return new Vector(Checks.notNull(values, "values").clone());
    }

    /**
     * A vector of the numbers' float values.
     *
     * @throws IllegalArgumentException if {@code values} or one of them is null
     */
    public static Vector of(Collection<? extends Number> values) {
        Checks.notNull(values, "values");
        float[] copy = new float[values.size()];
        int i = 0;
        for (Number n : values) {
            copy[i++] = Checks.notNull(n, "value").floatValue();
        }
        return new Vector(copy);
    }

    /** The values, a fresh copy. */
    public float[] getVector() {
        return values.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Vector && Arrays.equals(((Vector) o).values, values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    /** The vector in pgvector's notation, {@code [1.0,2.5]}. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(values[i]);
        }
        return out.append(']').toString();
    }
}
