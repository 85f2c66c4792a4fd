package io.pgfast.it;

import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.pgfast.testing.TestServer;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.Wrapped;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@RequiresPostgres
class PoolTest {

    private static ConnectionFactory pool(int size) {
        TestServer s = TestDb.server();
        return ConnectionFactories.get("r2dbc:pool:pgfast://" + s.role(AuthMethod.SCRAM).user() + ":" + s.role(AuthMethod.SCRAM).password()
                + "@" + s.host() + ":" + s.port() + "/" + s.database() + "?sslMode=disable&initialSize=1&maxSize=" + size
                + "&validationDepth=LOCAL&maxAcquireTime=PT20S");
    }

    @Test
    void poolUrlWorksAndUnwrapsToOurConnection() {
        ConnectionFactory factory = pool(2);
        try {
            assertThat(factory).isInstanceOf(ConnectionPool.class);
            Connection c = Mono.from(factory.create()).block(TestDb.TIMEOUT);
            assertThat(((Wrapped<?>) c).unwrap()).isInstanceOf(PgfastConnection.class);
            assertThat(TestDb.one(c, "SELECT 41 + 1", Integer.class)).isEqualTo(42);
            TestDb.close(c);
        } finally {
            ((ConnectionPool) factory).dispose();
        }
    }

    @Test
    void releaseRollsBackWhatTheUserLeftOpen() {
        ConnectionFactory factory = pool(1);
        try {
            TestDb.server().execute("DROP TABLE IF EXISTS pool_rollback", "CREATE TABLE pool_rollback (id int)", "GRANT ALL ON pool_rollback TO PUBLIC");
            Connection c = Mono.from(factory.create()).block(TestDb.TIMEOUT);
            Mono.from(c.beginTransaction()).block(TestDb.TIMEOUT);
            TestDb.run(c, "INSERT INTO pool_rollback VALUES (1)");
            TestDb.close(c);
            Connection again = Mono.from(factory.create()).block(TestDb.TIMEOUT);
            assertThat(TestDb.one(again, "SELECT count(*) FROM pool_rollback", Long.class)).isZero();
            assertThat(again.isAutoCommit()).isTrue();
            TestDb.close(again);
        } finally {
            ((ConnectionPool) factory).dispose();
        }
    }

    @Test
    void twoHundredConcurrentRequestsOnAPoolOfTen() {
        ConnectionFactory factory = pool(10);
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            int rounds = 0;
            do {
                List<Integer> answers = Flux.range(0, 200)
                        .flatMap(i -> Flux.usingWhen(factory.create(),
                                c -> Flux.from(c.createStatement("SELECT $1::int * 2").bind(0, i).execute())
                                        .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class) - 2 * i)),
                                Connection::close), 200)
                        .collectList().block(TestDb.TIMEOUT);
                assertThat(answers).hasSize(200).containsOnly(0);
                rounds++;
            } while (System.nanoTime() < deadline && rounds < 20);
            assertThat(rounds).isPositive();
        } finally {
            ((ConnectionPool) factory).dispose();
        }
    }
}
