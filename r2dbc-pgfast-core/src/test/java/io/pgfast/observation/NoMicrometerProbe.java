package io.pgfast.observation;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.config.SslMode;
import io.r2dbc.spi.Connection;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;

/**
 * Loaded by {@link NoMicrometerTest} in a class loader of its own: connects without an observation
 * registry, runs a simple and an extended statement and a batch, and reports what it saw.
 */
public final class NoMicrometerProbe {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private NoMicrometerProbe() {
    }

    /** Returns the rows read, then (when {@code tryRegistry}) the message of the refused observationRegistry. */
    public static String run(String host, int port, String database, String user, String password, boolean tryRegistry) {
        PgfastConnectionConfigurationBuilder b = PgfastConnectionConfiguration.builder().host(host).port(port).database(database)
                .username(user).password(password).sslMode(SslMode.DISABLE);
        Connection c = Mono.from(new PgfastConnectionFactory(b.build()).create()).block(TIMEOUT);
        StringBuilder out = new StringBuilder();
        try {
            out.append(Flux.from(c.createStatement("SELECT 40 + 2").execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).blockLast(TIMEOUT));
            out.append(' ').append(Flux.from(c.createStatement("SELECT $1::text").bind(0, "bound").execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, String.class))).blockLast(TIMEOUT));
            out.append(' ').append(Flux.from(c.createBatch().add("SELECT 1").add("SELECT 2").execute())
                    .concatMap(r -> r.getRowsUpdated()).count().block(TIMEOUT));
        } finally {
            Mono.from(c.close()).block(TIMEOUT);
        }
        if (tryRegistry) {
            try {
                b.observationRegistry(new Object());
                out.append(" accepted");
            } catch (IllegalArgumentException e) {
                out.append(" refused: ").append(e.getMessage());
            }
        }
        return out.toString();
    }
}
