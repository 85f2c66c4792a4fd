package io.pgfast.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestServer;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcConnectionDetails;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * What {@code @ServiceConnection} on a Testcontainers {@code PostgreSQLContainer} registers, without Docker: an
 * {@link R2dbcConnectionDetails} bean whose options are those of Testcontainers'
 * {@code PostgreSQLR2DBCDatabaseContainer.getOptions(container)}: driver {@code postgresql}, host, an Integer port,
 * database, user and password; no URL. Boot then ignores {@code spring.r2dbc.url}.
 */
@RequiresPostgres
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"spring.main.banner-mode=off", "logging.level.root=warn"})
class ServiceConnectionShapeTest {

    @TestConfiguration(proxyBeanMethods = false)
    static class ContainerLikeConnectionDetails {

        @Bean
        R2dbcConnectionDetails r2dbcConnectionDetails() {
            TestServer server = TestDatabase.server();
            ConnectionFactoryOptions options = ConnectionFactoryOptions.builder()
                    .option(ConnectionFactoryOptions.DRIVER, "postgresql")
                    .option(ConnectionFactoryOptions.HOST, server.host())
                    .option(ConnectionFactoryOptions.PORT, server.port())
                    .option(ConnectionFactoryOptions.DATABASE, server.database())
                    .option(ConnectionFactoryOptions.USER, TestDatabase.role().user())
                    .option(ConnectionFactoryOptions.PASSWORD, TestDatabase.role().password())
                    .build();
            return () -> options;
        }
    }

    @Autowired
    ConnectionFactory connectionFactory;
    @Autowired
    DatabaseClient database;

    @Test
    void bootBuildsThisDriversFactoryFromTheOptionsAndItWorks() {
        assertThat(ConnectionFactories.innermost(connectionFactory)).isInstanceOf(PgfastConnectionFactory.class);
        assertThat(database.sql("SELECT current_user AS name").map(row -> row.get("name", String.class))
                .one().block(Duration.ofSeconds(10))).isEqualTo(TestDatabase.role().user());
    }
}
