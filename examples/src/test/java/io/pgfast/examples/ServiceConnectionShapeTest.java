package io.pgfast.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestServer;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.Option;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.r2dbc.OptionsCapableConnectionFactory;
import org.springframework.boot.r2dbc.autoconfigure.ConnectionFactoryOptionsBuilderCustomizer;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcConnectionDetails;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * What {@code @ServiceConnection} on a Testcontainers {@code PostgreSQLContainer} registers, without Docker: an
 * {@link R2dbcConnectionDetails} bean whose options are those of Testcontainers'
 * {@code PostgreSQLR2DBCDatabaseContainer.getOptions(container)}: driver {@code postgresql}, host, an Integer port,
 * database, user and password; no URL. Boot then ignores {@code spring.r2dbc.url}, username, password and
 * {@code spring.r2dbc.properties.*}, but still applies {@link ConnectionFactoryOptionsBuilderCustomizer} beans.
 */
@RequiresPostgres
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"spring.main.banner-mode=off", "logging.level.root=warn",
                "spring.r2dbc.properties.statementTimeout=4s"})
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

        @Bean
        ConnectionFactoryOptionsBuilderCustomizer applicationName() {
            return builder -> builder.option(Option.valueOf("applicationName"), TestDatabase.APPLICATION_NAME);
        }
    }

    @Autowired
    ConnectionFactory connectionFactory;
    @Autowired
    DatabaseClient database;

    @Test
    void bootBuildsThisDriversFactoryFromTheOptionsAndItWorks() {
        // connection details from elsewhere than spring.r2dbc.url keep Boot's r2dbc-pool, whatever the URL says
        assertThat(connectionFactory).isInstanceOf(ConnectionPool.class);
        assertThat(ConnectionFactories.innermost(connectionFactory)).isInstanceOf(PgfastConnectionFactory.class);
        assertThat(OptionsCapableConnectionFactory.unwrapFrom(connectionFactory).getOptions()
                .getValue(ConnectionFactoryOptions.DRIVER)).isEqualTo("postgresql");
        assertThat(database.sql("SELECT current_user AS name").map(row -> row.get("name", String.class))
                .one().block(Duration.ofSeconds(10))).isEqualTo(TestDatabase.role().user());
    }

    @Test
    void customizersReachTheDriverButSpringR2dbcPropertiesDoNot() {
        assertThat(setting("application_name")).isEqualTo(TestDatabase.APPLICATION_NAME);
        assertThat(setting("statement_timeout")).isEqualTo("0");
    }

    private String setting(String name) {
        return database.sql("SELECT current_setting($1) AS value").bind(0, name)
                .map(row -> row.get("value", String.class)).one().block(Duration.ofSeconds(10));
    }
}
