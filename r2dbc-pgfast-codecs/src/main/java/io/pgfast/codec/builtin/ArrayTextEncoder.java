package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;

/**
 * Encodes a Java array as an array literal in the text form array_in reads, quoting elements as
 * array_out does (rules in {@link ArrayTextDecoder}): {@code {{1,NULL},{"a b","\"q\""}}}.
 *
 * <p>This is how arrays of elements sent as text are bound, notably {@code String[]}: with OID 0
 * the server takes the literal as whatever array type the statement needs (text[], uuid[], an enum
 * array...), as it does for a single String. Elements are rendered by the element type's text
 * encoder; primitive arrays are rendered directly.
 */
public final class ArrayTextEncoder extends FixedTypeEncoder<Object> {

    private static final byte[] NULL = {'N', 'U', 'L', 'L'};

    private final String typeName;
    private final int depth;
    private final Encoder<Object> elementEncoder;
    private final byte delimiter;

    /**
     * @param typeName the array type's name, for error messages
     * @param arrayClass the Java array class this encoder serves (object or primitive elements)
     * @param oid the OID to declare: 0 to let the server infer the array type, else the array type's OID
     * @param elementEncoder the element type's text encoder; {@code null} to render the primitives
     *     of a primitive array class directly
     * @param delimiter the element type's delimiter: ',' (';' for box)
     */
    @SuppressWarnings("unchecked")
    public ArrayTextEncoder(String typeName, Class<?> arrayClass, int oid, Encoder<?> elementEncoder, char delimiter) {
        super(oid, Format.TEXT);
        if (elementEncoder == null && !JavaArrayShape.leafClass(arrayClass).isPrimitive()) {
            throw new IllegalArgumentException("an element encoder is required for " + arrayClass.getSimpleName());
        }
        if (elementEncoder != null && elementEncoder.format() != Format.TEXT) {
            throw new IllegalArgumentException("a text array needs a text element encoder, got " + elementEncoder);
        }
        this.depth = JavaArrayShape.depth(arrayClass);
        if (depth == 0 || depth > ArrayTarget.MAX_DIMENSIONS) {
            throw new IllegalArgumentException(arrayClass.getName() + " is not an array class of 1.." + ArrayTarget.MAX_DIMENSIONS + " dimensions");
        }
        this.typeName = typeName;
        this.elementEncoder = (Encoder<Object>) elementEncoder;
        this.delimiter = (byte) delimiter;
    }

    /** @throws CodecException if the array is not rectangular; {@code out} is then left as it was */
    @Override
    public void encode(Object value, ByteBuf out) {
        int[] dims = JavaArrayShape.dimensions(value, depth, typeName);
        if (JavaArrayShape.isEmpty(dims)) {
            out.writeByte('{').writeByte('}');
            return;
        }
        int mark = out.writerIndex();
        ByteBuf scratch = elementEncoder == null ? null : out.alloc().heapBuffer();
        try {
            writeLevel(value, 0, out, scratch);
        } catch (RuntimeException e) {
            out.writerIndex(mark);
            throw e;
        } finally {
            if (scratch != null) {
                scratch.release();
            }
        }
    }

    private void writeLevel(Object array, int level, ByteBuf out, ByteBuf scratch) {
        out.writeByte('{');
        int n = Array.getLength(array);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                out.writeByte(delimiter);
            }
            if (level < depth - 1) {
                writeLevel(((Object[]) array)[i], level + 1, out, scratch);
            } else if (scratch == null) {
                // primitives: digits, signs, '.', 'e', "Infinity", "NaN", "t"/"f" never need quotes
                out.writeCharSequence(primitiveText(array, i), StandardCharsets.US_ASCII);
            } else {
                Object element = Array.get(array, i);
                if (element == null) {
                    out.writeBytes(NULL);
                } else {
                    scratch.clear();
                    elementEncoder.encode(element, scratch);
                    writeQuoted(scratch, out, delimiter);
                }
            }
        }
        out.writeByte('}');
    }

    private static String primitiveText(Object array, int i) {
        Object v = Array.get(array, i);
        if (v instanceof Boolean) {
            return (Boolean) v ? "t" : "f";
        }
        return v.toString();
    }

    /** Copies the element's text from {@code text} to {@code out}, quoted and escaped as array_out does. */
    static void writeQuoted(ByteBuf text, ByteBuf out, byte delimiter) {
        int from = text.readerIndex();
        int len = text.readableBytes();
        if (!needsQuotes(text, from, len, delimiter)) {
            out.writeBytes(text, from, len);
            return;
        }
        out.writeByte('"');
        for (int i = from; i < from + len; i++) {
            byte b = text.getByte(i);
            if (b == '"' || b == '\\') {
                out.writeByte('\\');
            }
            out.writeByte(b);
        }
        out.writeByte('"');
    }

    private static boolean needsQuotes(ByteBuf text, int from, int len, byte delimiter) {
        if (len == 0) {
            return true;
        }
        if (len == 4 && (text.getByte(from) | 0x20) == 'n' && (text.getByte(from + 1) | 0x20) == 'u'
                && (text.getByte(from + 2) | 0x20) == 'l' && (text.getByte(from + 3) | 0x20) == 'l') {
            return true;
        }
        for (int i = from; i < from + len; i++) {
            byte b = text.getByte(i);
            if (b == '"' || b == '\\' || b == '{' || b == '}' || b == delimiter || ArrayTextDecoder.isSpace(b)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "ArrayTextEncoder[" + typeName + ", oid " + nullOid() + "]";
    }
}
