package io.pgfast.codec.io;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;

/**
 * Big-endian unsigned integers of 1, 2, 3 and 4 bytes at absolute indexes: how lengths, counts and
 * OIDs are read. Each width is one fixed-width read of the buffer (the 3-byte one inline, as two
 * reads), never a per-byte loop or a temporary slice.
 *
 * <p>The protocol's Int16 counts and Int32 lengths are signed on the wire; {@link #length} keeps
 * the sign because -1 means NULL. OIDs are unsigned 32-bit: {@link #oid} returns them as the
 * {@code int} with the same bits, which is how every OID is held in this driver.
 */
public final class UnsignedInts {

    private UnsignedInts() {
    }

    /** One unsigned byte, 0..255. */
    public static int u8(ByteBuf buf, int index) {
        return buf.getUnsignedByte(index);
    }

    /**
     * Two bytes big-endian, unsigned, 0..65535: the protocol's Int16 column, parameter and format
     * counts (the server reads them unsigned, so up to 65535 Bind parameters are valid).
     */
    public static int u16(ByteBuf buf, int index) {
        return buf.getUnsignedShort(index);
    }

    /** Three bytes big-endian, unsigned, 0..16777215. */
    public static int u24(ByteBuf buf, int index) {
        return (buf.getUnsignedByte(index) << 16) | buf.getUnsignedShort(index + 1);
    }

    /** Four bytes big-endian, unsigned, 0..4294967295. */
    public static long u32(ByteBuf buf, int index) {
        return buf.getInt(index) & 0xFFFF_FFFFL;
    }

    /** An unsigned value of {@code width} (1 to 4) bytes, dispatched to the fixed-width read. */
    public static long unsigned(ByteBuf buf, int index, int width) {
        switch (width) {
            case 1:
                return u8(buf, index);
            case 2:
                return u16(buf, index);
            case 3:
                return u24(buf, index);
            case 4:
                return u32(buf, index);
            default:
                throw new IllegalArgumentException("width must be 1 to 4 bytes, was " + width);
        }
    }

    /** A 32-bit OID, its unsigned value held in an {@code int} with the same bits. */
    public static int oid(ByteBuf buf, int index) {
        return buf.getInt(index);
    }

    /**
     * An Int32 length: -1 (NULL in DataRow and Bind) or 0..{@code max}.
     *
     * @throws CodecException for any other negative value or a value above {@code max}
     */
    public static int length(ByteBuf buf, int index, int max) {
        int length = buf.getInt(index);
        if (length < -1 || length > max) {
            throw new CodecException("length " + length + " at index " + index + " is outside -1.." + max);
        }
        return length;
    }
}
