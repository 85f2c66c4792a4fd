package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecException;
import java.lang.reflect.Array;

/**
 * The dimensions of a Java array about to be encoded as a PostgreSQL array: PostgreSQL arrays are
 * rectangular, so every sub-array of one level must have the same length and none may be null.
 */
final class JavaArrayShape {

    private JavaArrayShape() {
    }

    /**
     * The number of PostgreSQL array levels of a class: 2 for {@code int[][]}, 0 for a non-array
     * class. {@code byte[]} is a bytea value, not an array, so {@code byte[][]} has one level.
     */
    static int depth(Class<?> c) {
        int d = 0;
        while (c.isArray() && c != byte[].class) {
            c = c.getComponentType();
            d++;
        }
        return d;
    }

    /** The element class: {@code int} for {@code int[][]}, {@code byte[]} for {@code byte[][]}. */
    static Class<?> leafClass(Class<?> c) {
        while (c.isArray() && c != byte[].class) {
            c = c.getComponentType();
        }
        return c;
    }

    /**
     * The length of each of the {@code depth} levels, after checking the whole array is
     * rectangular; all-zero-length results mean an empty PostgreSQL array.
     *
     * @throws CodecException if a sub-array is null or its length differs from its siblings'
     */
    static int[] dimensions(Object array, int depth, String typeName) {
        if (depth > ArrayTarget.MAX_DIMENSIONS) {
            throw new CodecException(typeName + ": PostgreSQL arrays have at most " + ArrayTarget.MAX_DIMENSIONS + " dimensions");
        }
        int[] dims = new int[depth];
        Object level = array;
        for (int d = 0; d < depth; d++) {
            dims[d] = Array.getLength(level);
            if (dims[d] == 0 || d == depth - 1) {
                break;
            }
            level = ((Object[]) level)[0];
            if (level == null) {
                throw new CodecException(typeName + ": a sub-array is null; PostgreSQL arrays are rectangular");
            }
        }
        check(array, 0, dims, typeName);
        return dims;
    }

    /** Whether the array has no elements at all (then it is sent as the 0-dimensional {@code {}}). */
    static boolean isEmpty(int[] dims) {
        for (int d : dims) {
            if (d == 0) {
                return true;
            }
        }
        return dims.length == 0;
    }

    private static void check(Object array, int level, int[] dims, String typeName) {
        if (array == null) {
            throw new CodecException(typeName + ": a sub-array is null; PostgreSQL arrays are rectangular");
        }
        int len = Array.getLength(array);
        if (len != dims[level]) {
            throw new CodecException(typeName + ": sub-arrays of dimension " + (level + 1) + " have lengths "
                    + dims[level] + " and " + len + "; PostgreSQL arrays are rectangular");
        }
        if (level + 1 < dims.length) {
            for (Object sub : (Object[]) array) {
                check(sub, level + 1, dims, typeName);
            }
        }
    }
}
