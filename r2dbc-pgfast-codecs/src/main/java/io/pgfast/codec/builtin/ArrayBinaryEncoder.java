package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.oid.Oid;
import java.lang.reflect.Array;

/**
 * Encodes a Java array (any number of dimensions up to 6; object or primitive elements) in the
 * binary array format that array_recv reads (layout in {@link ArrayBinaryDecoder}), with lower
 * bounds 1.
 *
 * <p>Elements are written by the element type's binary encoder, {@code null} elements as NULL;
 * {@link #forPrimitive} writes the primitives of {@code int[]}, {@code double[][]}, ... directly
 * in their fixed-width binary form, without boxing. A Java array with no elements is sent as the
 * 0-dimensional empty array, as PostgreSQL represents every empty array.
 *
 * <p>One encoder serves one Java array class; its OID does not depend on the value.
 */
public final class ArrayBinaryEncoder extends FixedTypeEncoder<Object> {

    private final String typeName;
    private final int elementOid;
    private final int depth;
    private final Encoder<Object> elementEncoder;
    private final Class<?> primitive;

    private ArrayBinaryEncoder(String typeName, int arrayOid, int elementOid, int depth, Encoder<Object> elementEncoder,
            Class<?> primitive) {
        super(arrayOid, Format.BINARY);
        this.typeName = typeName;
        this.elementOid = elementOid;
        this.depth = depth;
        this.elementEncoder = elementEncoder;
        this.primitive = primitive;
    }

    /**
     * An encoder for an array class whose elements the element type's encoder writes, e.g.
     * {@code UUID[].class}, {@code Integer[][].class}, or {@code int[].class} sent as int8[]
     * (primitive elements are then boxed one by one; {@link #forPrimitive} avoids that).
     *
     * @param typeName the array type's name, for error messages
     * @param arrayClass the Java array class this encoder serves
     * @param arrayOid the array type's OID (e.g. 1007 for int4[])
     * @param elementOid the element type's OID, written in the array header
     * @param elementEncoder the element type's encoder; must write {@link Format#BINARY}
     */
    @SuppressWarnings("unchecked")
    public static ArrayBinaryEncoder of(String typeName, Class<?> arrayClass, int arrayOid, int elementOid, Encoder<?> elementEncoder) {
        if (elementEncoder.format() != Format.BINARY) {
            throw new IllegalArgumentException("a binary array needs a binary element encoder, got " + elementEncoder);
        }
        return new ArrayBinaryEncoder(typeName, arrayOid, elementOid, depth(arrayClass), (Encoder<Object>) elementEncoder, null);
    }

    /**
     * An encoder for an array of primitives: {@code boolean} (bool[]), {@code short} (int2[]),
     * {@code int} (int4[]), {@code long} (int8[]), {@code float} (float4[]), {@code double}
     * (float8[]), in any number of dimensions ({@code int[][]}).
     *
     * @throws IllegalArgumentException for other classes ({@code byte[]} is bytea, not an array)
     */
    public static ArrayBinaryEncoder forPrimitive(Class<?> arrayClass) {
        Class<?> leaf = JavaArrayShape.leafClass(arrayClass);
        int d = depth(arrayClass);
        if (leaf == int.class) {
            return new ArrayBinaryEncoder("int4[]", Oid.INT4_ARRAY, Oid.INT4, d, null, leaf);
        } else if (leaf == long.class) {
            return new ArrayBinaryEncoder("int8[]", Oid.INT8_ARRAY, Oid.INT8, d, null, leaf);
        } else if (leaf == short.class) {
            return new ArrayBinaryEncoder("int2[]", Oid.INT2_ARRAY, Oid.INT2, d, null, leaf);
        } else if (leaf == double.class) {
            return new ArrayBinaryEncoder("float8[]", Oid.FLOAT8_ARRAY, Oid.FLOAT8, d, null, leaf);
        } else if (leaf == float.class) {
            return new ArrayBinaryEncoder("float4[]", Oid.FLOAT4_ARRAY, Oid.FLOAT4, d, null, leaf);
        } else if (leaf == boolean.class && d > 0) {
            return new ArrayBinaryEncoder("bool[]", Oid.BOOL_ARRAY, Oid.BOOL, d, null, leaf);
        }
        throw new IllegalArgumentException(arrayClass.getSimpleName() + " is not an array of boolean, short, int, long, float or double");
    }

    private static int depth(Class<?> arrayClass) {
        int d = JavaArrayShape.depth(arrayClass);
        if (d == 0) {
            throw new IllegalArgumentException(arrayClass.getName() + " is not an array class");
        }
        if (d > ArrayTarget.MAX_DIMENSIONS) {
            throw new IllegalArgumentException(arrayClass.getSimpleName() + ": PostgreSQL arrays have at most "
                    + ArrayTarget.MAX_DIMENSIONS + " dimensions");
        }
        return d;
    }

    /** @throws CodecException if the array is not rectangular; {@code out} is then left as it was */
    @Override
    public void encode(Object value, ByteBuf out) {
        int[] dims = JavaArrayShape.dimensions(value, depth, typeName);
        int mark = out.writerIndex();
        try {
            if (JavaArrayShape.isEmpty(dims)) {
                out.writeInt(0); // ndim: the empty array
                out.writeInt(0); // flags: no NULLs
                out.writeInt(elementOid); // element type
                return;
            }
            out.writeInt(depth); // ndim
            int flagsIndex = out.writerIndex();
            out.writeInt(0); // flags, set to 1 below if a NULL is written
            out.writeInt(elementOid); // element type
            for (int d : dims) {
                out.writeInt(d); // length of the dimension
                out.writeInt(1); // lower bound
            }
            if (writeLevel(value, 0, out)) {
                out.setInt(flagsIndex, 1);
            }
        } catch (RuntimeException e) {
            out.writerIndex(mark);
            throw e;
        }
    }

    /** Writes one level's elements; returns whether a NULL was written. */
    private boolean writeLevel(Object array, int level, ByteBuf out) {
        if (level < depth - 1) {
            boolean nulls = false;
            for (Object sub : (Object[]) array) {
                nulls |= writeLevel(sub, level + 1, out);
            }
            return nulls;
        }
        if (primitive != null) {
            writePrimitives(array, out);
            return false;
        }
        boolean nulls = false;
        int n = Array.getLength(array);
        for (int i = 0; i < n; i++) {
            Object element = Array.get(array, i);
            if (element == null) {
                out.writeInt(-1);
                nulls = true;
                continue;
            }
            int lengthIndex = out.writerIndex();
            out.writeInt(0);
            elementEncoder.encode(element, out);
            out.setInt(lengthIndex, out.writerIndex() - lengthIndex - 4);
        }
        return nulls;
    }

    private void writePrimitives(Object array, ByteBuf out) {
        if (primitive == int.class) {
            for (int v : (int[]) array) {
                out.writeInt(4).writeInt(v);
            }
        } else if (primitive == long.class) {
            for (long v : (long[]) array) {
                out.writeInt(8).writeLong(v);
            }
        } else if (primitive == short.class) {
            for (short v : (short[]) array) {
                out.writeInt(2).writeShort(v);
            }
        } else if (primitive == double.class) {
            for (double v : (double[]) array) {
                out.writeInt(8).writeLong(Double.doubleToRawLongBits(v));
            }
        } else if (primitive == float.class) {
            for (float v : (float[]) array) {
                out.writeInt(4).writeInt(Float.floatToRawIntBits(v));
            }
        } else {
            for (boolean v : (boolean[]) array) {
                out.writeInt(1).writeByte(v ? 1 : 0);
            }
        }
    }

    @Override
    public String toString() {
        return "ArrayBinaryEncoder[" + typeName + ", oid " + nullOid() + "]";
    }
}
