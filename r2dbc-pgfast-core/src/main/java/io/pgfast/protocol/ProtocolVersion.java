package io.pgfast.protocol;

/**
 * A frontend/backend protocol version as the StartupMessage and NegotiateProtocolVersion carry it: the
 * major version in the high 16 bits, the minor in the low 16. PostgreSQL 7.4 to 17 speak 3.0; PostgreSQL 18
 * added 3.2, whose only change is a BackendKeyData secret key of 4 to 256 bytes (and the CancelRequest
 * carrying it). There is no 3.1: the number was skipped ("Protocol Versions" in the PostgreSQL docs).
 *
 * @param major the major version, 3
 * @param minor the minor version, 0 or 2
 */
public record ProtocolVersion(int major, int minor) implements Comparable<ProtocolVersion> {

    public static final ProtocolVersion V3_0 = new ProtocolVersion(3, 0);
    public static final ProtocolVersion V3_2 = new ProtocolVersion(3, 2);

    public ProtocolVersion {
        if (major < 0 || major > 0xFFFF || minor < 0 || minor > 0xFFFF) {
            throw new IllegalArgumentException("protocol version " + major + "." + minor + " does not fit in 16 + 16 bits");
        }
    }

    /** The version from its wire form (major in the high 16 bits). */
    public static ProtocolVersion of(int code) {
        return new ProtocolVersion(code >>> 16, code & 0xFFFF);
    }

    /** The wire form: major in the high 16 bits, minor in the low. */
    public int code() {
        return major << 16 | minor;
    }

    /**
     * The length of the BackendKeyData secret key this version allows, as libpq checks it: exactly 4 bytes in
     * 3.0, 4 to 256 from 3.2.
     */
    public boolean allowsKeyLength(int length) {
        return minor == 0 ? length == 4 : length >= 4 && length <= 256;
    }

    @Override
    public int compareTo(ProtocolVersion other) {
        return Integer.compare(code(), other.code());
    }

    /** {@code 3.2}, as the options write it. */
    @Override
    public String toString() {
        return major + "." + minor;
    }
}
