package io.pgfast.config;

import java.util.Locale;

/**
 * How much TLS protection a connection insists on, with libpq's semantics ("SSL Support", table
 * "SSL Mode Descriptions"). TLS is never attempted over a Unix-domain socket.
 */
public enum SslMode {

    /** Plaintext only. */
    DISABLE("disable"),
    /** Plaintext first; TLS only if the server refuses a plaintext connection. No certificate check. */
    ALLOW("allow"),
    /** TLS first, plaintext if the server does not offer TLS. No certificate check. The default, as in libpq. */
    PREFER("prefer"),
    /**
     * TLS or fail. The certificate is not checked unless a root certificate is available (an
     * explicit {@code sslRootCert}, or {@code ~/.postgresql/root.crt} exists): then this behaves as
     * {@link #VERIFY_CA}, as libpq does for backwards compatibility.
     */
    REQUIRE("require"),
    /** TLS, and the server certificate must chain to a trusted root ({@code sslRootCert}). */
    VERIFY_CA("verify-ca"),
    /** As {@link #VERIFY_CA}, and the certificate must also name the host (DNS or IP SAN, else CN). */
    VERIFY_FULL("verify-full");

    private final String libpqName;

    SslMode(String libpqName) {
        this.libpqName = libpqName;
    }

    /** The libpq keyword value, such as {@code verify-full}. */
    public String libpqName() {
        return libpqName;
    }

    /** True when a connection without TLS must fail. */
    public boolean requiresTls() {
        return this == REQUIRE || this == VERIFY_CA || this == VERIFY_FULL;
    }

    /** True when the server certificate must chain to a trusted root whatever files exist. */
    public boolean verifiesCertificate() {
        return this == VERIFY_CA || this == VERIFY_FULL;
    }

    /** True when the server certificate must match the host name. */
    public boolean verifiesHostName() {
        return this == VERIFY_FULL;
    }

    /** True when the first connection attempt asks the server for TLS (all but DISABLE and ALLOW). */
    public boolean startsWithTls() {
        return this != DISABLE && this != ALLOW;
    }

    /**
     * Parses libpq's names ({@code verify-full}) or the constant names ({@code VERIFY_FULL}),
     * ignoring case.
     *
     * @throws IllegalArgumentException for any other value
     */
    public static SslMode from(String value) {
        if (value != null) {
            String v = value.trim().toUpperCase(Locale.ROOT).replace('-', '_');
            for (SslMode mode : values()) {
                if (mode.name().equals(v)) {
                    return mode;
                }
            }
        }
        throw new IllegalArgumentException("sslMode must be one of disable, allow, prefer, require, verify-ca, verify-full; got '" + value + "'");
    }
}
