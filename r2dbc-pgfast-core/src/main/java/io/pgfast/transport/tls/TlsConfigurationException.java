package io.pgfast.transport.tls;

import io.r2dbc.spi.R2dbcNonTransientResourceException;

/**
 * The TLS settings cannot be put to use: a certificate or key file named by the configuration (or
 * libpq's default root certificate file) is missing, unreadable or malformed, the key does not
 * match the certificate, or the JVM refuses the resulting context. No TLS connection can be made
 * until the configuration or the files change. The message names the option and the file, never a
 * password.
 */
public final class TlsConfigurationException extends R2dbcNonTransientResourceException {

    private static final long serialVersionUID = 1L;

    public TlsConfigurationException(String reason) {
        super(reason);
    }

    public TlsConfigurationException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
