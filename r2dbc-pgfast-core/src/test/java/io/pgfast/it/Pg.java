package io.pgfast.it;

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

/** Shortcuts for integration tests against the harness's server. */
final class Pg {

    static final Duration TIMEOUT = Duration.ofSeconds(30);

    private Pg() {
    }

    static TestServer server() {
        return TestPostgres.get();
    }

    /** A configuration for {@code role} on the test server, plaintext unless changed. */
    static PgfastConnectionConfigurationBuilder config(AuthMethod role) {
        TestServer s = server();
        TestRole r = s.role(role);
        return PgfastConnectionConfiguration.builder()
                .host(s.host()).port(s.port()).database(s.database())
                .username(r.user()).password(r.password())
                .sslMode(SslMode.DISABLE);
    }

    static PgfastConnectionFactory factory() {
        return new PgfastConnectionFactory(config(AuthMethod.SCRAM).build());
    }

    static PgfastConnection connect() {
        return connect(config(AuthMethod.SCRAM).build());
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

    static void run(Connection c, String sql) {
        Flux.from(c.createStatement(sql).execute()).concatMap(Result::getRowsUpdated).then().block(TIMEOUT);
    }
}
