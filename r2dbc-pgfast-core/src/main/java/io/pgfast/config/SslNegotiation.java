package io.pgfast.config;

import java.util.Locale;

/**
 * How TLS is started (libpq {@code sslnegotiation}, PostgreSQL 17 and later servers for DIRECT).
 */
public enum SslNegotiation {

    /** Send an SSLRequest and start TLS after the server answers 'S'. Works with every server version. */
    POSTGRES("postgres"),
    /**
     * Start the TLS handshake right after the TCP connection, with ALPN {@code postgresql}; saves one
     * round trip. Needs a PostgreSQL 17+ server, and an sslMode of REQUIRE or stronger (a weaker
     * mode could fall back to plaintext, as libpq explains).
     */
    DIRECT("direct");

    private final String libpqName;

    SslNegotiation(String libpqName) {
        this.libpqName = libpqName;
    }

    /** The libpq keyword value. */
    public String libpqName() {
        return libpqName;
    }

    /**
     * Parses {@code postgres} or {@code direct}, ignoring case.
     *
     * @throws IllegalArgumentException for any other value
     */
    public static SslNegotiation from(String value) {
        if (value != null) {
            String v = value.trim().toUpperCase(Locale.ROOT);
            for (SslNegotiation n : values()) {
                if (n.name().equals(v)) {
                    return n;
                }
            }
        }
        throw new IllegalArgumentException("sslNegotiation must be one of postgres, direct; got '" + value + "'");
    }
}
