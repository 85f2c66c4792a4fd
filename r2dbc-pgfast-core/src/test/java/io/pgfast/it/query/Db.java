package io.pgfast.it.query;

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
import io.r2dbc.spi.Option;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import io.r2dbc.spi.TransactionDefinition;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** Shortcuts for the query-layer integration tests against the harness's server. */
final class Db {

    static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static final AtomicInteger NAMES = new AtomicInteger();

    private Db() {
    }

    static TestServer server() {
        return TestPostgres.get();
    }

    /** A plaintext configuration for the SCRAM role of the test server. */
    static PgfastConnectionConfigurationBuilder config() {
        TestServer s = server();
        TestRole r = s.role(AuthMethod.SCRAM);
        return PgfastConnectionConfiguration.builder()
                .host(s.host()).port(s.port()).database(s.database())
                .username(r.user()).password(r.password())
                .sslMode(SslMode.DISABLE);
    }

    static PgfastConnection connect() {
        return connect(config().build());
    }

    static PgfastConnection connect(PgfastConnectionConfiguration config) {
        return (PgfastConnection) Mono.from(new PgfastConnectionFactory(config).create()).block(TIMEOUT);
    }

    static void close(Connection c) {
        if (c != null) {
            Mono.from(c.close()).block(TIMEOUT);
        }
    }

    /** A table name no other test class (or earlier run against the same server) uses. */
    static String uniqueName(String prefix) {
        return prefix + "_" + ProcessHandle.current().pid() + "_" + NAMES.incrementAndGet();
    }

    /** All values of the first column of every result of {@code statement}, as {@code type}. */
    static <T> List<T> column(Statement statement, Class<T> type) {
        return Flux.from(statement.execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, type)))
                .collectList().block(TIMEOUT);
    }

    static <T> List<T> column(Connection c, String sql, Class<T> type) {
        return column(c.createStatement(sql), type);
    }

    static <T> T one(Statement statement, Class<T> type) {
        List<T> values = column(statement, type);
        if (values.size() != 1) {
            throw new AssertionError("expected one row from " + statement + ", got " + values);
        }
        return values.get(0);
    }

    static <T> T one(Connection c, String sql, Class<T> type) {
        return one(c.createStatement(sql), type);
    }

    /** Runs {@code sql} (a simple query: several statements allowed), reading only the update counts. */
    static void run(Connection c, String sql) {
        rowsUpdated(c.createStatement(sql));
    }

    /** The update counts of every result of {@code statement}, in order. */
    static List<Long> rowsUpdated(Statement statement) {
        return Flux.from(statement.execute()).concatMap(Result::getRowsUpdated).collectList().block(TIMEOUT);
    }

    /** The update counts of every result of {@code statement}, without blocking. */
    static Flux<Long> rowsUpdatedAsync(Statement statement) {
        return Flux.from(statement.execute()).concatMap(Result::getRowsUpdated);
    }

    /** A transaction definition holding exactly {@code attributes}. */
    static TransactionDefinition definition(Map<Option<?>, Object> attributes) {
        return new TransactionDefinition() {
            @Override
            @SuppressWarnings("unchecked")
            public <T> T getAttribute(Option<T> option) {
                return (T) attributes.get(option);
            }
        };
    }
}
