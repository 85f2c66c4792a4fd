package io.pgfast.config;

import java.util.Locale;

/**
 * Whether SCRAM authentication binds to the TLS channel (SCRAM-SHA-256-PLUS with
 * {@code tls-server-end-point}, RFC 5929), as libpq's {@code channel_binding}.
 */
public enum ChannelBindingMode {

    /** Never use channel binding. */
    DISABLE,
    /** Use it when the connection is TLS and the server offers SCRAM-SHA-256-PLUS. The default. */
    PREFER,
    /**
     * Fail unless the server authenticates with channel binding; this also refuses any
     * authentication method other than SCRAM (cleartext, MD5, trust).
     */
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
    public static ChannelBindingMode from(String value) {
        if (value != null) {
            String v = value.trim().toUpperCase(Locale.ROOT);
            for (ChannelBindingMode m : values()) {
                if (m.name().equals(v)) {
                    return m;
                }
            }
        }
        throw new IllegalArgumentException("channelBinding must be one of disable, prefer, require; got '" + value + "'");
    }
}
