package io.pgfast.codec;

/**
 * A value's wire format, as the format codes of Bind and RowDescription
 * (PostgreSQL protocol, "Message Formats": 0 = text, 1 = binary).
 */
public enum Format {
    TEXT((short) 0),
    BINARY((short) 1);

    private final short code;

    Format(short code) {
        this.code = code;
    }

    /** The protocol's format code. */
    public short code() {
        return code;
    }

    /** The format for a protocol format code; any code other than 0 or 1 is a protocol error. */
    public static Format of(int code) {
        switch (code) {
            case 0:
                return TEXT;
            case 1:
                return BINARY;
            default:
                throw new CodecException("unknown format code " + code + " (the protocol defines 0 = text, 1 = binary)");
        }
    }
}
