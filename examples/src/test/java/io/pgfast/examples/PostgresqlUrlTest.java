package io.pgfast.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;

import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.BootTestDatabase;
import io.pgfast.testing.RequiresPostgres;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.ConnectionFactory;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@code spring.r2dbc.url=r2dbc:postgresql://…} (the URL other PostgreSQL drivers document) is served by this
 * driver, because r2dbc-postgresql is not on the class path; driver options given as
 * {@code spring.r2dbc.properties.<option>} reach it as Strings. Boot's r2dbc-pool stays in front of it: only an
 * {@code r2dbc:pgfast:} URL switches to the driver's own pool.
 */
@RequiresPostgres
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"spring.main.banner-mode=off", "logging.level.root=warn"})
class PostgresqlUrlTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        registry.add("spring.r2dbc.url", () -> BootTestDatabase.urlWithoutOptions("postgresql"));
        registry.add("spring.r2dbc.properties.applicationName", () -> BootTestDatabase.APPLICATION_NAME);
        registry.add("spring.r2dbc.properties.statementTimeout", () -> "4s");
        registry.add("spring.r2dbc.username", () -> BootTestDatabase.role().user());
        registry.add("spring.r2dbc.password", () -> BootTestDatabase.role().password());
    }

    @Autowired
    ConnectionFactory connectionFactory;
    @Autowired
    DatabaseClient database;

    @Test
    void r2dbcPostgresqlIsAbsent() {
        assertThatThrownBy(() -> Class.forName("io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider"))
                .isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void theFactoryBehindBootsPoolIsThisDriversAndItWorks() {
        assertThat(connectionFactory).isInstanceOf(ConnectionPool.class);
        assertThat(ConnectionFactories.innermost(connectionFactory)).isInstanceOf(PgfastConnectionFactory.class);
        assertThat(connectionFactory.getMetadata().getName()).isEqualTo("PostgreSQL");
        assertThat(setting("application_name")).isEqualTo(BootTestDatabase.APPLICATION_NAME);
    }

    @Test
    void optionsFromSpringR2dbcPropertiesReachTheDriver() {
        assertThat(setting("statement_timeout")).isEqualTo("4s");
    }

    private String setting(String name) {
        return database.sql("SELECT current_setting($1) AS value").bind(0, name)
                .map(row -> row.get("value", String.class)).one().block(Duration.ofSeconds(10));
    }
}
