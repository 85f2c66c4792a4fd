package io.pgfast.pool;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;

/**
 * What the pool's tests add to {@link Pg} and {@link TestDb}: connections named by application, so that a pool's
 * backends can be counted and killed from a connection of its own.
 */
final class PoolDb {

    private PoolDb() {
    }

    static PgfastConnectionFactory factory(String application) {
        return new PgfastConnectionFactory(Pg.config().applicationName(application).build());
    }

    static PgfastPoolConfiguration.Builder pool(String application) {
        return PgfastPoolConfiguration.builder(factory(application)).name(application);
    }

    /** A connection of its own, outside any pool (to watch and kill the pool's backends). */
    static PgfastConnection direct() {
        return (PgfastConnection) TestDb.connect(factory("pgfast-pool-watcher"));
    }

    /** The backend process id of a pooled or plain connection. */
    static int pid(Connection c) {
        return TestDb.one(c, "SELECT pg_backend_pid()", Integer.class);
    }

    /** Backends with this application name, polled until there are {@code expected} or 10 s have passed. */
    static long backends(Connection watcher, String application, long expected) throws InterruptedException {
        long count = -1;
        for (int i = 0; i < 100 && count != expected; i++) {
            count = TestDb.one(watcher, "SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + application + "'", Long.class);
            if (count != expected) {
                Thread.sleep(100);
            }
        }
        return count;
    }
}
