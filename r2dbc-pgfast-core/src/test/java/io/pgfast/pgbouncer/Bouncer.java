package io.pgfast.pgbouncer;

import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.config.SslMode;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.PgBouncer;
import io.pgfast.testing.TestRole;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Result;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.List;

/** Shortcuts for tests through the harness's PgBouncer. */
final class Bouncer {

    static final Duration TIMEOUT = Duration.ofSeconds(30);

    private Bouncer() {
    }

    /** A plaintext configuration for {@code role} through {@code bouncer}. */
    static PgfastConnectionConfigurationBuilder config(PgBouncer bouncer, AuthMethod role) {
        TestRole r = bouncer.server().role(role);
        return PgfastConnectionConfiguration.builder()
                .host(bouncer.host()).port(bouncer.port()).database(bouncer.server().database())
                .username(r.user()).password(r.password())
                .sslMode(SslMode.DISABLE);
    }

    static PgfastConnectionConfigurationBuilder config(PgBouncer bouncer) {
        return config(bouncer, AuthMethod.SCRAM);
    }

    static PgfastConnection connect(PgfastConnectionConfiguration config) {
        return (PgfastConnection) Mono.from(new PgfastConnectionFactory(config).create()).block(TIMEOUT);
    }

    static void close(Connection c) {
        Mono.from(c.close()).block(TIMEOUT);
    }

    /** All values of the first column, as {@code type}. */
    static <T> List<T> column(Connection c, String sql, Class<T> type) {
        return Flux.from(c.createStatement(sql).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, type)))
                .collectList().block(TIMEOUT);
    }

    static <T> T one(Connection c, String sql, Class<T> type) {
        List<T> values = column(c, sql, type);
        if (values.size() != 1) {
            throw new AssertionError("expected one row from " + sql + ", got " + values);
        }
        return values.get(0);
    }

    /** The first column of the one row of {@code sql} with {@code $1} bound to {@code value}. */
    static <T> T one(Connection c, String sql, Object value, Class<T> type) {
        List<T> values = Flux.from(c.createStatement(sql).bind(0, value).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, type)))
                .collectList().block(TIMEOUT);
        if (values == null || values.size() != 1) {
            throw new AssertionError("expected one row from " + sql + ", got " + values);
        }
        return values.get(0);
    }

    static void run(Connection c, String sql) {
        Flux.from(c.createStatement(sql).execute()).concatMap(Result::getRowsUpdated).then().block(TIMEOUT);
    }
}
