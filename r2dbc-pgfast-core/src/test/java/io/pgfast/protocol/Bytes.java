package io.pgfast.protocol;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Builds golden wire bytes by hand, one protocol field per call (the test writes one comment per call). */
public final class Bytes {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    public static Bytes of() {
        return new Bytes();
    }

    /** Byte1. */
    public Bytes byte1(int value) {
        out.write(value);
        return this;
    }

    /** Int16, big-endian. */
    public Bytes int16(int value) {
        out.write(value >>> 8);
        out.write(value);
        return this;
    }

    /** Int32, big-endian. */
    public Bytes int32(int value) {
        out.write(value >>> 24);
        out.write(value >>> 16);
        out.write(value >>> 8);
        out.write(value);
        return this;
    }

    /** Int64, big-endian. */
    public Bytes int64(long value) {
        return int32((int) (value >>> 32)).int32((int) value);
    }

    /** Byten: the raw bytes. */
    public Bytes bytes(byte[] value) {
        out.writeBytes(value);
        return this;
    }

    /** Byten: ASCII or UTF-8 text without terminator. */
    public Bytes text(String value) {
        return bytes(value.getBytes(StandardCharsets.UTF_8));
    }

    /** String: UTF-8 then NUL. */
    public Bytes cstring(String value) {
        return text(value).byte1(0);
    }

    public byte[] array() {
        return out.toByteArray();
    }

    /** Concatenates byte arrays. */
    public static byte[] concat(byte[]... parts) {
        Bytes bytes = new Bytes();
        for (byte[] part : parts) {
            bytes.bytes(part);
        }
        return bytes.array();
    }
}
