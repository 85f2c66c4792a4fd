package io.pgfast.config;

import java.util.Locale;

/**
 * Whether the connection is encrypted with GSSAPI (a GSSENCRequest before anything else, then every message
 * wrapped by the Kerberos security context), as libpq's {@code gssencmode}. GSS encryption goes before TLS:
 * when it is set up, {@code sslMode} is not asked; when the server declines it, TLS is negotiated on the same
 * connection as {@code sslMode} says. Never over a Unix-domain socket.
 */
public enum GssEncMode {

    /** Never ask for GSS encryption. The default (libpq's is {@code prefer}; see OPTIONS.md). */
    DISABLE,
    /**
     * Ask for it when Kerberos credentials can be had (a ticket, a keytab login, a {@code Subject}); without
     * them, or when the server declines, go on with {@code sslMode}. When the server accepts but the security
     * context cannot be set up, connect again without GSS encryption, as libpq does.
     */
    PREFER,
    /** Fail unless the connection is GSS-encrypted. */
    REQUIRE;

    /** The libpq keyword value. */
    public String libpqName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses {@code disable}, {@code prefer} or {@code require}, ignoring case.
     *
     * @throws IllegalArgumentException for any other value
     */
    public static GssEncMode from(String value) {
        if (value != null) {
            String v = value.trim().toUpperCase(Locale.ROOT);
            for (GssEncMode m : values()) {
                if (m.name().equals(v)) {
                    return m;
                }
            }
        }
        throw new IllegalArgumentException("gssEncMode must be one of disable, prefer, require; got '" + value + "'");
    }
}
