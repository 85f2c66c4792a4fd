package io.pgfast.pool;

import io.pgfast.config.OptionCoercion;
import io.pgfast.r2dbc.PgfastConnectionFactoryProvider;
import io.r2dbc.spi.Option;
import io.r2dbc.spi.ValidationDepth;

import java.time.Duration;
import java.util.List;

/**
 * Every option of the pool, each declared once (see {@link PoolOption}). Those r2dbc-pool also has keep its names, so
 * that the options of an {@code r2dbc:pool:pgfast:} URL carry over to {@code r2dbc:pgfast:...?pool=true} unchanged.
 * The builder methods of {@link PgfastPoolConfiguration.Builder} check the values; OPTIONS.md has a row for each
 * option, and a test checks the two agree.
 */
public final class PoolOptions {

    /**
     * {@code pool=true} (a Boolean, or a String as from a URL) makes {@code ConnectionFactories} give a {@link PgfastPool};
     * the name is {@link PgfastConnectionFactoryProvider#POOL}'s, which must know it to leave such options to the pool.
     */
    public static final Option<Boolean> POOL = Option.valueOf(PgfastConnectionFactoryProvider.POOL);

    public static final PoolOption<Integer> MAX_SIZE = new PoolOption<>("maxSize", OptionCoercion::integer,
            PgfastPoolConfiguration.Builder::maxSize, "10", "Connections open at most");
    public static final PoolOption<Integer> INITIAL_SIZE = new PoolOption<>("initialSize", OptionCoercion::integer,
            PgfastPoolConfiguration.Builder::initialSize, "10", "Connections opened by warmup() or the first acquisition");
    public static final PoolOption<Integer> MIN_IDLE = new PoolOption<>("minIdle", OptionCoercion::integer,
            PgfastPoolConfiguration.Builder::minIdle, "0", "Idle connections kept open");
    public static final PoolOption<Duration> MAX_IDLE_TIME = new PoolOption<>("maxIdleTime", OptionCoercion::duration,
            PgfastPoolConfiguration.Builder::maxIdleTime, "30m", "An idle connection unused this long is closed");
    public static final PoolOption<Duration> MAX_LIFE_TIME = new PoolOption<>("maxLifeTime", OptionCoercion::duration,
            PgfastPoolConfiguration.Builder::maxLifeTime, "unbounded", "A connection is closed once this old");
    public static final PoolOption<Duration> MAX_ACQUIRE_TIME = new PoolOption<>("maxAcquireTime", OptionCoercion::duration,
            PgfastPoolConfiguration.Builder::maxAcquireTime, "unbounded", "An acquisition fails after this long without a connection");
    public static final PoolOption<Duration> MAX_CREATE_CONNECTION_TIME = new PoolOption<>("maxCreateConnectionTime",
            OptionCoercion::duration, PgfastPoolConfiguration.Builder::maxCreateConnectionTime, "unbounded",
            "Opening one connection fails after this long");
    public static final PoolOption<Integer> ACQUIRE_RETRY = new PoolOption<>("acquireRetry", OptionCoercion::integer,
            PgfastPoolConfiguration.Builder::acquireRetry, "1", "Further attempts to open a connection within one acquisition");
    public static final PoolOption<String> VALIDATION_QUERY = new PoolOption<>("validationQuery", OptionCoercion::string,
            PgfastPoolConfiguration.Builder::validationQuery, "none", "Run on a connection idle longer than validationIdleTime");
    public static final PoolOption<ValidationDepth> VALIDATION_DEPTH = new PoolOption<>("validationDepth",
            PoolOptions::validationDepth,
            PgfastPoolConfiguration.Builder::validationDepth, "LOCAL", "LOCAL: the socket; REMOTE: also a round trip");
    public static final PoolOption<Duration> MAX_VALIDATION_TIME = new PoolOption<>("maxValidationTime", OptionCoercion::duration,
            PgfastPoolConfiguration.Builder::maxValidationTime, "unbounded", "A validation taking longer counts as failed");
    public static final PoolOption<Integer> MAX_PENDING = new PoolOption<>("maxPending", OptionCoercion::integer,
            PgfastPoolConfiguration.Builder::maxPending, "-1", "Acquisitions that may wait at once; -1 for no bound");
    public static final PoolOption<Duration> VALIDATION_IDLE_TIME = new PoolOption<>("validationIdleTime", OptionCoercion::duration,
            PgfastPoolConfiguration.Builder::validationIdleTime, "500ms", "A connection used this recently is not validated remotely");
    public static final PoolOption<Duration> BACKGROUND_EVICTION_INTERVAL = new PoolOption<>("backgroundEvictionInterval",
            OptionCoercion::duration, PgfastPoolConfiguration.Builder::backgroundEvictionInterval, "derived",
            "How often idle connections are checked");
    public static final PoolOption<Duration> DRAIN_TIME = new PoolOption<>("drainTime", OptionCoercion::duration,
            PgfastPoolConfiguration.Builder::drainTime, "10s", "How long a statement still running at release may take");
    public static final PoolOption<Duration> CLOSE_TIME = new PoolOption<>("closeTime", OptionCoercion::duration,
            PgfastPoolConfiguration.Builder::closeTime, "30s", "How long closing the pool waits for connections handed out");
    public static final PoolOption<String> NAME = new PoolOption<>("name", OptionCoercion::string,
            PgfastPoolConfiguration.Builder::name, "pgfast", "The pool's name, in its meters and messages");
    public static final PoolOption<Boolean> SHARED_LEASES = new PoolOption<>("sharedLeases", OptionCoercion::bool,
            PgfastPoolConfiguration.Builder::sharedLeases, "false",
            "Statements outside a transaction share connections, pipelined; SQL that changes the session is refused");
    public static final PoolOption<Integer> PIPELINING_LIMIT = new PoolOption<>("pipeliningLimit", OptionCoercion::integer,
            PgfastPoolConfiguration.Builder::pipeliningLimit, "256", "With sharedLeases: statements in flight on one connection at most");
    /** Code only: a Micrometer {@code MeterRegistry} (typed Object, micrometer-core is optional). */
    public static final PoolOption<Object> METER_REGISTRY = new PoolOption<>("meterRegistry", (n, v) -> v,
            PgfastPoolConfiguration.Builder::meterRegistry, "none", "Registers the pool's meters");

    private static final List<PoolOption<?>> ALL = List.of(MAX_SIZE, INITIAL_SIZE, MIN_IDLE, MAX_IDLE_TIME, MAX_LIFE_TIME,
            MAX_ACQUIRE_TIME, MAX_CREATE_CONNECTION_TIME, ACQUIRE_RETRY, VALIDATION_QUERY, VALIDATION_DEPTH, MAX_VALIDATION_TIME,
            MAX_PENDING, VALIDATION_IDLE_TIME, BACKGROUND_EVICTION_INTERVAL, DRAIN_TIME, CLOSE_TIME, SHARED_LEASES, PIPELINING_LIMIT, NAME, METER_REGISTRY);

    private PoolOptions() {
    }

    private static ValidationDepth validationDepth(String name, Object value) {
        return OptionCoercion.enumeration(name, value, ValidationDepth.class, s -> {
            for (ValidationDepth d : ValidationDepth.values()) {
                if (d.name().equalsIgnoreCase(s.trim())) {
                    return d;
                }
            }
            throw new IllegalArgumentException(name + " must be LOCAL or REMOTE, got '" + s + "'");
        });
    }

    /** Every option, in the order OPTIONS.md lists them. */
    public static List<PoolOption<?>> all() {
        return ALL;
    }
}
