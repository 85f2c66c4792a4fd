package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.Decoder;
import java.nio.charset.StandardCharsets;

/**
 * Decodes a binary array to the String array_out would print for it: elements rendered by the
 * element type's binary-to-String decoder and quoted as array_out quotes them, NULL as
 * {@code NULL}, and the {@code [lb:ub]...=} decoration when a lower bound is not 1.
 */
public final class ArrayBinaryToTextDecoder implements Decoder<String> {

    private static final byte[] NULL = {'N', 'U', 'L', 'L'};

    private final String typeName;
    private final int elementOid;
    private final Decoder<String> elementText;
    private final byte delimiter;

    /**
     * @param typeName the array type's name, for error messages
     * @param elementOid the element type OID the value must declare, or 0 to accept any
     * @param elementText the element type's binary decoder to String
     * @param delimiter the element type's delimiter (',' or ';' for box)
     */
    public ArrayBinaryToTextDecoder(String typeName, int elementOid, Decoder<String> elementText, char delimiter) {
        this.typeName = typeName;
        this.elementOid = elementOid;
        this.elementText = elementText;
        this.delimiter = (byte) delimiter;
    }

    @Override
    public String decode(ByteBuf buf, int index, int length) {
        ContainerReader in = new ContainerReader(buf, index, length, typeName);
        int ndim = in.int32();
        int flags = in.int32();
        int declaredOid = in.int32();
        if (ndim < 0 || ndim > ArrayTarget.MAX_DIMENSIONS || (flags != 0 && flags != 1)) {
            throw in.malformed("header ndim " + ndim + ", flags " + flags);
        }
        if (elementOid != 0 && declaredOid != elementOid) {
            throw in.malformed("element type OID " + Integer.toUnsignedString(declaredOid) + " where " + elementOid + " was expected");
        }
        int[] dims = new int[ndim];
        int[] lbounds = new int[ndim];
        long count = ndim == 0 ? 0 : 1;
        boolean decorate = false;
        for (int d = 0; d < ndim; d++) {
            dims[d] = in.int32();
            lbounds[d] = in.int32();
            if (dims[d] < 0 || (long) lbounds[d] + dims[d] - 1 > Integer.MAX_VALUE) {
                throw in.malformed("dimension " + (d + 1) + " of length " + dims[d] + " from " + lbounds[d]);
            }
            decorate |= lbounds[d] != 1;
            count *= dims[d];
            if (count > in.remaining() / 4) {
                throw in.malformed(count + " elements cannot fit in the " + in.remaining() + " bytes left");
            }
        }
        if (count == 0) {
            in.expectEnd();
            return "{}";
        }
        ByteBuf out = Unpooled.buffer(length + 8);
        ByteBuf scratch = Unpooled.buffer();
        try {
            if (decorate) {
                StringBuilder sb = new StringBuilder();
                for (int d = 0; d < ndim; d++) {
                    sb.append('[').append(lbounds[d]).append(':').append(lbounds[d] + dims[d] - 1).append(']');
                }
                out.writeCharSequence(sb.append('='), StandardCharsets.US_ASCII);
            }
            writeLevel(in, dims, 0, out, scratch);
            in.expectEnd();
            return out.toString(StandardCharsets.UTF_8);
        } finally {
            out.release();
            scratch.release();
        }
    }

    private void writeLevel(ContainerReader in, int[] dims, int level, ByteBuf out, ByteBuf scratch) {
        out.writeByte('{');
        for (int i = 0; i < dims[level]; i++) {
            if (i > 0) {
                out.writeByte(delimiter);
            }
            if (level < dims.length - 1) {
                writeLevel(in, dims, level + 1, out, scratch);
                continue;
            }
            int len = in.length("element");
            if (len < 0) {
                out.writeBytes(NULL);
                continue;
            }
            String text = elementText.decode(in.buffer(), in.position(), len);
            in.skip(len);
            scratch.clear();
            ByteBufUtil.writeUtf8(scratch, text);
            ArrayTextEncoder.writeQuoted(scratch, out, delimiter);
        }
        out.writeByte('}');
    }

    @Override
    public String toString() {
        return "ArrayBinaryToTextDecoder[" + typeName + "]";
    }
}
