package io.pgfast.connect;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgOptions;
import io.pgfast.config.SslNegotiation;
import io.pgfast.transport.DeadPeerDetection;
import io.pgfast.transport.Notices;
import io.pgfast.transport.TransportSettings;

/**
 * Turns the options the transport uses into its {@link TransportSettings}, once per factory, so that the
 * transport never reads the configuration (the layering keeps the transport below config). An option the
 * transport needs is a field there and a line here.
 */
final class TransportSettingsMapping {

    private TransportSettingsMapping() {
    }

    /**
     * @param replication a replication connection: nothing is read ahead on it ({@code readAheadLimit} is an
     *                    option of the connections the factory hands out, which run statements inside others' rows)
     */
    static TransportSettings of(PgfastConnectionConfiguration configuration, boolean replication) {
        return new TransportSettings(
                configuration.get(PgOptions.CONNECT_TIMEOUT),
                new DeadPeerDetection(configuration.get(PgOptions.TCP_KEEP_ALIVE),
                        configuration.get(PgOptions.TCP_KEEP_ALIVE_IDLE), configuration.get(PgOptions.TCP_KEEP_ALIVE_INTERVAL),
                        configuration.get(PgOptions.TCP_KEEP_ALIVE_COUNT), configuration.get(PgOptions.TCP_USER_TIMEOUT)),
                configuration.get(PgOptions.TCP_NO_DELAY),
                configuration.get(PgOptions.SSL_NEGOTIATION) == SslNegotiation.DIRECT,
                configuration.get(PgOptions.MAX_MESSAGE_SIZE),
                configuration.get(PgOptions.PIPELINE_LIMIT),
                configuration.get(PgOptions.SOCKET_TIMEOUT),
                replication ? 0 : configuration.get(PgOptions.READ_AHEAD_LIMIT),
                new Notices(level(configuration.get(PgOptions.NOTICE_LOG_LEVEL)),
                        level(configuration.get(PgOptions.ERROR_RESPONSE_LOG_LEVEL))),
                configuration.get(PgOptions.LOOP_RESOURCES),
                configuration.get(PgOptions.CANCEL_DRAIN_BYTES),
                configuration.get(PgOptions.CANCEL_DRAIN_TIME));
    }

    private static Notices.Level level(io.pgfast.config.LogLevel level) {
        return Notices.Level.valueOf(level.name());
    }
}
