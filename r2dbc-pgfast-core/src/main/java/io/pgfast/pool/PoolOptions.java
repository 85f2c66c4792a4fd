package io.pgfast.pool;

import io.pgfast.config.OptionCoercion;
import io.pgfast.config.PgOption;
import io.pgfast.r2dbc.PgfastConnectionFactoryProvider;
import io.r2dbc.spi.Option;
import io.r2dbc.spi.ValidationDepth;

import java.time.Duration;
import java.util.List;

/**
 * Every option of the pool, each declared once (see {@link PgOption}). Those r2dbc-pool also has keep its names,
 * meanings and, as Spring Boot sets them ({@code spring.r2dbc.pool.*}), its defaults, so that the options of an
 * {@code r2dbc:pool:pgfast:} URL carry over to {@code r2dbc:pgfast:...?pool=true} unchanged. A duration of zero or
 * less means unbounded, as in r2dbc-pool. The typed methods of {@link PgfastPoolConfiguration} and its builder, the
 * pool's table in OPTIONS.md and Spring Boot's metadata of the {@code pgfast.pool.*} properties are generated from
 * these declarations.
 */
public final class PoolOptions {

    /**
     * {@code pool=true} (a Boolean, or a String as from a URL) makes {@code ConnectionFactories} give a {@link PgfastPool};
     * the name is {@link PgfastConnectionFactoryProvider#POOL}'s, which must know it to leave such options to the pool.
     */
    public static final Option<Boolean> POOL = Option.valueOf(PgfastConnectionFactoryProvider.POOL);

    /** Boot's default, as {@link #INITIAL_SIZE}'s. */
    public static final PgOption<Integer> MAX_SIZE = PgOption.integer("maxSize", 10, 1, "must be at least 1",
                    "Connections open at most")
            .details("Handed out, idle and being opened together. It also lowers `initialSize` to it unless that was set (as"
                    + " Boot leaves both at 10).");
    public static final PgOption<Integer> INITIAL_SIZE = PgOption.integer("initialSize", 10, 0, "must not be negative",
                    "Connections opened by warmup() or the first acquisition")
            .details("`warmup()` opens them at once, the first acquisition in the background.")
            .defaultDescribedAs("`10`, at most `maxSize`");
    public static final PgOption<Integer> MIN_IDLE = PgOption.integer("minIdle", 0, 0, "must not be negative",
                    "Idle connections kept open")
            .details("The pool opens new ones as idle ones close or are evicted.");
    /** Boot's default. */
    public static final PgOption<Duration> MAX_IDLE_TIME = PgOption.duration("maxIdleTime", Duration.ofMinutes(30),
                    PoolOptions::bound, "An idle connection unused this long is closed")
            .details("While more than `minIdle` are idle; null, zero or less: never.");
    public static final PgOption<Duration> MAX_LIFE_TIME = PgOption.duration("maxLifeTime", null, PoolOptions::bound,
                    "A connection is closed once this old")
            .details("Up to 2.5 % earlier, at random, so that connections opened together do not retire together: when it"
                    + " comes back, or while idle. Null, zero or less: never.")
            .defaultDescribedAs("unbounded");
    public static final PgOption<Duration> MAX_ACQUIRE_TIME = PgOption.duration("maxAcquireTime", null, PoolOptions::bound,
                    "An acquisition fails after this long without a connection")
            .details("With an `R2dbcTimeoutException` naming the option. Null, zero or less: never.")
            .defaultDescribedAs("unbounded");
    public static final PgOption<Duration> MAX_CREATE_CONNECTION_TIME = PgOption.duration("maxCreateConnectionTime", null,
                    PoolOptions::bound, "Opening one connection fails after this long")
            .details("With an `R2dbcTimeoutException`. Null, zero or less: the factory's own `connectTimeout` alone.")
            .defaultDescribedAs("unbounded (the factory's `connectTimeout` still bounds it)");
    public static final PgOption<Integer> ACQUIRE_RETRY = PgOption.integer("acquireRetry", 1, 0, "must not be negative",
                    "Further attempts to open a connection within one acquisition")
            .details("Made after one failed.");
    public static final PgOption<String> VALIDATION_QUERY = PgOption.of("validationQuery", null, OptionCoercion::string,
                    v -> v == null || v.isBlank() ? null : v, "Run on a connection idle longer than validationIdleTime")
            .details("Before it is handed out; a failure closes it and the next one is tried. Null or blank: none.");
    public static final PgOption<ValidationDepth> VALIDATION_DEPTH = PgOption.enumeration("validationDepth",
                    ValidationDepth.LOCAL, ValidationDepth.class, PoolOptions::validationDepth,
                    "LOCAL: the socket; REMOTE: also a round trip")
            .details("`LOCAL` checks the socket on every acquisition, without a round trip; `REMOTE` also runs an empty"
                    + " query on a connection idle longer than `validationIdleTime` (a `validationQuery` takes its place).");
    public static final PgOption<Duration> MAX_VALIDATION_TIME = PgOption.duration("maxValidationTime", null,
                    PoolOptions::bound, "A validation taking longer counts as failed")
            .details("A validation is a `validationQuery` or a remote one. Null, zero or less: unbounded.")
            .defaultDescribedAs("unbounded");
    /** Held as {@code Integer.MAX_VALUE} for "no bound". */
    public static final PgOption<Integer> MAX_PENDING = PgOption.integer("maxPending", Integer.MAX_VALUE, v -> {
                if (v < -1) {
                    throw new IllegalArgumentException("maxPending must be -1 (unbounded) or at least 0, got " + v);
                }
                return v == -1 ? Integer.MAX_VALUE : v;
            }, "Acquisitions that may wait at once; -1 for no bound")
            .details("One more fails at once with an `R2dbcTransientResourceException` naming the option.")
            .spelledAs(v -> v == Integer.MAX_VALUE ? "-1" : String.valueOf(v))
            .shownAs(v -> v == Integer.MAX_VALUE ? "unbounded" : String.valueOf(v));
    /**
     * HikariCP's 500 ms: the socket check alone, which every acquisition makes, finds what the server closed, so a
     * connection used this recently needs no more.
     */
    public static final PgOption<Duration> VALIDATION_IDLE_TIME = PgOption.duration("validationIdleTime",
                    Duration.ofMillis(500), v -> {
                        if (v == null || v.isNegative()) {
                            throw new IllegalArgumentException("validationIdleTime must not be null or negative, got " + v);
                        }
                        return v;
                    }, "A connection used this recently is not validated remotely")
            .details("It is handed out without a `validationQuery` or a remote validation, as HikariCP does.");
    public static final PgOption<Duration> BACKGROUND_EVICTION_INTERVAL = PgOption.duration("backgroundEvictionInterval",
                    null, PoolOptions::bound, "How often idle connections are checked")
            .details("For `maxIdleTime`, `maxLifeTime`, a closed socket and `minIdle`. Null, zero or less: derived.")
            .defaultDescribedAs("derived: half the shorter of `maxIdleTime` and `maxLifeTime`, within 1 s to 30 s");
    public static final PgOption<Duration> DRAIN_TIME = PgOption.duration("drainTime", Duration.ofSeconds(10),
                    v -> positive("drainTime", v), "How long a statement still running at release may take")
            .details("A connection given back while a statement on it still runs is closed past it.");
    public static final PgOption<Duration> CLOSE_TIME = PgOption.duration("closeTime", Duration.ofSeconds(30),
                    v -> positive("closeTime", v), "How long closing the pool waits for connections handed out")
            .details("Past it, they are closed.");
    public static final PgOption<Boolean> SHARED_LEASES = PgOption.bool("sharedLeases", false,
                    "Statements outside a transaction share connections, pipelined; SQL that changes the session is refused")
            .details("A handle that begins a transaction or changes session state gets a connection of its own. What this"
                    + " mode refuses is under \"Shared leases\" in OPTIONS.md.");
    /** vertx's pooled client's default. */
    public static final PgOption<Integer> PIPELINING_LIMIT = PgOption.integer("pipeliningLimit", 256, 1, "must be at least 1",
                    "With sharedLeases: statements in flight on one connection at most")
            .details("Past it, another connection is used or opened.");
    public static final PgOption<String> NAME = PgOption.of("name", "pgfast", OptionCoercion::string, v -> {
                if (v == null || v.isBlank()) {
                    throw new IllegalArgumentException("name must not be blank");
                }
                return v;
            }, "The pool's name, in its meters and messages")
            .details("Its meters carry it as their `name` tag.");
    /** Typed {@code Object} so that micrometer-core stays optional. */
    public static final PgOption<Object> METER_REGISTRY = PgOption.of("meterRegistry", null, (n, v) -> v,
                    PoolMeters::requireRegistry, "Registers the pool's meters")
            .details("In a Micrometer `MeterRegistry` (typed `Object`, so that micrometer-core stays optional), when the pool"
                    + " is made: the gauges Spring Boot registers for r2dbc-pool and an acquisition timer, see \"Metrics\" in"
                    + " OPTIONS.md. `PgfastPool.bindTo(registry)` does the same later.")
            .typeText("a Micrometer `MeterRegistry` (typed `Object`)").withForm(PgOption.Form.CODE).hidden();

    private PoolOptions() {
    }

    /** Every option, in declaration order. */
    public static List<PgOption<?>> all() {
        return ALL;
    }

    // last: every option above is declared by now
    private static final List<PgOption<?>> ALL = PgOption.declaredIn(PoolOptions.class);

    private static ValidationDepth validationDepth(String value) {
        for (ValidationDepth d : ValidationDepth.values()) {
            if (d.name().equalsIgnoreCase(value.trim())) {
                return d;
            }
        }
        throw new IllegalArgumentException("validationDepth must be LOCAL or REMOTE, got '" + value + "'");
    }

    /** Null, zero or negative: unbounded (null), as r2dbc-pool reads them. */
    private static Duration bound(Duration d) {
        return d == null || d.isZero() || d.isNegative() ? null : d;
    }

    private static Duration positive(String option, Duration d) {
        if (d == null || d.isZero() || d.isNegative()) {
            throw new IllegalArgumentException(option + " must be positive, got " + d);
        }
        return d;
    }
}
