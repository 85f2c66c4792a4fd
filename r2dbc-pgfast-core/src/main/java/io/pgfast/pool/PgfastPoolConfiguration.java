package io.pgfast.pool;

import io.pgfast.config.ConfigurationBuilder;
import io.pgfast.config.PgOption;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.r2dbc.spi.ValidationDepth;

import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * The configuration of a {@link PgfastPool}: immutable, made by {@link #builder(PgfastConnectionFactory)}. Its
 * options, their defaults and checks are declared in {@link PoolOptions}; a getter per option is generated from the
 * declarations (at the end), as are the builder's setters.
 */
public final class PgfastPoolConfiguration {

    private final PgfastConnectionFactory connectionFactory;
    /** Every option set, by name, as the builder checked it; others have their default. */
    private final Map<String, Object> values;

    private PgfastPoolConfiguration(PgfastConnectionFactory connectionFactory, Map<String, Object> values) {
        this.connectionFactory = connectionFactory;
        this.values = Collections.unmodifiableMap(values);
    }

    /** A pool of connections of {@code factory}. */
    public static Builder builder(PgfastConnectionFactory factory) {
        if (factory == null) {
            throw new IllegalArgumentException("connectionFactory must not be null");
        }
        return new Builder(factory);
    }

    /** A pool of connections as {@code configuration} describes them. */
    public static Builder builder(PgfastConnectionConfiguration configuration) {
        return builder(new PgfastConnectionFactory(configuration));
    }

    public PgfastConnectionFactory connectionFactory() {
        return connectionFactory;
    }

    /** The value of any option declared in {@link PoolOptions}, its default when none was set. */
    public <T> T get(PgOption<T> option) {
        return option.valueIn(values);
    }

    /** Every shown option in declaration order, then the connection factory. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("PgfastPoolConfiguration{");
        for (PgOption<?> option : PoolOptions.all()) {
            if (option.isShown()) {
                text.append(option.name()).append('=').append(shown(option)).append(", ");
            }
        }
        return text.append("connectionFactory=").append(connectionFactory).append('}').toString();
    }

    private <T> String shown(PgOption<T> option) {
        return option.show(get(option));
    }

    // BEGIN GENERATED from the declarations of PoolOptions by OptionSourcesTest: edit those, not these lines

    /** Connections open at most. Default: {@code 10}. */
    public int maxSize() {
        return get(PoolOptions.MAX_SIZE);
    }

    /** Connections opened by warmup() or the first acquisition. Default: {@code 10}, at most {@code maxSize}. */
    public int initialSize() {
        return get(PoolOptions.INITIAL_SIZE);
    }

    /** Idle connections kept open. Default: {@code 0}. */
    public int minIdle() {
        return get(PoolOptions.MIN_IDLE);
    }

    /** An idle connection unused this long is closed. Default: {@code 30m}. */
    public Duration maxIdleTime() {
        return get(PoolOptions.MAX_IDLE_TIME);
    }

    /** A connection is closed once this old. Default: unbounded. */
    public Duration maxLifeTime() {
        return get(PoolOptions.MAX_LIFE_TIME);
    }

    /** An acquisition fails after this long without a connection. Default: unbounded. */
    public Duration maxAcquireTime() {
        return get(PoolOptions.MAX_ACQUIRE_TIME);
    }

    /**
     * Opening one connection fails after this long. Default: unbounded (the factory's {@code connectTimeout} still
     * bounds it).
     */
    public Duration maxCreateConnectionTime() {
        return get(PoolOptions.MAX_CREATE_CONNECTION_TIME);
    }

    /** Further attempts to open a connection within one acquisition. Default: {@code 1}. */
    public int acquireRetry() {
        return get(PoolOptions.ACQUIRE_RETRY);
    }

    /** Run on a connection idle longer than validationIdleTime. Default: none. */
    public String validationQuery() {
        return get(PoolOptions.VALIDATION_QUERY);
    }

    /** LOCAL: the socket; REMOTE: also a round trip. Default: {@code LOCAL}. */
    public ValidationDepth validationDepth() {
        return get(PoolOptions.VALIDATION_DEPTH);
    }

    /** A validation taking longer counts as failed. Default: unbounded. */
    public Duration maxValidationTime() {
        return get(PoolOptions.MAX_VALIDATION_TIME);
    }

    /** Acquisitions that may wait at once; -1 for no bound. Default: {@code -1}. */
    public int maxPending() {
        return get(PoolOptions.MAX_PENDING);
    }

    /** A connection used this recently is not validated remotely. Default: {@code 500ms}. */
    public Duration validationIdleTime() {
        return get(PoolOptions.VALIDATION_IDLE_TIME);
    }

    /**
     * How often idle connections are checked. Default: derived: half the shorter of {@code maxIdleTime} and
     * {@code maxLifeTime}, within 1 s to 30 s.
     */
    public Duration backgroundEvictionInterval() {
        return get(PoolOptions.BACKGROUND_EVICTION_INTERVAL);
    }

    /** How long a statement still running at release may take. Default: {@code 10s}. */
    public Duration drainTime() {
        return get(PoolOptions.DRAIN_TIME);
    }

    /** How long closing the pool waits for connections handed out. Default: {@code 30s}. */
    public Duration closeTime() {
        return get(PoolOptions.CLOSE_TIME);
    }

    /**
     * Statements outside a transaction share connections, pipelined; SQL that changes the session is refused. Default:
     * {@code false}.
     */
    public boolean sharedLeases() {
        return get(PoolOptions.SHARED_LEASES);
    }

    /** With sharedLeases: statements in flight on one connection at most. Default: {@code 256}. */
    public int pipeliningLimit() {
        return get(PoolOptions.PIPELINING_LIMIT);
    }

    /** The pool's name, in its meters and messages. Default: {@code pgfast}. */
    public String name() {
        return get(PoolOptions.NAME);
    }

    /** Registers the pool's meters. Default: none. */
    public Object meterRegistry() {
        return get(PoolOptions.METER_REGISTRY);
    }

    // END GENERATED

    /**
     * Collects the options. Each setter rejects a bad value at once with an {@link IllegalArgumentException} naming the
     * option; {@link #build()} checks the combinations.
     */
    public static final class Builder implements ConfigurationBuilder {

        private final PgfastConnectionFactory connectionFactory;
        /** The options set so far, by name; an option absent here has its default. */
        private final Map<String, Object> values = new HashMap<>();

        private Builder(PgfastConnectionFactory connectionFactory) {
            this.connectionFactory = connectionFactory;
        }

        /**
         * Sets any option declared in {@link PoolOptions}; every typed method below comes here. The value passes the
         * option's check.
         *
         * @throws IllegalArgumentException naming the option if the value is refused
         */
        @Override
        public <T> Builder set(PgOption<T> option, T value) {
            values.put(option.name(), option.check(value));
            return this;
        }

        /**
         * @throws IllegalArgumentException when {@code minIdle} or an explicitly set {@code initialSize} exceeds
         *                                  {@code maxSize}
         */
        public PgfastPoolConfiguration build() {
            Map<String, Object> built = new HashMap<>(values);
            int maxSize = PoolOptions.MAX_SIZE.valueIn(values);
            int initialSize = PoolOptions.INITIAL_SIZE.valueIn(values);
            if (!values.containsKey(PoolOptions.INITIAL_SIZE.name())) {
                // as Boot leaves both at 10: a smaller maxSize lowers the default initialSize
                built.put(PoolOptions.INITIAL_SIZE.name(), Math.min(initialSize, maxSize));
            } else if (initialSize > maxSize) {
                throw new IllegalArgumentException("initialSize (" + initialSize + ") must not exceed maxSize (" + maxSize + ")");
            }
            int minIdle = PoolOptions.MIN_IDLE.valueIn(values);
            if (minIdle > maxSize) {
                throw new IllegalArgumentException("minIdle (" + minIdle + ") must not exceed maxSize (" + maxSize + ")");
            }
            return new PgfastPoolConfiguration(connectionFactory, built);
        }

        // BEGIN GENERATED from the declarations of PoolOptions by OptionSourcesTest: edit those, not these lines

        /**
         * Connections open at most. Handed out, idle and being opened together. It also lowers {@code initialSize} to
         * it unless that was set (as Boot leaves both at 10). Default: {@code 10}.
         */
        public Builder maxSize(int maxSize) {
            return set(PoolOptions.MAX_SIZE, maxSize);
        }

        /**
         * Connections opened by warmup() or the first acquisition. {@code warmup()} opens them at once, the first
         * acquisition in the background. Default: {@code 10}, at most {@code maxSize}.
         */
        public Builder initialSize(int initialSize) {
            return set(PoolOptions.INITIAL_SIZE, initialSize);
        }

        /**
         * Idle connections kept open. The pool opens new ones as idle ones close or are evicted. Default: {@code 0}.
         */
        public Builder minIdle(int minIdle) {
            return set(PoolOptions.MIN_IDLE, minIdle);
        }

        /**
         * An idle connection unused this long is closed. While more than {@code minIdle} are idle; null, zero or less:
         * never. Default: {@code 30m}.
         */
        public Builder maxIdleTime(Duration maxIdleTime) {
            return set(PoolOptions.MAX_IDLE_TIME, maxIdleTime);
        }

        /**
         * A connection is closed once this old. Up to 2.5 % earlier, at random, so that connections opened together do
         * not retire together: when it comes back, or while idle. Null, zero or less: never. Default: unbounded.
         */
        public Builder maxLifeTime(Duration maxLifeTime) {
            return set(PoolOptions.MAX_LIFE_TIME, maxLifeTime);
        }

        /**
         * An acquisition fails after this long without a connection. With an {@code R2dbcTimeoutException} naming the
         * option. Null, zero or less: never. Default: unbounded.
         */
        public Builder maxAcquireTime(Duration maxAcquireTime) {
            return set(PoolOptions.MAX_ACQUIRE_TIME, maxAcquireTime);
        }

        /**
         * Opening one connection fails after this long. With an {@code R2dbcTimeoutException}. Null, zero or less: the
         * factory's own {@code connectTimeout} alone. Default: unbounded (the factory's {@code connectTimeout} still
         * bounds it).
         */
        public Builder maxCreateConnectionTime(Duration maxCreateConnectionTime) {
            return set(PoolOptions.MAX_CREATE_CONNECTION_TIME, maxCreateConnectionTime);
        }

        /** Further attempts to open a connection within one acquisition. Made after one failed. Default: {@code 1}. */
        public Builder acquireRetry(int acquireRetry) {
            return set(PoolOptions.ACQUIRE_RETRY, acquireRetry);
        }

        /**
         * Run on a connection idle longer than validationIdleTime. Before it is handed out; a failure closes it and the
         * next one is tried. Null or blank: none. Default: none.
         */
        public Builder validationQuery(String validationQuery) {
            return set(PoolOptions.VALIDATION_QUERY, validationQuery);
        }

        /**
         * LOCAL: the socket; REMOTE: also a round trip. {@code LOCAL} checks the socket on every acquisition, without a
         * round trip; {@code REMOTE} also runs an empty query on a connection idle longer than
         * {@code validationIdleTime} (a {@code validationQuery} takes its place). Default: {@code LOCAL}.
         */
        public Builder validationDepth(ValidationDepth validationDepth) {
            return set(PoolOptions.VALIDATION_DEPTH, validationDepth);
        }

        /**
         * A validation taking longer counts as failed. A validation is a {@code validationQuery} or a remote one. Null,
         * zero or less: unbounded. Default: unbounded.
         */
        public Builder maxValidationTime(Duration maxValidationTime) {
            return set(PoolOptions.MAX_VALIDATION_TIME, maxValidationTime);
        }

        /**
         * Acquisitions that may wait at once; -1 for no bound. One more fails at once with an
         * {@code R2dbcTransientResourceException} naming the option. Default: {@code -1}.
         */
        public Builder maxPending(int maxPending) {
            return set(PoolOptions.MAX_PENDING, maxPending);
        }

        /**
         * A connection used this recently is not validated remotely. It is handed out without a {@code validationQuery}
         * or a remote validation, as HikariCP does. Default: {@code 500ms}.
         */
        public Builder validationIdleTime(Duration validationIdleTime) {
            return set(PoolOptions.VALIDATION_IDLE_TIME, validationIdleTime);
        }

        /**
         * How often idle connections are checked. For {@code maxIdleTime}, {@code maxLifeTime}, a closed socket and
         * {@code minIdle}. Null, zero or less: derived. Default: derived: half the shorter of {@code maxIdleTime} and
         * {@code maxLifeTime}, within 1 s to 30 s.
         */
        public Builder backgroundEvictionInterval(Duration backgroundEvictionInterval) {
            return set(PoolOptions.BACKGROUND_EVICTION_INTERVAL, backgroundEvictionInterval);
        }

        /**
         * How long a statement still running at release may take. A connection given back while a statement on it still
         * runs is closed past it. Default: {@code 10s}.
         */
        public Builder drainTime(Duration drainTime) {
            return set(PoolOptions.DRAIN_TIME, drainTime);
        }

        /**
         * How long closing the pool waits for connections handed out. Past it, they are closed. Default: {@code 30s}.
         */
        public Builder closeTime(Duration closeTime) {
            return set(PoolOptions.CLOSE_TIME, closeTime);
        }

        /**
         * Statements outside a transaction share connections, pipelined; SQL that changes the session is refused. A
         * handle that begins a transaction or changes session state gets a connection of its own. What this mode
         * refuses is under "Shared leases" in OPTIONS.md. Default: {@code false}.
         */
        public Builder sharedLeases(boolean sharedLeases) {
            return set(PoolOptions.SHARED_LEASES, sharedLeases);
        }

        /**
         * With sharedLeases: statements in flight on one connection at most. Past it, another connection is used or
         * opened. Default: {@code 256}.
         */
        public Builder pipeliningLimit(int pipeliningLimit) {
            return set(PoolOptions.PIPELINING_LIMIT, pipeliningLimit);
        }

        /**
         * The pool's name, in its meters and messages. Its meters carry it as their {@code name} tag. Default:
         * {@code pgfast}.
         */
        public Builder name(String name) {
            return set(PoolOptions.NAME, name);
        }

        /**
         * Registers the pool's meters. In a Micrometer {@code MeterRegistry} (typed {@code Object}, so that
         * micrometer-core stays optional), when the pool is made: the gauges Spring Boot registers for r2dbc-pool and
         * an acquisition timer, see "Metrics" in OPTIONS.md. {@code PgfastPool.bindTo(registry)} does the same later.
         * Default: none.
         */
        public Builder meterRegistry(Object meterRegistry) {
            return set(PoolOptions.METER_REGISTRY, meterRegistry);
        }

        // END GENERATED
    }
}
