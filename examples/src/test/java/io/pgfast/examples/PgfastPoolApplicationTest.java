package io.pgfast.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgfast.pool.PgfastPool;
import io.pgfast.testing.RequiresPostgres;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.ConnectionFactory;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

/**
 * The whole application, as the other {@link PostgresBackedTest}s run it ({@code r2dbc:pgfast://} and
 * r2dbc-pgfast-spring-boot on the class path), runs on the driver's own pool: Boot has not put r2dbc-pool in front.
 */
@RequiresPostgres
class PgfastPoolApplicationTest extends PostgresBackedTest {

    @Autowired
    ApplicationContext context;
    @Autowired
    ConnectionFactory connectionFactory;

    @Test
    void theApplicationsConnectionFactoryIsThePgfastPool() {
        assertThat(connectionFactory).isInstanceOf(PgfastPool.class);
        assertThat(context.getBeansOfType(ConnectionPool.class)).isEmpty();
        assertThat(context.getBeansOfType(ConnectionFactory.class)).containsOnlyKeys("connectionFactory");
        assertThat(((PgfastPool) connectionFactory).getMetrics().getAllocatedSize()).isPositive();
    }
}
