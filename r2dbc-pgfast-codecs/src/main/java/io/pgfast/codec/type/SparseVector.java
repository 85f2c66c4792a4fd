package io.pgfast.codec.type;

import java.util.Arrays;

/**
 * A pgvector {@code sparsevec}: a vector of {@link #dimensions()} floats of which only the non-zero ones are
 * held, as strictly increasing 0-based {@link #indices()} and their {@link #values()}. Immutable.
 *
 * <p>Indices are 0-based here as in pgvector's binary format and its Java client; the text form
 * ({@code {1:1.5,3:2}/5}, from {@link #toString()}) counts from 1, as the server prints it.
 *
 * <p>pgvector's limits hold for every instance: 1 to {@value #MAX_DIMENSIONS} dimensions, at most
 * {@value #MAX_NON_ZEROS} non-zero elements, every value finite and not zero.
 */
public final class SparseVector {

    /** {@code SPARSEVEC_MAX_DIM} of pgvector's sparsevec.h. */
    public static final int MAX_DIMENSIONS = 1_000_000_000;
    /** {@code SPARSEVEC_MAX_NNZ} of pgvector's sparsevec.h. */
    public static final int MAX_NON_ZEROS = 16000;

    private final int dimensions;
    private final int[] indices;
    private final float[] values;

    private SparseVector(int dimensions, int[] indices, float[] values) {
        PgVector.checkDimensions(dimensions, MAX_DIMENSIONS, "sparsevec");
        if (indices.length != values.length) {
            throw new IllegalArgumentException(indices.length + " indices but " + values.length + " values");
        }
        if (indices.length > MAX_NON_ZEROS) {
            throw new IllegalArgumentException("a sparsevec holds at most " + MAX_NON_ZEROS + " non-zero elements, not " + indices.length);
        }
        for (int i = 0; i < indices.length; i++) {
            if (indices[i] < 0 || indices[i] >= dimensions || (i > 0 && indices[i] <= indices[i - 1])) {
                throw new IllegalArgumentException("sparsevec indices must increase strictly within [0, " + dimensions
                        + "), index " + i + " is " + indices[i]);
            }
            PgVector.checkElement(values[i], i, "sparsevec");
            if (values[i] == 0) {
                throw new IllegalArgumentException("a sparsevec holds non-zero values only, value " + i + " is 0");
            }
        }
        this.dimensions = dimensions;
        this.indices = indices;
        this.values = values;
    }

    /**
     * A sparse vector of copies of {@code indices} (0-based, strictly increasing) and their {@code values}.
     *
     * @throws IllegalArgumentException if the arrays differ in length or break pgvector's limits
     */
    public static SparseVector of(int dimensions, int[] indices, float[] values) {
        return new SparseVector(dimensions, indices.clone(), values.clone());
    }

    /** The sparse form of a dense vector: its non-zero elements. */
    public static SparseVector fromDense(float... dense) {
        int count = 0;
        for (float v : dense) {
            count += v != 0 ? 1 : 0;
        }
        int[] indices = new int[count];
        float[] values = new float[count];
        for (int i = 0, j = 0; i < dense.length; i++) {
            if (dense[i] != 0) {
                indices[j] = i;
                values[j++] = dense[i];
            }
        }
        return new SparseVector(dense.length, indices, values);
    }

    /** The number of dimensions, zeros included. */
    public int dimensions() {
        return dimensions;
    }

    /** A copy of the 0-based indices of the non-zero elements, increasing. */
    public int[] indices() {
        return indices.clone();
    }

    /** A copy of the non-zero elements, in the order of {@link #indices()}. */
    public float[] values() {
        return values.clone();
    }

    /** The number of non-zero elements. */
    public int nonZeros() {
        return indices.length;
    }

    /** The dense form, zeros included. */
    public float[] toArray() {
        float[] dense = new float[dimensions];
        for (int i = 0; i < indices.length; i++) {
            dense[indices[i]] = values[i];
        }
        return dense;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SparseVector)) {
            return false;
        }
        SparseVector other = (SparseVector) o;
        return dimensions == other.dimensions && Arrays.equals(indices, other.indices) && Arrays.equals(values, other.values);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * dimensions + Arrays.hashCode(indices)) + Arrays.hashCode(values);
    }

    /** pgvector's text form, 1-based, with Java's float digits: {@code {1:1.5,3:2.0}/5}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(indices.length * 8 + 8).append('{');
        for (int i = 0; i < indices.length; i++) {
            s.append(i == 0 ? "" : ",").append(indices[i] + 1).append(':').append(values[i]);
        }
        return s.append("}/").append(dimensions).toString();
    }
}
