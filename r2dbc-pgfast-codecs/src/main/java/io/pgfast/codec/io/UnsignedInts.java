package io.pgfast.codec.io;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;

/**
 * The one reader of lengths, counts and OIDs, for the protocol's messages and the codecs' binary values alike:
 * big-endian integers of 1, 2, 3 and 4 bytes at absolute indexes. Each width is one fixed-width read of the
 * buffer (the 3-byte one inline, as two reads), never a per-byte loop or a temporary slice; the JIT inlines
 * each method into its caller, so reading through here costs what the {@code ByteBuf} getter costs.
 *
 * <p>The protocol's Int16 and Int32 fields are signed on the wire ({@link #int16}, {@link #int32}): an Int32
 * length of -1 means NULL, which {@link #length} keeps. Counts that PostgreSQL reads as unsigned (columns,
 * parameters, format codes: up to 65535) are {@link #u16}. OIDs are unsigned 32-bit: {@link #oid} returns them
 * as the {@code int} with the same bits, which is how every OID is held in this driver.
 *
 * <p>Bounds: callers check that the bytes are there (the protocol's readers before they read a field, the
 * codecs' container reader against the value's length); these methods add no check of their own.
 */
public final class UnsignedInts {

    private UnsignedInts() {
    }

    /** A signed Int16 as the protocol sends it (a field's attribute number, type size, format code). */
    public static short int16(ByteBuf buf, int index) {
        return buf.getShort(index);
    }

    /** A signed Int32 as the protocol sends it: a length (-1 for NULL), a process ID, a type modifier. */
    public static int int32(ByteBuf buf, int index) {
        return buf.getInt(index);
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
        int length = int32(buf, index);
        if (length < -1 || length > max) {
            throw new CodecException("length " + length + " at index " + index + " is outside -1.." + max);
        }
        return length;
    }
}
