/**
 * Opening a connection: from a configuration to an authenticated {@link io.pgfast.connect.Session} (TCP or
 * Unix socket, TLS as the SSL mode asks, startup and authentication, the lookup of the database's own
 * types, and {@link io.pgfast.connect.RuntimeTypes}, the factory's codecs that learn the types results name
 * later), and, for host lists or a {@code targetServerType}, which host to use: the order of attempts,
 * the per-factory host-status cache, the server-role probe and the error that names every host.
 *
 * <p>The bridge from the configuration to the transport is here: {@code TransportSettingsMapping} and
 * {@code TlsSettingsMapping} turn options into the transport's plain settings, once per factory.
 *
 * <p>May import config, flow, transport, protocol, error and the codecs; never {@code io.pgfast.r2dbc}, which
 * wraps a {@code Session} into a connection.
 */
package io.pgfast.connect;
