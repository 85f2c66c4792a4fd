/**
 * TLS for the transport: the Netty {@code SslContext} built from PEM/DER files as libpq reads them, the
 * host-name and certificate checks of each SSL mode, and the server certificate's hash for channel
 * binding.
 *
 * <p>May import {@code io.pgfast.transport}, {@code io.pgfast.protocol.auth} and Netty; never the R2DBC
 * configuration.
 */
package io.pgfast.transport.tls;
