package io.pgfast.pool;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.config.SslMode;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.r2dbc.PgfastConnectionFactory;
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

/** Shortcuts for the pool's tests against the harness's server. */
final class PoolDb {

    /** Bounds every wait, to catch hangs only. */
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private PoolDb() {
    }

    /** The SCRAM role on the test server (or at {@code host:port}, a proxy in front of it), TLS off. */
    static PgfastConnectionConfigurationBuilder config(String application) {
        TestServer s = TestPostgres.get();
        return config(application, s.host(), s.port());
    }

    static PgfastConnectionConfigurationBuilder config(String application, String host, int port) {
        TestServer s = TestPostgres.get();
        TestRole r = s.role(AuthMethod.SCRAM);
        return PgfastConnectionConfiguration.builder()
                .host(host).port(port).database(s.database())
                .username(r.user()).password(r.password())
                .sslMode(SslMode.DISABLE).applicationName(application);
    }

    static PgfastConnectionFactory factory(String application) {
        return new PgfastConnectionFactory(config(application).build());
    }

    static PgfastPoolConfiguration.Builder pool(String application) {
        return PgfastPoolConfiguration.builder(factory(application)).name(application);
    }

    /** A connection of its own, outside any pool (to watch and kill the pool's backends). */
    static PgfastConnection direct() {
        return (PgfastConnection) Mono.from(factory("pgfast-pool-watcher").create()).block(TIMEOUT);
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

    /** The backend process id of a pooled or plain connection. */
    static int pid(Connection c) {
        return one(c, "SELECT pg_backend_pid()", Integer.class);
    }

    /** Backends with this application name, polled until there are {@code expected} or 10 s have passed. */
    static long backends(Connection watcher, String application, long expected) throws InterruptedException {
        long count = -1;
        for (int i = 0; i < 100 && count != expected; i++) {
            count = one(watcher, "SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + application + "'", Long.class);
            if (count != expected) {
                Thread.sleep(100);
            }
        }
        return count;
    }

    static void close(Connection c) {
        Mono.from(c.close()).block(TIMEOUT);
    }
}
