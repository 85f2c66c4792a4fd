package io.pgfast.bench.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.pgfast.bench.BenchTarget;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The verifier against the application on the test server: the variants pass it, and applications with a defect it
 * must find do not. The MVC variant runs here on Java 17's platform threads when the test JVM has no virtual threads
 * (Boot then ignores {@code spring.threads.virtual.enabled}): the same endpoints and statements.
 */
@RequiresPostgres
class AppVerifierTest {
    /** Pools small enough for three applications at once on the test server's 100 connections. */
    private static final int POOL = 10;
    private static BenchTarget target;
    private static ConfigurableApplicationContext pgfastPool;

    @BeforeAll
    static void tables() throws Exception {
        TestServer server = TestPostgres.get();
        TestRole trust = server.role(AuthMethod.TRUST);
        target = new BenchTarget(server.host(), server.port(), server.database(), trust.user(), trust.password());
        try (Connection c = DriverManager.getConnection(target.jdbcUrl(), target.user(), target.password())) {
            TfbTables.createAndFill(c);
        }
        pgfastPool = AppVariant.PGFAST_POOL.start(target, 0, POOL);
    }

    @AfterAll
    static void stop() {
        if (pgfastPool != null) {
            pgfastPool.close();
        }
    }

    /**
     * No check failed; and nothing was left unchecked, but for the server's counts on PostgreSQL before 15 without
     * pg_stat_statements (the verifier says so in a warning).
     */
    private static void assertPasses(List<Problem> problems) throws Exception {
        assertThat(problems).filteredOn(p -> p.severity() == Problem.Severity.FAIL).isEmpty();
        if (serverMajor() >= 15) {
            assertThat(problems).isEmpty();
        } else {
            assertThat(problems).singleElement().satisfies(p -> assertThat(p.message()).startsWith("not counted"));
        }
    }

    private static int serverMajor() throws Exception {
        try (Connection c = DriverManager.getConnection(target.jdbcUrl(), target.user(), target.password())) {
            return c.getMetaData().getDatabaseMajorVersion();
        }
    }

    private static String base(ConfigurableApplicationContext app) {
        return "http://127.0.0.1:" + AppVariant.port(app);
    }

    @Test
    void pgfastOnItsOwnPoolPasses() throws Exception {
        assertPasses(new AppVerifier(target).verify(base(pgfastPool)));
    }

    @Test
    void theBaselinePasses() throws Exception {
        try (ConfigurableApplicationContext app = AppVariant.R2DBC_POSTGRESQL.start(target, 0, POOL)) {
            assertPasses(new AppVerifier(target).verify(base(app)));
        }
    }

    @Test
    void theMvcVariantPasses() throws Exception {
        try (ConfigurableApplicationContext app = AppVariant.MVC_JDBC.start(target, 0, POOL)) {
            assertPasses(new AppVerifier(target).verify(base(app)));
        }
    }

    @Test
    void aFortunesPageWithoutEscapingFails() throws Exception {
        try (BrokenApp broken = new BrokenApp(base(pgfastPool), "/fortunes", "/fortunes",
                body -> body.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'"))) {
            List<Problem> problems = new AppVerifier(target, 2_000).verify(broken.base());
            assertThat(AppVerifier.passed(problems)).isFalse();
            assertThat(problems).anySatisfy(p -> {
                assertThat(p.url()).endsWith("/fortunes");
                assertThat(p.message()).contains("not the fortunes page");
            });
        }
    }

    @Test
    void updatesThatDoNotPersistFail() throws Exception {
        // the updates endpoint answered by the reads, each world with a new number that is never written
        Pattern number = Pattern.compile("\"randomNumber\":(\\d+)");
        try (BrokenApp broken = new BrokenApp(base(pgfastPool), "/updates", "/queries", body -> {
            Matcher m = number.matcher(body);
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                int changed = 1 + (Integer.parseInt(m.group(1)) + ThreadLocalRandom.current().nextInt(1, 9999)) % 10_000;
                m.appendReplacement(out, "\"randomNumber\":" + changed);
            }
            return m.appendTail(out).toString();
        })) {
            List<Problem> problems = new AppVerifier(target, 2_000).verify(broken.base());
            assertThat(AppVerifier.passed(problems)).isFalse();
            assertThat(problems).anySatisfy(p -> assertThat(p.message()).contains("the update did not persist"));
            // the server's counts too, where they can be read (see assertPasses)
            String counted = serverMajor() >= 15 ? "world rows updated" : "not counted";
            assertThat(problems).anySatisfy(p -> assertThat(p.message()).contains(counted));
        }
    }
}
