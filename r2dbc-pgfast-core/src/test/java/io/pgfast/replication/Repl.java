package io.pgfast.replication;

import io.pgfast.codec.type.Lsn;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.config.SslMode;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Result;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Shortcuts for logical replication tests against the harness's server, as its replication role. */
public final class Repl {

    public static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final AtomicInteger NAMES = new AtomicInteger();

    private Repl() {
    }

    public static TestServer server() {
        return TestPostgres.get();
    }

    public static int major() {
        return server().majorVersion();
    }

    /** The replication role on the test server, plaintext. */
    public static PgfastConnectionConfigurationBuilder config() {
        TestServer s = server();
        TestRole r = s.replicationRole();
        return PgfastConnectionConfiguration.builder()
                .host(s.host()).port(s.port()).database(s.database())
                .username(r.user()).password(r.password())
                .sslMode(SslMode.DISABLE);
    }

    public static ReplicationConnection open() {
        return open(config().build());
    }

    public static ReplicationConnection open(PgfastConnectionConfiguration configuration) {
        return ReplicationConnection.open(configuration).block(TIMEOUT);
    }

    public static void close(ReplicationConnection c) {
        if (c != null) {
            c.close().block(TIMEOUT);
        }
    }

    /** An ordinary connection as the replication role (it owns the tables and publications of the tests). */
    public static PgfastConnection sql() {
        return (PgfastConnection) Mono.from(new PgfastConnectionFactory(config().build()).create()).block(TIMEOUT);
    }

    public static void close(Connection c) {
        if (c != null) {
            Mono.from(c.close()).block(TIMEOUT);
        }
    }

    /** A name no other test uses: lower case, digits and underscores (valid for slots, tables, publications). */
    public static String unique(String prefix) {
        return prefix + "_" + ProcessHandle.current().pid() + "_" + NAMES.incrementAndGet();
    }

    public static void run(Connection c, String... statements) {
        for (String sql : statements) {
            Flux.from(c.createStatement(sql).execute()).concatMap(Result::getRowsUpdated).then().block(TIMEOUT);
        }
    }

    public static <T> List<T> column(Connection c, String sql, Class<T> type) {
        return Flux.from(c.createStatement(sql).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, type)))
                .collectList().block(TIMEOUT);
    }

    /** Polls {@code condition} every 20 ms until it holds; fails naming {@code what} after {@link #TIMEOUT}. */
    public static void await(String what, java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("gave up waiting for " + what + " after " + TIMEOUT);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /** The slot's confirmed_flush_lsn, as the server reports it: a pg_lsn column reads as the replication API's Lsn. */
    public static Lsn confirmedFlush(Connection c, String slot) {
        return one(c, "SELECT confirmed_flush_lsn FROM pg_replication_slots WHERE slot_name = '" + slot + "'", Lsn.class);
    }

    /** The PID of the walsender using the slot, 0 when none does. */
    public static int activePid(Connection c, String slot) {
        Integer pid = one(c, "SELECT coalesce(active_pid, 0) FROM pg_replication_slots WHERE slot_name = '" + slot + "'", Integer.class);
        return pid;
    }

    public static <T> T one(Connection c, String sql, Class<T> type) {
        List<T> values = column(c, sql, type);
        if (values.size() != 1) {
            throw new AssertionError("expected one row from " + sql + ", got " + values);
        }
        return values.get(0);
    }
}
