package io.pgfast.pool;

import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.ValidationDepth;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code pool=true} URLs give the pool, with every declared pool option applied; others give what they gave before.
 */
class PoolOptionsTest {

    private static final String BASE = "r2dbc:pgfast://app:secret@localhost:5432/appdb";

    private static PgfastPool pool(String query) {
        ConnectionFactory f = ConnectionFactories.get(BASE + "?pool=true" + query);
        assertThat(f).isInstanceOf(PgfastPool.class);
        return (PgfastPool) f;
    }

    @Test
    void poolTrueGivesThePoolWithTheOptionsOfTheUrl() {
        PgfastPool pool = pool("&maxSize=4&initialSize=2&minIdle=1&maxIdleTime=PT1M&maxLifeTime=10m&maxAcquireTime=5s"
                + "&maxCreateConnectionTime=3s&acquireRetry=3&validationQuery=SELECT%201&validationDepth=remote&maxValidationTime=2s"
                + "&maxPending=100&validationIdleTime=1s&backgroundEvictionInterval=20s&drainTime=4s&closeTime=6s&sharedLeases=true&pipeliningLimit=32&name=orders"
                + "&applicationName=billing");
        try {
            PgfastPoolConfiguration c = pool.getConfiguration();
            assertThat(c.maxSize()).isEqualTo(4);
            assertThat(c.initialSize()).isEqualTo(2);
            assertThat(c.minIdle()).isEqualTo(1);
            assertThat(c.maxIdleTime()).isEqualTo(Duration.ofMinutes(1));
            assertThat(c.maxLifeTime()).isEqualTo(Duration.ofMinutes(10));
            assertThat(c.maxAcquireTime()).isEqualTo(Duration.ofSeconds(5));
            assertThat(c.maxCreateConnectionTime()).isEqualTo(Duration.ofSeconds(3));
            assertThat(c.acquireRetry()).isEqualTo(3);
            assertThat(c.validationQuery()).isEqualTo("SELECT 1");
            assertThat(c.validationDepth()).isEqualTo(ValidationDepth.REMOTE);
            assertThat(c.maxValidationTime()).isEqualTo(Duration.ofSeconds(2));
            assertThat(c.maxPending()).isEqualTo(100);
            assertThat(c.validationIdleTime()).isEqualTo(Duration.ofSeconds(1));
            assertThat(c.backgroundEvictionInterval()).isEqualTo(Duration.ofSeconds(20));
            assertThat(c.drainTime()).isEqualTo(Duration.ofSeconds(4));
            assertThat(c.closeTime()).isEqualTo(Duration.ofSeconds(6));
            assertThat(c.sharedLeases()).isTrue();
            assertThat(c.pipeliningLimit()).isEqualTo(32);
            assertThat(c.name()).isEqualTo("orders");
            // the connection options go to the connections
            assertThat(c.connectionFactory().getConfiguration().applicationName()).isEqualTo("billing");
            assertThat(pool.getMetadata().getName()).isEqualTo("PostgreSQL");
        } finally {
            pool.dispose();
        }
    }

    @Test
    void withoutOptionsThePoolHasBootsDefaults() {
        PgfastPool pool = pool("");
        try {
            PgfastPoolConfiguration c = pool.getConfiguration();
            assertThat(c.maxSize()).isEqualTo(10);
            assertThat(c.initialSize()).isEqualTo(10);
            assertThat(c.minIdle()).isZero();
            assertThat(c.maxIdleTime()).isEqualTo(Duration.ofMinutes(30));
            assertThat(c.maxLifeTime()).isNull();
            assertThat(c.maxAcquireTime()).isNull();
            assertThat(c.maxCreateConnectionTime()).isNull();
            assertThat(c.acquireRetry()).isEqualTo(1);
            assertThat(c.validationQuery()).isNull();
            assertThat(c.validationDepth()).isEqualTo(ValidationDepth.LOCAL);
            assertThat(c.maxPending()).isEqualTo(Integer.MAX_VALUE);
        } finally {
            pool.dispose();
        }
    }

    @Test
    void otherUrlsGiveWhatTheyGaveBefore() {
        assertThat(ConnectionFactories.get(BASE)).isInstanceOf(PgfastConnectionFactory.class);
        assertThat(ConnectionFactories.get(BASE + "?pool=false&maxSize=4")).isInstanceOf(PgfastConnectionFactory.class);
        ConnectionFactory r2dbcPool = ConnectionFactories.get("r2dbc:pool:pgfast://app:secret@localhost:5432/appdb?maxSize=4");
        assertThat(r2dbcPool).isInstanceOf(ConnectionPool.class);
        ((ConnectionPool) r2dbcPool).dispose();
    }

    @Test
    void typedValuesFromCodeWork() {
        ConnectionFactoryOptions options = ConnectionFactoryOptions.parse(BASE).mutate()
                .option(PoolOptions.POOL, true)
                .option(PoolOptions.MAX_SIZE.r2dbcOption(), 3)
                .option(PoolOptions.MAX_ACQUIRE_TIME.r2dbcOption(), Duration.ofSeconds(2))
                .build();
        PgfastPool pool = (PgfastPool) ConnectionFactories.get(options);
        try {
            assertThat(pool.getConfiguration().maxSize()).isEqualTo(3);
            assertThat(pool.getConfiguration().maxAcquireTime()).isEqualTo(Duration.ofSeconds(2));
        } finally {
            pool.dispose();
        }
    }

    @Test
    void aBadValueIsRefusedNamingTheOption() {
        assertThatThrownBy(() -> ConnectionFactories.get(BASE + "?pool=true&maxSize=0"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxSize");
        assertThatThrownBy(() -> ConnectionFactories.get(BASE + "?pool=true&validationDepth=deep"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("validationDepth");
        assertThatThrownBy(() -> ConnectionFactories.get(BASE + "?pool=true&maxSize=2&minIdle=3"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("minIdle");
        assertThatThrownBy(() -> ConnectionFactories.get(BASE + "?pool=maybe"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("pool");
    }
}
