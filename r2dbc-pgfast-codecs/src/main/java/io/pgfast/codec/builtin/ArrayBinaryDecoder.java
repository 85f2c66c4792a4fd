package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.Decoder;

/**
 * Decodes the binary form of an array (array_send in src/backend/utils/adt/arrayfuncs.c):
 *
 * <pre>
 * Int32 ndim            number of dimensions, 0 (empty array) .. 6
 * Int32 flags           1 if the array has a NULL element, else 0
 * Int32 elemtype        OID of the element type
 * ndim x (Int32 dim, Int32 lbound)
 * per element, in row-major order: Int32 length (-1 for NULL), then that many bytes
 * </pre>
 *
 * <p>Each element is decoded in place by the element type's binary decoder, planned once with this
 * decoder. Lower bounds are checked but not kept (see {@link ArrayTarget}). The element count is
 * checked against the bytes present before anything is allocated, so a hostile header cannot
 * request a huge array.
 */
public final class ArrayBinaryDecoder implements Decoder<Object> {

    private final String typeName;
    private final int elementOid;
    private final Decoder<?> elementDecoder;
    private final ArrayTarget target;

    /**
     * @param typeName the array type's name, for error messages ({@code int4[]})
     * @param elementOid the element type OID the value must declare, or 0 to accept any (the
     *     element decoder then has to cope with the declared type)
     * @param elementDecoder the element type's binary decoder to {@code target.elementClass()}
     * @param target the Java shape to build
     */
    public ArrayBinaryDecoder(String typeName, int elementOid, Decoder<?> elementDecoder, ArrayTarget target) {
        this.typeName = typeName;
        this.elementOid = elementOid;
        this.elementDecoder = elementDecoder;
        this.target = target;
    }

    @Override
    public Object decode(ByteBuf buf, int index, int length) {
        ContainerReader in = new ContainerReader(buf, index, length, typeName);
        int ndim = in.int32();
        int flags = in.int32();
        int declaredOid = in.int32();
        if (ndim < 0 || ndim > ArrayTarget.MAX_DIMENSIONS) {
            throw in.malformed("number of dimensions " + ndim + " is outside 0.." + ArrayTarget.MAX_DIMENSIONS);
        }
        if (flags != 0 && flags != 1) {
            throw in.malformed("invalid flags " + flags);
        }
        if (elementOid != 0 && declaredOid != elementOid) {
            throw in.malformed("element type OID " + Integer.toUnsignedString(declaredOid) + " where " + elementOid + " was expected");
        }
        int[] dims = new int[ndim];
        long count = ndim == 0 ? 0 : 1;
        for (int d = 0; d < ndim; d++) {
            dims[d] = in.int32();
            int lbound = in.int32();
            if (dims[d] < 0) {
                throw in.malformed("negative length " + dims[d] + " of dimension " + (d + 1));
            }
            if ((long) lbound + dims[d] - 1 > Integer.MAX_VALUE) {
                throw in.malformed("upper bound of dimension " + (d + 1) + " overflows (lower bound " + lbound + ")");
            }
            count *= dims[d];
            // every element takes at least its 4-byte length, which bounds the count before allocating
            if (count > in.remaining() / 4) {
                throw in.malformed(count + " elements cannot fit in the " + in.remaining() + " bytes left");
            }
        }
        if (count == 0) {
            in.expectEnd();
            return target.build(typeName, new int[0], new Object[0]);
        }
        Object[] flat = new Object[(int) count];
        for (int i = 0; i < flat.length; i++) {
            int len = in.length("element " + (i + 1));
            if (len >= 0) {
                flat[i] = elementDecoder.decode(buf, in.position(), len);
                in.skip(len);
            }
        }
        in.expectEnd();
        return target.build(typeName, dims, flat);
    }

    @Override
    public String toString() {
        return "ArrayBinaryDecoder[" + typeName + " -> " + target + "]";
    }
}
