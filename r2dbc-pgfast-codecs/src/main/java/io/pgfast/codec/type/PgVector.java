package io.pgfast.codec.type;

import java.util.Arrays;

/**
 * A pgvector {@code vector}: a dense vector of {@code float}s, immutable. Reads and binds as the
 * {@code vector} type ({@code halfvec} reads as it too, widened); {@code float[]} is the other Java form of both.
 *
 * <p>pgvector's limits hold for every instance: 1 to {@value #MAX_DIMENSIONS} dimensions, every element
 * finite (the server refuses NaN and infinity).
 */
public final class PgVector {

    /** {@code VECTOR_MAX_DIM} of pgvector's vector.h. */
    public static final int MAX_DIMENSIONS = 16000;

    private final float[] values;

    private PgVector(float[] values) {
        checkDimensions(values.length, MAX_DIMENSIONS, "vector");
        for (int i = 0; i < values.length; i++) {
            checkElement(values[i], i, "vector");
        }
        this.values = values;
    }

    /**
     * A vector of a copy of {@code values}.
     *
     * @throws IllegalArgumentException without elements, with more than {@value #MAX_DIMENSIONS}, or with a
     *         NaN or infinite element
     */
    public static PgVector of(float... values) {
        return new PgVector(values.clone());
    }

    /** The number of dimensions. */
    public int dimensions() {
        return values.length;
    }

    /** The element at 0-based {@code index}. */
    public float get(int index) {
        return values[index];
    }

    /** A copy of the elements. */
    public float[] toArray() {
        return values.clone();
    }

    static void checkDimensions(int dimensions, int max, String type) {
        if (dimensions < 1 || dimensions > max) {
            throw new IllegalArgumentException("a " + type + " has 1 to " + max + " dimensions, not " + dimensions);
        }
    }

    static void checkElement(float value, int index, String type) {
        if (Float.isNaN(value) || Float.isInfinite(value)) {
            throw new IllegalArgumentException("a " + type + " holds finite numbers only, element " + index + " is " + value);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PgVector && Arrays.equals(values, ((PgVector) o).values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    /** The elements in pgvector's bracket notation with Java's float digits, {@code [1.5,2.0,3.0]}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(values.length * 6 + 2).append('[');
        for (int i = 0; i < values.length; i++) {
            s.append(i == 0 ? "" : ",").append(values[i]);
        }
        return s.append(']').toString();
    }
}
