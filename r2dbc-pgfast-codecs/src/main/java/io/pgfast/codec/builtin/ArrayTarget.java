package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecException;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The Java shape a decoded PostgreSQL array is built into: a Java array of some element class
 * (boxed or primitive) with a fixed or natural number of dimensions, or nested {@link List}s.
 *
 * <p>PostgreSQL arrays carry lower bounds ({@code [2:3]={7,8}}); Java arrays and lists start at 0,
 * so the bounds are dropped and only the dimensions are kept. A PostgreSQL array with no elements
 * (ndim 0, {@code {}}) becomes an array of length 0 (or an empty list).
 *
 * <p>Planned once per column and requested class; {@link #build} then runs per value.
 */
public final class ArrayTarget {

    /** PostgreSQL's MAXDIM: arrays have at most 6 dimensions (src/include/utils/array.h). */
    public static final int MAX_DIMENSIONS = 6;

    private final Class<?> elementClass;
    private final int depth;
    private final boolean list;

    private ArrayTarget(Class<?> elementClass, int depth, boolean list) {
        this.elementClass = elementClass;
        this.depth = depth;
        this.list = list;
    }

    /**
     * Java arrays of {@code elementClass} with as many dimensions as each value has: a 1-D value
     * becomes {@code T[]}, a 2-D value {@code T[][]} (the default for array columns).
     */
    public static ArrayTarget natural(Class<?> elementClass) {
        return new ArrayTarget(elementClass, 0, false);
    }

    /**
     * The requested array class, e.g. {@code Integer[][].class} or {@code int[].class}: a value with
     * another number of dimensions (other than an empty one) is an error; a NULL element is an error
     * for a primitive element class. {@code byte[]} is a bytea element: {@code byte[][]} has one
     * dimension.
     */
    public static ArrayTarget of(Class<?> arrayClass) {
        int depth = JavaArrayShape.depth(arrayClass);
        if (depth == 0) {
            throw new IllegalArgumentException(arrayClass.getName() + " is not an array class");
        }
        Class<?> c = JavaArrayShape.leafClass(arrayClass);
        if (depth > MAX_DIMENSIONS) {
            throw new IllegalArgumentException(arrayClass.getSimpleName() + " has more than " + MAX_DIMENSIONS + " dimensions");
        }
        return new ArrayTarget(c, depth, false);
    }

    /** Unmodifiable nested lists (a list of lists for a 2-D value) of elements that may be null. */
    public static ArrayTarget list(Class<?> elementClass) {
        return new ArrayTarget(elementClass, 0, true);
    }

    /**
     * The Java class of the elements the element decoder must produce: the boxed class for a
     * primitive element class ({@code Integer} for {@code int[]}).
     */
    public Class<?> elementClass() {
        return elementClass.isPrimitive() ? boxed(elementClass) : elementClass;
    }

    /**
     * Builds the value from its dimensions and its elements in row-major order.
     *
     * @param typeName the PostgreSQL type, for error messages
     * @param dims the length of each dimension (none for an empty array)
     * @param flat the elements; {@code null} entries are SQL NULLs
     */
    Object build(String typeName, int[] dims, Object[] flat) {
        if (list) {
            return dims.length == 0 ? List.of() : buildList(dims, 0, flat, new int[1]);
        }
        int want = depth == 0 ? Math.max(dims.length, 1) : depth;
        if (dims.length == 0) {
            return Array.newInstance(componentOfDepth(want - 1), 0);
        }
        if (dims.length != want) {
            throw new CodecException(typeName + " value has " + dims.length + " dimension(s) and cannot be decoded to "
                    + componentOfDepth(want).getSimpleName() + "; request a Java array with " + dims.length + " dimension(s)");
        }
        Object array = Array.newInstance(elementClass, dims);
        fill(typeName, array, 0, dims.length, flat, new int[1]);
        return array;
    }

    private Class<?> componentOfDepth(int d) {
        Class<?> c = elementClass;
        for (int i = 0; i < d; i++) {
            c = c.arrayType();
        }
        return c;
    }

    private static List<Object> buildList(int[] dims, int level, Object[] flat, int[] next) {
        Object[] items = new Object[dims[level]];
        for (int i = 0; i < items.length; i++) {
            items[i] = level == dims.length - 1 ? flat[next[0]++] : buildList(dims, level + 1, flat, next);
        }
        return Collections.unmodifiableList(Arrays.asList(items));
    }

    private void fill(String typeName, Object array, int level, int ndim, Object[] flat, int[] next) {
        if (level < ndim - 1) {
            for (Object sub : (Object[]) array) {
                fill(typeName, sub, level + 1, ndim, flat, next);
            }
            return;
        }
        int start = next[0];
        int n = Array.getLength(array);
        next[0] += n;
        if (!elementClass.isPrimitive()) {
            try {
                System.arraycopy(flat, start, array, 0, n);
            } catch (ArrayStoreException e) {
                throw new CodecException(typeName + " element is not a " + elementClass.getName(), e);
            }
            return;
        }
        for (int i = 0; i < n; i++) {
            Object v = flat[start + i];
            if (v == null) {
                throw new CodecException(typeName + " value has a NULL element, which " + elementClass.getName()
                        + "[] cannot hold; request " + boxed(elementClass).getSimpleName() + "[] instead");
            }
            setPrimitive(typeName, array, i, v);
        }
    }

    private void setPrimitive(String typeName, Object array, int i, Object v) {
        try {
            if (elementClass == int.class) {
                ((int[]) array)[i] = (Integer) v;
            } else if (elementClass == long.class) {
                ((long[]) array)[i] = (Long) v;
            } else if (elementClass == double.class) {
                ((double[]) array)[i] = (Double) v;
            } else if (elementClass == float.class) {
                ((float[]) array)[i] = (Float) v;
            } else if (elementClass == short.class) {
                ((short[]) array)[i] = (Short) v;
            } else if (elementClass == boolean.class) {
                ((boolean[]) array)[i] = (Boolean) v;
            } else if (elementClass == byte.class) {
                ((byte[]) array)[i] = (Byte) v;
            } else {
                ((char[]) array)[i] = (Character) v;
            }
        } catch (ClassCastException e) {
            throw new CodecException(typeName + " element " + v.getClass().getName() + " is not a " + boxed(elementClass).getName(), e);
        }
    }

    static Class<?> boxed(Class<?> primitive) {
        if (primitive == int.class) {
            return Integer.class;
        } else if (primitive == long.class) {
            return Long.class;
        } else if (primitive == double.class) {
            return Double.class;
        } else if (primitive == float.class) {
            return Float.class;
        } else if (primitive == short.class) {
            return Short.class;
        } else if (primitive == boolean.class) {
            return Boolean.class;
        } else if (primitive == byte.class) {
            return Byte.class;
        } else if (primitive == char.class) {
            return Character.class;
        }
        return primitive;
    }

    @Override
    public String toString() {
        return list ? "List<" + elementClass.getSimpleName() + ">"
                : depth == 0 ? elementClass.getSimpleName() + "[]...(natural)" : componentOfDepth(depth).getSimpleName();
    }
}
