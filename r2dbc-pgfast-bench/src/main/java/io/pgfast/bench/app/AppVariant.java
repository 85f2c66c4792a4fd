package io.pgfast.bench.app;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.pgfast.bench.BenchTarget;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One variant of the application: the same endpoints, only the driver or pool differs, set by Boot properties alone.
 * Every pool holds at most the same number of connections ({@link #POOL_SIZE} in the benchmark, TFB's setting); R2DBC
 * pools start with Boot's and r2dbc-pool's default initial size (10, or the maximum when that is smaller), HikariCP with
 * its default (as many idle connections as its maximum).
 */
public enum AppVariant {
    /** The baseline: r2dbc-postgresql on r2dbc-pool (Boot's path for an {@code r2dbc:pool:} URL). */
    R2DBC_POSTGRESQL("r2dbc-postgresql", "r2dbc-postgresql on r2dbc-pool", true),
    /** pgfast on r2dbc-pool. */
    PGFAST_R2DBC_POOL("pgfast-r2dbc-pool", "pgfast on r2dbc-pool", true),
    /** pgfast on its own pool, which r2dbc-pgfast-spring-boot builds from {@code spring.r2dbc.pool.*}. */
    PGFAST_POOL("pgfast-pool", "pgfast, its own pool", true),
    /** The same with {@code pgfast.pool.shared-leases=true}: several requests' statements share a connection. */
    PGFAST_SHARED_LEASES("pgfast-shared", "pgfast, shared leases", true),
    /** Spring MVC on virtual threads, JdbcTemplate on pgjdbc and HikariCP: the stack users weigh against reactive. */
    MVC_JDBC("mvc-jdbc", "MVC, virtual threads, pgjdbc + HikariCP", false);

    /** TFB's pool size, for every variant. */
    public static final int POOL_SIZE = 256;
    /** The Java feature version that has virtual threads, which the MVC variant runs on. */
    public static final int VIRTUAL_THREADS_JAVA = 21;

    private final String id;
    private final String label;
    private final boolean reactive;

    AppVariant(String id, String label, boolean reactive) {
        this.id = id;
        this.label = label;
        this.reactive = reactive;
    }

    public String id() {
        return id;
    }

    public String label() {
        return label;
    }

    public boolean reactive() {
        return reactive;
    }

    /** @throws IllegalArgumentException naming the ids there are */
    public static AppVariant byId(String id) {
        for (AppVariant v : values()) {
            if (v.id.equals(id.trim().toLowerCase(Locale.ROOT))) {
                return v;
            }
        }
        throw new IllegalArgumentException("no application variant '" + id + "' (variants: " + ids(List.of(values())) + ")");
    }

    public static String ids(List<AppVariant> variants) {
        return String.join(",", variants.stream().map(AppVariant::id).toList());
    }

    /** The initial size of the R2DBC pools: Boot's default for {@code spring.r2dbc.pool.initial-size}, and r2dbc-pool's. */
    static final int R2DBC_INITIAL_SIZE = 10;

    /**
     * The Boot properties of this variant on {@code target}, serving HTTP on {@code port} (0: any free port), with pools
     * of at most {@code poolSize} connections.
     */
    public Map<String, Object> properties(BenchTarget target, int port, int poolSize) {
        String size = Integer.toString(poolSize);
        String initial = Integer.toString(Math.min(R2DBC_INITIAL_SIZE, poolSize));
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("server.address", "127.0.0.1");
        p.put("server.port", Integer.toString(port));
        p.put("spring.main.banner-mode", "off");
        p.put("spring.main.log-startup-info", "false");
        // Tomcat's and Boot's start-up lines would fill the logs of every window's process
        p.put("logging.level.root", "warn");
        String hostPortDb = target.host() + ':' + target.port() + '/' + target.database();
        switch (this) {
            case R2DBC_POSTGRESQL -> r2dbc(p, target, "r2dbc:pool:postgresql://" + hostPortDb + "?sslMode=disable&maxSize=" + size
                    + "&initialSize=" + initial);
            case PGFAST_R2DBC_POOL -> r2dbc(p, target, "r2dbc:pool:pgfast://" + hostPortDb + "?sslMode=disable&maxSize=" + size
                    + "&initialSize=" + initial);
            case PGFAST_POOL, PGFAST_SHARED_LEASES -> {
                r2dbc(p, target, "r2dbc:pgfast://" + hostPortDb + "?sslMode=disable");
                p.put("spring.r2dbc.pool.max-size", size);
                p.put("spring.r2dbc.pool.initial-size", initial);
                if (this == PGFAST_SHARED_LEASES) {
                    p.put("pgfast.pool.shared-leases", "true");
                }
            }
            case MVC_JDBC -> {
                p.put("spring.datasource.url", "jdbc:postgresql://" + hostPortDb + "?sslmode=disable");
                p.put("spring.datasource.username", target.user());
                p.put("spring.datasource.password", target.password());
                p.put("spring.datasource.hikari.maximum-pool-size", size);
                p.put("spring.threads.virtual.enabled", "true");
            }
        }
        return p;
    }

    private static void r2dbc(Map<String, Object> p, BenchTarget target, String url) {
        p.put("spring.r2dbc.url", url);
        p.put("spring.r2dbc.username", target.user());
        p.put("spring.r2dbc.password", target.password());
    }

    /** Starts this variant in this JVM with pools of at most {@code poolSize}; the caller closes the context. */
    public ConfigurableApplicationContext start(BenchTarget target, int port, int poolSize) {
        SpringApplication app = new SpringApplication(reactive ? ReactiveApp.class : MvcApp.class);
        app.setWebApplicationType(reactive ? WebApplicationType.REACTIVE : WebApplicationType.SERVLET);
        app.setDefaultProperties(properties(target, port, poolSize));
        return app.run();
    }

    /** The port a started context serves on. */
    public static int port(ConfigurableApplicationContext context) {
        return Integer.parseInt(context.getEnvironment().getRequiredProperty("local.server.port"));
    }
}
