package io.pgfast.config;

import java.util.Locale;

/**
 * A bound of the protocol versions a connection may use, as libpq's {@code min_protocol_version} and
 * {@code max_protocol_version}: {@code 3.0} (every server since PostgreSQL 7.4) or {@code 3.2} (PostgreSQL 18,
 * whose cancel keys are up to 256 bytes long; there is no 3.1). {@code latest} names the newest this driver
 * speaks. The driver asks for the maximum; a server that speaks less answers with its newest, which the
 * connection accepts unless it is below the minimum.
 */
public enum ProtocolVersionLimit {

    /** Protocol 3.0: the default of both bounds, as in libpq. */
    V3_0(0),
    /** Protocol 3.2 (PostgreSQL 18). */
    V3_2(2);

    /** What {@code latest} means: the newest version this driver speaks. */
    public static final ProtocolVersionLimit LATEST = V3_2;

    private final int minor;

    ProtocolVersionLimit(int minor) {
        this.minor = minor;
    }

    /** The minor version (major is 3). */
    public int minor() {
        return minor;
    }

    /**
     * Parses {@code 3.0}, {@code 3.2} or {@code latest} (ignoring case).
     *
     * @throws IllegalArgumentException for any other value
     */
    public static ProtocolVersionLimit from(String option, String value) {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        switch (v) {
            case "3.0":
                return V3_0;
            case "3.2":
                return V3_2;
            case "latest":
                return LATEST;
            default:
                throw new IllegalArgumentException(option + " must be 3.0, 3.2 or latest; got '" + value + "'"
                        + ("3.1".equals(v) ? " (protocol 3.1 does not exist)" : ""));
        }
    }

    /** {@code 3.0} or {@code 3.2}, as the option is written. */
    @Override
    public String toString() {
        return "3." + minor;
    }
}
