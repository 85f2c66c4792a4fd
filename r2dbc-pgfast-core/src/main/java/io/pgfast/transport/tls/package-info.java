/**
 * TLS for the transport: the Netty {@code SslContext} built from PEM files as libpq reads them (PKCS#8
 * keys decoded by Netty; PKCS#1, SEC1 and PBES2 under a non-ASCII password by this package), and the
 * host-name and certificate checks of each SSL mode. It is configured by its own value,
 * {@link io.pgfast.transport.tls.TlsSettings}.
 *
 * <p>May import {@code io.pgfast.transport}, {@code io.pgfast.protocol.auth}, Netty and the R2DBC SPI's
 * exceptions; never the R2DBC configuration.
 */
package io.pgfast.transport.tls;
