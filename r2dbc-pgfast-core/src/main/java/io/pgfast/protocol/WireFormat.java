package io.pgfast.protocol;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.io.UnsignedInts;

import java.nio.charset.StandardCharsets;

/**
 * The protocol's basic data types ("Message Data Types": Int8/16/32/64, String, Byte<i>n</i>) read from a
 * message body and written into an outgoing message. Used by the message classes of
 * {@code io.pgfast.protocol.backend} and {@code .frontend}; not meant for code outside the protocol
 * packages.
 *
 * <p>Readers take the message body (exactly the bytes after the length field) and the message name
 * for error messages. Every read checks that the body holds the bytes it needs and otherwise throws
 * {@link ProtocolException} naming the message and the field, so a decoder cannot forget a bounds
 * check and never fails with an {@code IndexOutOfBoundsException}.
 *
 * <p>Strings are NUL-terminated UTF-8, as PostgreSQL sends them when {@code client_encoding} is
 * {@code UTF8} (the driver always sets it). This class is the only place that reads or writes
 * NUL-terminated strings.
 */
public final class WireFormat {

    private WireFormat() {
    }

    // ---- reading ----------------------------------------------------------------------------

    public static byte readByte(ByteBuf body, String message, String field) {
        need(body, 1, message, field);
        return body.readByte();
    }

    public static short readInt16(ByteBuf body, String message, String field) {
        need(body, 2, message, field);
        short value = UnsignedInts.int16(body, body.readerIndex());
        body.skipBytes(2);
        return value;
    }

    /** An Int16 count, which PostgreSQL writes and reads as unsigned (0..65535). */
    public static int readCount16(ByteBuf body, String message, String field) {
        need(body, 2, message, field);
        int value = UnsignedInts.u16(body, body.readerIndex());
        body.skipBytes(2);
        return value;
    }

    public static int readInt32(ByteBuf body, String message, String field) {
        need(body, 4, message, field);
        int value = UnsignedInts.int32(body, body.readerIndex());
        body.skipBytes(4);
        return value;
    }

    /** An OID (unsigned 32-bit, held in an {@code int} with the same bits). */
    public static int readOid(ByteBuf body, String message, String field) {
        need(body, 4, message, field);
        int value = UnsignedInts.oid(body, body.readerIndex());
        body.skipBytes(4);
        return value;
    }

    public static long readInt64(ByteBuf body, String message, String field) {
        need(body, 8, message, field);
        return body.readLong();
    }

    /** Reads {@code length} bytes into a new array; {@code length} must be non-negative. */
    public static byte[] readBytes(ByteBuf body, int length, String message, String field) {
        if (length < 0) {
            throw new ProtocolException(message + ": negative length " + length + " for " + field);
        }
        need(body, length, message, field);
        byte[] bytes = new byte[length];
        body.readBytes(bytes);
        return bytes;
    }

    /** Reads all remaining bytes of the body into a new array. */
    public static byte[] readRemaining(ByteBuf body) {
        byte[] bytes = new byte[body.readableBytes()];
        body.readBytes(bytes);
        return bytes;
    }

    /** Reads a NUL-terminated UTF-8 string and the NUL after it. */
    public static String readCString(ByteBuf body, String message, String field) {
        int length = body.bytesBefore((byte) 0);
        if (length < 0) {
            throw new ProtocolException(message + ": " + field + " is not NUL-terminated within the message ("
                + body.readableBytes() + " bytes left)");
        }
        String value = body.toString(body.readerIndex(), length, StandardCharsets.UTF_8);
        body.skipBytes(length + 1);
        return value;
    }

    /** The body must be fully read: the protocol defines every message's end without the length. */
    public static void expectEnd(ByteBuf body, String message) {
        if (body.isReadable()) {
            throw new ProtocolException(message + ": " + body.readableBytes() + " unexpected trailing bytes");
        }
    }

    /** Throws unless the body holds at least {@code bytes} more readable bytes. */
    public static void need(ByteBuf body, int bytes, String message, String field) {
        if (body.readableBytes() < bytes) {
            throw new ProtocolException(message + ": truncated, " + field + " needs " + bytes
                + " bytes but only " + body.readableBytes() + " are left");
        }
    }

    // ---- writing ----------------------------------------------------------------------------

    /**
     * Validates a value to be written as a protocol String: not null and free of NUL characters. A
     * NUL would end the string early and let the rest be read as further fields (a startup option
     * injecting another option, a portal name injecting a statement name), so it is refused.
     *
     * @return {@code value}
     * @throws IllegalArgumentException naming {@code what} when the value is null or contains NUL
     */
    public static String checkCString(String value, String what) {
        if (value == null) {
            throw new IllegalArgumentException(what + " must not be null");
        }
        if (value.indexOf('\0') >= 0) {
            throw new IllegalArgumentException(what + " must not contain a NUL character (U+0000)");
        }
        return value;
    }

    /** Validates bytes to be written NUL-terminated: not null and free of zero bytes. */
    public static byte[] checkCBytes(byte[] value, String what) {
        if (value == null) {
            throw new IllegalArgumentException(what + " must not be null");
        }
        for (byte b : value) {
            if (b == 0) {
                throw new IllegalArgumentException(what + " must not contain a zero byte");
            }
        }
        return value;
    }

    /**
     * Writes a string checked by {@link #checkCString} as UTF-8 followed by NUL. (An unpaired
     * surrogate, which UTF-8 cannot represent, is written as '?' by the UTF-8 encoder.)
     */
    public static void writeCString(ByteBuf out, String value) {
        out.writeCharSequence(value, StandardCharsets.UTF_8);
        out.writeByte(0);
    }

    /**
     * Starts a message: writes the type byte and a placeholder for the Int32 length.
     *
     * @return the index of the length field, for {@link #endMessage}
     */
    public static int beginMessage(ByteBuf out, byte type) {
        out.writeByte(type);
        return beginUntypedMessage(out);
    }

    /**
     * Starts one of the startup-phase messages that have no type byte (StartupMessage, SSLRequest,
     * GSSENCRequest, CancelRequest): writes a placeholder for the Int32 length.
     */
    public static int beginUntypedMessage(ByteBuf out) {
        int lengthIndex = out.writerIndex();
        out.writeInt(0);
        return lengthIndex;
    }

    /**
     * The largest length field a server accepts in a message from the client: PostgreSQL reads the long
     * messages (Query, Parse, Bind, CopyData, ...) with {@code PQ_LARGE_MESSAGE_LIMIT} (pqcomm.h,
     * {@code MaxAllocSize - 1}, 1 GiB - 2) as the limit of the length, which counts itself; a longer one ends
     * the session with "invalid message length". A length past {@code Integer.MAX_VALUE} could not even be
     * written in the Int32 field (CVE-2024-27304: a wrapped length lets the rest of the value be read as
     * further messages).
     */
    public static final int MAX_MESSAGE_LENGTH = 0x3FFFFFFF - 1;

    /**
     * Patches the length field: the length counts itself and the body, not the type byte.
     *
     * @throws IllegalArgumentException when the message is longer than {@link #MAX_MESSAGE_LENGTH}; the
     *                                  caller discards what was written (nothing has reached the wire yet)
     */
    public static void endMessage(ByteBuf out, int lengthIndex) {
        int length = out.writerIndex() - lengthIndex;
        checkMessageLength(length, lengthIndex > 0 ? out.getByte(lengthIndex - 1) : 0);
        out.setInt(lengthIndex, length);
    }

    /**
     * Refuses a message whose length field (body plus the field's 4 bytes) would exceed
     * {@link #MAX_MESSAGE_LENGTH}; a {@code long}, so that a size past the Int32 range is refused rather than
     * wrapped.
     *
     * @param type the message's type byte, for the error message
     */
    public static void checkMessageLength(long length, int type) {
        if (length > MAX_MESSAGE_LENGTH) {
            throw new IllegalArgumentException("a " + messageName(type) + " message of " + length
                    + " bytes exceeds the " + MAX_MESSAGE_LENGTH + " bytes PostgreSQL accepts in one message (1 GiB);"
                    + " nothing was sent. Send large values in parts (COPY, or several rows and statements)");
        }
    }

    private static String messageName(int type) {
        switch (type) {
            case 'B': return "Bind";
            case 'P': return "Parse";
            case 'Q': return "Query";
            case 'd': return "CopyData";
            default: return "'" + (char) type + "'";
        }
    }

    /** Checks an element count that the protocol sends as Int16 and PostgreSQL reads as unsigned. */
    public static int checkCount16(int count, String what) {
        if (count < 0 || count > 0xFFFF) {
            throw new IllegalArgumentException(what + ": " + count + " is outside the protocol's range 0..65535");
        }
        return count;
    }
}
