package io.pgfast.r2dbc;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.transport.Transport;
import reactor.core.publisher.Mono;

/**
 * The way into the driver's connection setup for logical replication connections
 * ({@code io.pgfast.replication}): the same host choice, TLS, authentication and {@code connectTimeout} as
 * {@link PgfastConnectionFactory}, with {@code replication=database} in the startup message (protocol
 * 55.4) and no type lookup. The startup parameter is set here only: {@code options} still refuses it, so a
 * configuration cannot turn an ordinary connection into a walsender.
 *
 * <p>Not part of the R2DBC API: use {@code io.pgfast.replication.ReplicationConnection#open}.
 */
public final class ReplicationBootstrap {

    private ReplicationBootstrap() {
    }

    /** Opens and authenticates a replication connection; the transport is idle (after ReadyForQuery). */
    public static Mono<Transport> connect(PgfastConnectionConfiguration configuration) {
        if (configuration == null) {
            throw new IllegalArgumentException("configuration must not be null");
        }
        return new ConnectionBootstrap(configuration, CodecRegistry.builtins(), true, true).connect()
                .map(PgfastConnection::transport);
    }
}
