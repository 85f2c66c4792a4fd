package io.pgfast.reliability;

import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.config.SslMode;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Result;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.List;

/** Shortcuts for the reliability tests that talk to the harness's server, directly or through a proxy. */
final class Db {

    static final Duration TIMEOUT = Duration.ofSeconds(30);

    private Db() {
    }

    static TestServer server() {
        return TestPostgres.get();
    }

    /** {@code role} on the test server, at {@code host:port} (the server itself or a proxy in front of it), TLS off. */
    static PgfastConnectionConfigurationBuilder config(AuthMethod role, String host, int port) {
        TestServer s = server();
        TestRole r = s.role(role);
        return PgfastConnectionConfiguration.builder()
                .host(host).port(port).database(s.database())
                .username(r.user()).password(r.password())
                .sslMode(SslMode.DISABLE);
    }

    /** {@code role} on the test server itself. */
    static PgfastConnectionConfigurationBuilder direct(AuthMethod role) {
        return config(role, server().host(), server().port());
    }

    static PgfastConnection connect(PgfastConnectionConfiguration config) {
        return (PgfastConnection) Mono.from(new PgfastConnectionFactory(config).create()).block(TIMEOUT);
    }

    static void close(Connection c) {
        Mono.from(c.close()).block(TIMEOUT);
    }

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

    static void run(Connection c, String sql) {
        Flux.from(c.createStatement(sql).execute()).concatMap(Result::getRowsUpdated).then().block(TIMEOUT);
    }
}
