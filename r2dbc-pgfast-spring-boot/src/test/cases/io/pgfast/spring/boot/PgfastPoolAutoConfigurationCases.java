package io.pgfast.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.pgfast.config.PgOption;
import io.pgfast.pool.PgfastPool;
import io.pgfast.pool.PgfastPoolConfiguration;
import io.pgfast.pool.PoolOptions;
import io.pgfast.pool.SharedLeaseException;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.BootTestDatabase;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestServer;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.Option;
import io.r2dbc.spi.ValidationDepth;
import io.r2dbc.spi.Wrapped;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.r2dbc.ConnectionFactoryDecorator;
import org.springframework.boot.r2dbc.OptionsCapableConnectionFactory;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * The auto-configuration in Boot's own R2DBC auto-configuration, against the real server:
 * {@code spring.r2dbc.url=r2dbc:pgfast:...} gives a {@link PgfastPool} built from {@code spring.r2dbc.pool.*} that Boot
 * does not wrap in r2dbc-pool again, with its gauges under Boot's r2dbc-pool names (and an acquisition timer); every
 * other URL keeps Boot's path.
 *
 * <p>The same cases for both Spring Boot lines: this file is compiled into r2dbc-pgfast-spring-boot's tests against
 * Boot 4 and into r2dbc-pgfast-spring-boot3's against Boot 3.5, and each line's test supplies what is typed by its
 * line (its auto-configuration classes, a customizer bean, a connection details bean). It uses no other class whose
 * package differs between the lines.
 */
@RequiresPostgres
public abstract class PgfastPoolAutoConfigurationCases {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(autoConfigurations())
            .withPropertyValues("spring.r2dbc.username=" + BootTestDatabase.role().user(),
                    "spring.r2dbc.password=" + BootTestDatabase.role().password());

    /**
     * The line's: this driver's pool auto-configuration, Boot's {@code R2dbcAutoConfiguration},
     * {@link PgfastPoolMetricsAutoConfiguration} and Boot's {@code ConnectionPoolMetricsAutoConfiguration}.
     */
    protected abstract AutoConfigurations autoConfigurations();

    /** {@code runner} with a bean of the line's {@code ConnectionFactoryOptionsBuilderCustomizer} that runs {@code customizer}. */
    protected abstract ApplicationContextRunner withCustomizer(ApplicationContextRunner runner,
                                                               Consumer<ConnectionFactoryOptions.Builder> customizer);

    /** {@code runner} with a bean of the line's {@code R2dbcConnectionDetails} that gives {@code options}. */
    protected abstract ApplicationContextRunner withConnectionDetails(ApplicationContextRunner runner,
                                                                      ConnectionFactoryOptions options);

    private static String url(String driver) {
        return "spring.r2dbc.url=" + BootTestDatabase.url(driver);
    }

    @Test
    void aPgfastUrlGivesThePoolItselfAsTheConnectionFactoryAndItServesQueries() {
        runner.withPropertyValues(url("pgfast")).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).getBeans(ConnectionFactory.class).containsOnlyKeys("connectionFactory");
            assertThat(context.getBean(ConnectionFactory.class)).isInstanceOf(PgfastPool.class);
            assertThat(context).doesNotHaveBean(ConnectionPool.class);
            assertThat(select(context.getBean(ConnectionFactory.class), "application_name")).isEqualTo(BootTestDatabase.APPLICATION_NAME);
            // Boot's defaults for spring.r2dbc.pool.*
            PgfastPoolConfiguration c = context.getBean(PgfastPool.class).getConfiguration();
            assertThat(c.name()).isEqualTo("connectionFactory");
            assertThat(c.maxSize()).isEqualTo(10);
            assertThat(c.initialSize()).isEqualTo(10);
            assertThat(c.maxIdleTime()).isEqualTo(Duration.ofMinutes(30));
            assertThat(c.validationQuery()).isNull();
            assertThat(c.validationDepth()).isEqualTo(ValidationDepth.LOCAL);
        });
    }

    @Test
    void springR2dbcPoolPropertiesReachThePool() {
        runner.withPropertyValues(url("pgfast"), "spring.r2dbc.pool.initial-size=2", "spring.r2dbc.pool.max-size=4",
                "spring.r2dbc.pool.min-idle=1", "spring.r2dbc.pool.max-idle-time=7m", "spring.r2dbc.pool.max-life-time=1h",
                "spring.r2dbc.pool.max-acquire-time=45s", "spring.r2dbc.pool.max-create-connection-time=20s",
                "spring.r2dbc.pool.max-validation-time=3s", "spring.r2dbc.pool.acquire-retry=2",
                "spring.r2dbc.pool.validation-query=SELECT 1", "spring.r2dbc.pool.validation-depth=remote").run(context -> {
            PgfastPool pool = context.getBean(PgfastPool.class);
            PgfastPoolConfiguration c = pool.getConfiguration();
            assertThat(c.initialSize()).isEqualTo(2);
            assertThat(c.maxSize()).isEqualTo(4);
            assertThat(c.minIdle()).isEqualTo(1);
            assertThat(c.maxIdleTime()).isEqualTo(Duration.ofMinutes(7));
            assertThat(c.maxLifeTime()).isEqualTo(Duration.ofHours(1));
            assertThat(c.maxAcquireTime()).isEqualTo(Duration.ofSeconds(45));
            assertThat(c.maxCreateConnectionTime()).isEqualTo(Duration.ofSeconds(20));
            assertThat(c.maxValidationTime()).isEqualTo(Duration.ofSeconds(3));
            assertThat(c.acquireRetry()).isEqualTo(2);
            assertThat(c.validationQuery()).isEqualTo("SELECT 1");
            assertThat(c.validationDepth()).isEqualTo(ValidationDepth.REMOTE);
            assertThat(pool.getMetrics().getMaxAllocatedSize()).isEqualTo(4);
            assertThat(select(pool, "application_name")).isEqualTo(BootTestDatabase.APPLICATION_NAME);
        });
    }

    @Test
    void anInitialSizeAboveMaxSizeIsRefusedAsR2dbcPoolRefusesIt() {
        runner.withPropertyValues(url("pgfast"), "spring.r2dbc.pool.max-size=4").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("initialSize (10) must not exceed maxSize (4)");
        });
    }

    @Test
    void springR2dbcPropertiesAndCustomizersReachTheConnections() {
        withCustomizer(runner, builder -> builder.option(Option.valueOf("applicationName"), "customized"))
                .withPropertyValues(BootTestDatabase.urlWithoutOptions("pgfast").transform(u -> "spring.r2dbc.url=" + u),
                        "spring.r2dbc.properties.statementTimeout=4s")
                .run(context -> {
                    ConnectionFactory pool = context.getBean(ConnectionFactory.class);
                    assertThat(pool).isInstanceOf(PgfastPool.class);
                    assertThat(select(pool, "statement_timeout")).isEqualTo("4s");
                    assertThat(select(pool, "application_name")).isEqualTo("customized");
                });
    }

    @Test
    void theGaugesAppearUnderBootsR2dbcPoolNamesTaggedWithTheBeanName() {
        runner.withPropertyValues(url("pgfast"), "spring.r2dbc.pool.initial-size=1", "spring.r2dbc.pool.max-size=3")
                .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .run(context -> {
                    MeterRegistry registry = context.getBean(MeterRegistry.class);
                    ConnectionFactory pool = context.getBean(ConnectionFactory.class);
                    assertThat(gauge(registry, "max.allocated")).isEqualTo(3);
                    assertThat(gauge(registry, "max.pending")).isEqualTo(Integer.MAX_VALUE);
                    Connection held = Mono.from(pool.create()).block(TIMEOUT);
                    try {
                        assertThat(gauge(registry, "acquired")).isEqualTo(1);
                        assertThat(gauge(registry, "allocated")).isGreaterThanOrEqualTo(1);
                        assertThat(gauge(registry, "pending")).isZero();
                    } finally {
                        Mono.from(held.close()).block(TIMEOUT);
                    }
                    // the connection given back and any still being opened settle as idle ones
                    await().atMost(TIMEOUT).untilAsserted(() -> {
                        assertThat(gauge(registry, "acquired")).isZero();
                        assertThat(gauge(registry, "idle")).isEqualTo(gauge(registry, "allocated")).isPositive();
                    });
                    assertThat(registry.get("r2dbc.pool.acquire").tag("name", "connectionFactory").timer().count())
                            .isPositive();
                });
    }

    @Test
    void aPostgresqlUrlKeepsBootsR2dbcPoolInFrontOfTheDriver() {
        runner.withPropertyValues(url("postgresql"), "spring.r2dbc.pool.initial-size=1", "spring.r2dbc.pool.max-size=4").run(context -> {
            ConnectionFactory factory = context.getBean(ConnectionFactory.class);
            assertThat(factory).isInstanceOf(ConnectionPool.class);
            assertThat(((ConnectionPool) factory).getMetrics().orElseThrow().getMaxAllocatedSize()).isEqualTo(4);
            assertThat(innermost(factory)).isInstanceOf(PgfastConnectionFactory.class);
            assertThat(context).doesNotHaveBean(PgfastPool.class);
            assertThat(select(factory, "application_name")).isEqualTo(BootTestDatabase.APPLICATION_NAME);
        });
    }

    @Test
    void aPoolPgfastUrlAsksForR2dbcPool() {
        runner.withPropertyValues("spring.r2dbc.url=" + BootTestDatabase.url("pool:pgfast")).run(context -> {
            assertThat(context.getBean(ConnectionFactory.class)).isInstanceOf(ConnectionPool.class);
            assertThat(context).doesNotHaveBean(PgfastPool.class);
        });
    }

    @Test
    void poolEnabledFalseGivesTheDriversFactoryUnpooledAsBootDoes() {
        runner.withPropertyValues(url("pgfast"), "spring.r2dbc.pool.enabled=false").run(context -> {
            ConnectionFactory factory = context.getBean(ConnectionFactory.class);
            assertThat(factory).isNotInstanceOf(PgfastPool.class).isNotInstanceOf(ConnectionPool.class);
            assertThat(innermost(factory)).isInstanceOf(PgfastConnectionFactory.class);
        });
    }

    @Test
    void aUrlWithPoolTrueFailsStartupNamingTheWaysOut() {
        runner.withPropertyValues(url("pgfast") + "&pool=true&maxSize=2").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("pool=true").hasMessageContaining("spring.r2dbc.pool.enabled=false");
        });
    }

    /** Every option of the pool that Boot has no property for, as a {@code pgfast.pool.*} property. */
    private static final List<String> PGFAST_POOL_PROPERTIES = List.of("pgfast.pool.max-pending=100",
            "pgfast.pool.validation-idle-time=2s", "pgfast.pool.background-eviction-interval=1m",
            "pgfast.pool.drain-time=5s", "pgfast.pool.close-time=7s", "pgfast.pool.shared-leases=true",
            "pgfast.pool.pipelining-limit=16");

    @Test
    void pgfastPoolPropertiesReachTheOptionsBootHasNoPropertyFor() {
        // every declared option is either Boot's or listed here: a new one cannot be left out
        List<String> notBoots = PoolOptions.all().stream().filter(o -> !isBoots(o))
                .map(o -> "pgfast.pool." + kebab(o.name())).collect(Collectors.toList());
        assertThat(PGFAST_POOL_PROPERTIES.stream().map(p -> p.substring(0, p.indexOf('='))).toList())
                .containsExactlyInAnyOrderElementsOf(notBoots);
        runner.withPropertyValues(url("pgfast"), "spring.r2dbc.pool.initial-size=1", "spring.r2dbc.pool.max-size=2")
                .withPropertyValues(PGFAST_POOL_PROPERTIES.toArray(String[]::new)).run(context -> {
                    PgfastPool pool = context.getBean(PgfastPool.class);
                    PgfastPoolConfiguration c = pool.getConfiguration();
                    assertThat(c.maxSize()).isEqualTo(2);
                    assertThat(c.maxPending()).isEqualTo(100);
                    assertThat(c.validationIdleTime()).isEqualTo(Duration.ofSeconds(2));
                    assertThat(c.backgroundEvictionInterval()).isEqualTo(Duration.ofMinutes(1));
                    assertThat(c.drainTime()).isEqualTo(Duration.ofSeconds(5));
                    assertThat(c.closeTime()).isEqualTo(Duration.ofSeconds(7));
                    assertThat(c.sharedLeases()).isTrue();
                    assertThat(c.pipeliningLimit()).isEqualTo(16);
                    // a shared lease serves Spring's DatabaseClient, and refuses what would change a shared session
                    assertThat(select(pool, "application_name")).isEqualTo(BootTestDatabase.APPLICATION_NAME);
                    assertThat(catchThrowable(() -> DatabaseClient.create(pool).sql("SET work_mem = '1MB'").then()
                            .block(TIMEOUT))).hasRootCauseInstanceOf(SharedLeaseException.class);
                });
    }

    /**
     * What IDEs and Boot's tooling read: every {@code pgfast.pool.*} property, with its declaration's doc and the default
     * a property can write, as the build generated it from the declarations.
     */
    @Test
    void theConfigurationMetadataDescribesEveryPgfastPoolProperty() throws IOException {
        // r2dbc-pgfast-spring-boot's own, not one of the Boot jars' beside it on the class path
        String jar = BootPoolFactory.class.getProtectionDomain().getCodeSource().getLocation().toString();
        URL metadata = Collections.list(BootPoolFactory.class.getClassLoader()
                        .getResources("META-INF/spring-configuration-metadata.json")).stream()
                .filter(url -> url.toString().contains(jar)).findFirst().orElse(null);
        assertThat(metadata).as("r2dbc-pgfast-spring-boot's configuration metadata").isNotNull();
        String json;
        try (InputStream in = metadata.openStream()) {
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(json).isEqualTo(PgfastPoolPropertiesMetadata.json());
        Map<String, String[]> described = new HashMap<>();
        Matcher m = Pattern.compile("\\{\\s*\"name\": \"(pgfast\\.pool\\.[a-z-]+)\", "
                + "\"type\": \"[\\w.]+\", \"description\": \"([^\"]*)\",(?: \"defaultValue\": \"([^\"]*)\",)?")
                .matcher(json.replaceAll("\\s*\n\\s*", " "));
        while (m.find()) {
            described.put(m.group(1), new String[]{m.group(2), m.group(3)});
        }
        List<PgOption<?>> notBoots = PoolOptions.all().stream().filter(o -> !isBoots(o)).toList();
        assertThat(described.keySet()).containsExactlyInAnyOrderElementsOf(
                notBoots.stream().map(o -> "pgfast.pool." + kebab(o.name())).toList());
        for (PgOption<?> o : notBoots) {
            String[] d = described.get("pgfast.pool." + kebab(o.name()));
            assertThat(d[0]).as("description of " + o).isEqualTo(o.doc() + ".");
            assertThat(d[1]).as("default of " + o).isEqualTo(o.defaultText());
        }
        assertThat(described.get("pgfast.pool.drain-time")[1]).isEqualTo("10s");
    }

    @Test
    void aPgfastPoolPropertyThatBootHasIsRefusedNamingBoots() {
        runner.withPropertyValues(url("pgfast"), "pgfast.pool.max-size=4").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("pgfast.pool.max-size").hasMessageContaining("spring.r2dbc.pool.max-size");
        });
    }

    @Test
    void aPgfastPoolPropertyThatDoesNotFitFailsStartupNamingIt() {
        runner.withPropertyValues(url("pgfast"), "pgfast.pool.pipelining-limit=many").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).hasStackTraceContaining("IllegalStateException: pgfast.pool.pipelining-limit: ")
                    .rootCause().isInstanceOf(IllegalArgumentException.class).hasMessageContaining("many");
        });
    }

    @Test
    void poolEnabledFalseWithPoolTrueGivesTheUrlsPoolUnwrapped() {
        // the other way to the pool's options Boot has no property for: the pool in the URL
        runner.withPropertyValues(url("pgfast") + "&pool=true&maxSize=2&sharedLeases=true",
                "spring.r2dbc.pool.enabled=false").run(context -> {
            // Boot's options wrapper, around the URL's pool and no r2dbc-pool
            ConnectionFactory factory = context.getBean(ConnectionFactory.class);
            assertThat(factory).isNotInstanceOf(ConnectionPool.class);
            ConnectionFactory inner = innermost(factory);
            assertThat(inner).isInstanceOf(PgfastPool.class);
            assertThat(((PgfastPool) inner).getConfiguration().maxSize()).isEqualTo(2);
            assertThat(((PgfastPool) inner).getConfiguration().sharedLeases()).isTrue();
            assertThat(select(factory, "application_name")).isEqualTo(BootTestDatabase.APPLICATION_NAME);
            ((PgfastPool) inner).dispose();
        });
    }

    @Test
    void theGaugesCountConnectionsAsBootsDo() {
        runner.withPropertyValues(url("pgfast"), "spring.r2dbc.pool.initial-size=1", "spring.r2dbc.pool.max-size=3")
                .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .run(context -> assertThat(context.getBean(MeterRegistry.class).get("r2dbc.pool.acquired")
                        .tag("name", "connectionFactory").gauge().getId().getBaseUnit()).isEqualTo("connections"));
    }

    @Test
    void aConnectionFactoryDecoratorFailsStartupNamingTheWaysOut() {
        runner.withPropertyValues(url("pgfast"))
                .withBean(ConnectionFactoryDecorator.class, () -> factory -> factory)
                .run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause().isInstanceOf(IllegalStateException.class)
                            .hasMessageContaining("ConnectionFactoryDecorator").hasMessageContaining("r2dbc:pool:pgfast:");
                });
    }

    /**
     * What {@code @ServiceConnection} on a Testcontainers {@code PostgreSQLContainer} registers, without Docker: an
     * {@code R2dbcConnectionDetails} bean whose options are those of Testcontainers'
     * {@code PostgreSQLR2DBCDatabaseContainer.getOptions(container)}: driver {@code postgresql}, host, an Integer port,
     * database, user and password; no URL. Boot then ignores {@code spring.r2dbc.url}, username, password and
     * {@code spring.r2dbc.properties.*}, but still applies {@code ConnectionFactoryOptionsBuilderCustomizer} beans.
     */
    private ApplicationContextRunner containerLikeConnectionDetails() {
        TestServer server = BootTestDatabase.server();
        ConnectionFactoryOptions options = ConnectionFactoryOptions.builder()
                .option(ConnectionFactoryOptions.DRIVER, "postgresql")
                .option(ConnectionFactoryOptions.HOST, server.host())
                .option(ConnectionFactoryOptions.PORT, server.port())
                .option(ConnectionFactoryOptions.DATABASE, server.database())
                .option(ConnectionFactoryOptions.USER, BootTestDatabase.role().user())
                .option(ConnectionFactoryOptions.PASSWORD, BootTestDatabase.role().password())
                .build();
        // the application's own URL and properties, which connection details from elsewhere override
        return withCustomizer(withConnectionDetails(runner, options),
                builder -> builder.option(Option.valueOf("applicationName"), BootTestDatabase.APPLICATION_NAME))
                .withPropertyValues("spring.r2dbc.url=r2dbc:pgfast://localhost:5432/bank?applicationName=pgfast-examples",
                        "spring.r2dbc.properties.statementTimeout=4s");
    }

    @Test
    void bootBuildsThisDriversFactoryFromTheOptionsAndItWorks() {
        containerLikeConnectionDetails().run(context -> {
            ConnectionFactory connectionFactory = context.getBean(ConnectionFactory.class);
            // connection details from elsewhere than spring.r2dbc.url keep Boot's r2dbc-pool, whatever the URL says
            assertThat(connectionFactory).isInstanceOf(ConnectionPool.class);
            assertThat(innermost(connectionFactory)).isInstanceOf(PgfastConnectionFactory.class);
            assertThat(OptionsCapableConnectionFactory.unwrapFrom(connectionFactory).getOptions()
                    .getValue(ConnectionFactoryOptions.DRIVER)).isEqualTo("postgresql");
            assertThat(DatabaseClient.create(connectionFactory).sql("SELECT current_user AS name")
                    .map(row -> row.get("name", String.class)).one().block(Duration.ofSeconds(10)))
                    .isEqualTo(BootTestDatabase.role().user());
        });
    }

    @Test
    void customizersReachTheDriverButSpringR2dbcPropertiesDoNot() {
        containerLikeConnectionDetails().run(context -> {
            ConnectionFactory connectionFactory = context.getBean(ConnectionFactory.class);
            assertThat(select(connectionFactory, "application_name")).isEqualTo(BootTestDatabase.APPLICATION_NAME);
            assertThat(select(connectionFactory, "statement_timeout")).isEqualTo("0");
        });
    }

    /** Looks through Boot's wrappers (the r2dbc-pool, the options holder) for the driver's factory. */
    private static ConnectionFactory innermost(ConnectionFactory factory) {
        ConnectionFactory current = factory;
        while (current instanceof Wrapped<?> wrapped && wrapped.unwrap() instanceof ConnectionFactory inner) {
            current = inner;
        }
        return current;
    }

    private static boolean isBoots(PgOption<?> option) {
        return List.of("name", "initialSize", "maxSize", "minIdle", "maxIdleTime", "maxLifeTime", "maxAcquireTime",
                "maxCreateConnectionTime", "maxValidationTime", "acquireRetry", "validationQuery", "validationDepth",
                "meterRegistry").contains(option.name());
    }

    private static String kebab(String name) {
        return name.replaceAll("([A-Z])", "-$1").toLowerCase(java.util.Locale.ROOT);
    }

    private static double gauge(MeterRegistry registry, String name) {
        return registry.get("r2dbc.pool." + name).tag("name", "connectionFactory").gauge().value();
    }

    private static String select(ConnectionFactory factory, String setting) {
        return DatabaseClient.create(factory).sql("SELECT current_setting($1) AS value").bind(0, setting)
                .map(row -> row.get("value", String.class)).one().block(TIMEOUT);
    }
}
