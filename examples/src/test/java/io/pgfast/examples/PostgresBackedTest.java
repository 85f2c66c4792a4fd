package io.pgfast.examples;

import io.pgfast.testing.BootTestDatabase;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The whole application on a random port, connected to the harness's PostgreSQL with
 * {@code r2dbc:pgfast://}. Every subclass shares one application context (same configuration), so the
 * context starts once per test run.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.main.banner-mode=off", "logging.level.root=warn"})
@Import(TransactionProbe.class)
abstract class PostgresBackedTest {

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        registry.add("spring.r2dbc.url", () -> BootTestDatabase.url("pgfast"));
        registry.add("spring.r2dbc.username", () -> BootTestDatabase.role().user());
        registry.add("spring.r2dbc.password", () -> BootTestDatabase.role().password());
    }
}
