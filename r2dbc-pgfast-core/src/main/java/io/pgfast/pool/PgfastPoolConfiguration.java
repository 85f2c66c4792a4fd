package io.pgfast.pool;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.r2dbc.spi.ValidationDepth;

import java.time.Duration;

/**
 * The configuration of a {@link PgfastPool}: immutable, made by {@link #builder(PgfastConnectionFactory)}. The options
 * r2dbc-pool also has keep its names, meanings and, as Spring Boot sets them, its defaults (Boot's
 * {@code spring.r2dbc.pool.*}): {@code initialSize} 10, {@code maxSize} 10, {@code minIdle} 0, {@code maxIdleTime}
 * 30 minutes, {@code maxLifeTime}, {@code maxAcquireTime}, {@code maxCreateConnectionTime} and
 * {@code maxValidationTime} unbounded, {@code acquireRetry} 1, no {@code validationQuery}, {@code validationDepth}
 * {@code LOCAL}. A duration of zero or less means unbounded, as in r2dbc-pool.
 */
public final class PgfastPoolConfiguration {

    /** Boot's {@code initialSize} and {@code maxSize}. */
    public static final int DEFAULT_SIZE = 10;
    /** Boot's {@code maxIdleTime}. */
    public static final Duration DEFAULT_MAX_IDLE_TIME = Duration.ofMinutes(30);
    /**
     * A connection used this recently is handed out without a {@code validationQuery} or remote validation
     * (HikariCP's 500 ms): the socket check alone, which every acquisition makes, finds what the server closed.
     */
    public static final Duration DEFAULT_VALIDATION_IDLE_TIME = Duration.ofMillis(500);
    /** How long a connection released while a statement still runs may take to finish it before it is closed. */
    public static final Duration DEFAULT_DRAIN_TIME = Duration.ofSeconds(10);
    /** vertx's pooled client's default. */
    public static final int DEFAULT_PIPELINING_LIMIT = 256;
    /** How long {@link PgfastPool#close()} waits for connections still handed out before it closes them anyway. */
    public static final Duration DEFAULT_CLOSE_TIME = Duration.ofSeconds(30);
    /** The name a pool's metrics carry when none is given. */
    public static final String DEFAULT_NAME = "pgfast";

    private final PgfastConnectionFactory connectionFactory;
    private final String name;
    private final int initialSize;
    private final int maxSize;
    private final int minIdle;
    private final int maxPending;
    private final Duration maxIdleTime;
    private final Duration maxLifeTime;
    private final Duration maxAcquireTime;
    private final Duration maxCreateConnectionTime;
    private final Duration maxValidationTime;
    private final int acquireRetry;
    private final String validationQuery;
    private final ValidationDepth validationDepth;
    private final Duration validationIdleTime;
    private final Duration backgroundEvictionInterval;
    private final Duration drainTime;
    private final Duration closeTime;
    private final Object meterRegistry;
    private final boolean sharedLeases;
    private final int pipeliningLimit;

    private PgfastPoolConfiguration(Builder b) {
        this.connectionFactory = b.connectionFactory;
        this.name = b.name;
        this.initialSize = b.initialSize;
        this.maxSize = b.maxSize;
        this.minIdle = b.minIdle;
        this.maxPending = b.maxPending;
        this.maxIdleTime = b.maxIdleTime;
        this.maxLifeTime = b.maxLifeTime;
        this.maxAcquireTime = b.maxAcquireTime;
        this.maxCreateConnectionTime = b.maxCreateConnectionTime;
        this.maxValidationTime = b.maxValidationTime;
        this.acquireRetry = b.acquireRetry;
        this.validationQuery = b.validationQuery;
        this.validationDepth = b.validationDepth;
        this.validationIdleTime = b.validationIdleTime;
        this.backgroundEvictionInterval = b.backgroundEvictionInterval;
        this.drainTime = b.drainTime;
        this.closeTime = b.closeTime;
        this.meterRegistry = b.meterRegistry;
        this.sharedLeases = b.sharedLeases;
        this.pipeliningLimit = b.pipeliningLimit;
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

    /** The name the pool's metrics carry (tag {@code name}). */
    public String name() {
        return name;
    }

    /** Connections opened by {@link PgfastPool#warmup()} and by the first acquisition. */
    public int initialSize() {
        return initialSize;
    }

    /** Connections open at most, handed out, idle and being opened together. */
    public int maxSize() {
        return maxSize;
    }

    /** Idle connections the pool keeps open, opening new ones as idle ones are closed. */
    public int minIdle() {
        return minIdle;
    }

    /** Acquisitions that may wait for a connection at once; past it an acquisition fails at once. */
    public int maxPending() {
        return maxPending;
    }

    /** An idle connection unused this long is closed (while more than {@code minIdle} are idle); null: never. */
    public Duration maxIdleTime() {
        return maxIdleTime;
    }

    /** A connection is closed once this old (less a random spread of up to 2.5 %); null: never. */
    public Duration maxLifeTime() {
        return maxLifeTime;
    }

    /** An acquisition fails with {@code R2dbcTimeoutException} after this long without a connection; null: never. */
    public Duration maxAcquireTime() {
        return maxAcquireTime;
    }

    /** Opening one connection fails after this long; null: the factory's own {@code connectTimeout} alone. */
    public Duration maxCreateConnectionTime() {
        return maxCreateConnectionTime;
    }

    /** A validation (query or remote) taking longer counts as failed; null: unbounded. */
    public Duration maxValidationTime() {
        return maxValidationTime;
    }

    /** Further attempts to open a connection after one failed, within one acquisition. */
    public int acquireRetry() {
        return acquireRetry;
    }

    /** Run on a connection idle longer than {@link #validationIdleTime()} before it is handed out; null: none. */
    public String validationQuery() {
        return validationQuery;
    }

    /**
     * {@code LOCAL}: the socket is checked on every acquisition (no round trip). {@code REMOTE}: also a round trip for a
     * connection idle longer than {@link #validationIdleTime()}. A {@code validationQuery} replaces the round trip.
     */
    public ValidationDepth validationDepth() {
        return validationDepth;
    }

    /** A connection idle at most this long is handed out without a remote validation or {@code validationQuery}. */
    public Duration validationIdleTime() {
        return validationIdleTime;
    }

    /** How often idle connections are checked for {@code maxIdleTime}, {@code maxLifeTime} and {@code minIdle}; null: derived. */
    public Duration backgroundEvictionInterval() {
        return backgroundEvictionInterval;
    }

    /** How long a connection released while a statement still runs may take to finish before it is closed. */
    public Duration drainTime() {
        return drainTime;
    }

    /** How long closing the pool waits for handed-out connections to come back before closing them. */
    public Duration closeTime() {
        return closeTime;
    }

    /** The Micrometer {@code MeterRegistry} the pool registers its meters in, or null. */
    public Object meterRegistry() {
        return meterRegistry;
    }

    /** Whether statements outside a transaction share the pool's connections (see {@link SharedLeases}). */
    public boolean sharedLeases() {
        return sharedLeases;
    }

    /** With {@link #sharedLeases()}: statements in flight at most on one connection before another is used. */
    public int pipeliningLimit() {
        return pipeliningLimit;
    }

    @Override
    public String toString() {
        return "PgfastPoolConfiguration{name=" + name + ", initialSize=" + initialSize + ", maxSize=" + maxSize + ", minIdle=" + minIdle
                + ", maxPending=" + (maxPending == Integer.MAX_VALUE ? "unbounded" : maxPending) + ", maxIdleTime=" + maxIdleTime
                + ", maxLifeTime=" + maxLifeTime + ", maxAcquireTime=" + maxAcquireTime + ", maxCreateConnectionTime="
                + maxCreateConnectionTime + ", maxValidationTime=" + maxValidationTime + ", acquireRetry=" + acquireRetry
                + ", validationQuery=" + validationQuery + ", validationDepth=" + validationDepth + ", validationIdleTime="
                + validationIdleTime + ", sharedLeases=" + sharedLeases + ", pipeliningLimit=" + pipeliningLimit + ", connectionFactory=" + connectionFactory + '}';
    }

    /**
     * Collects the options. Each setter rejects a bad value at once with an {@link IllegalArgumentException} naming the
     * option; {@link #build()} checks the combinations.
     */
    public static final class Builder {

        private final PgfastConnectionFactory connectionFactory;
        private String name = DEFAULT_NAME;
        private int initialSize = DEFAULT_SIZE;
        private int maxSize = DEFAULT_SIZE;
        private boolean initialSizeSet;
        private int minIdle;
        private int maxPending = Integer.MAX_VALUE;
        private Duration maxIdleTime = DEFAULT_MAX_IDLE_TIME;
        private Duration maxLifeTime;
        private Duration maxAcquireTime;
        private Duration maxCreateConnectionTime;
        private Duration maxValidationTime;
        private int acquireRetry = 1;
        private String validationQuery;
        private ValidationDepth validationDepth = ValidationDepth.LOCAL;
        private Duration validationIdleTime = DEFAULT_VALIDATION_IDLE_TIME;
        private Duration backgroundEvictionInterval;
        private Duration drainTime = DEFAULT_DRAIN_TIME;
        private Duration closeTime = DEFAULT_CLOSE_TIME;
        private Object meterRegistry;
        private boolean sharedLeases;
        private int pipeliningLimit = DEFAULT_PIPELINING_LIMIT;

        private Builder(PgfastConnectionFactory connectionFactory) {
            this.connectionFactory = connectionFactory;
        }

        public Builder name(String name) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("name must not be blank");
            }
            this.name = name;
            return this;
        }

        public Builder initialSize(int initialSize) {
            if (initialSize < 0) {
                throw new IllegalArgumentException("initialSize must not be negative, got " + initialSize);
            }
            this.initialSize = initialSize;
            this.initialSizeSet = true;
            return this;
        }

        /** Also lowers {@code initialSize} to it unless that was set (as Boot leaves both at 10). */
        public Builder maxSize(int maxSize) {
            if (maxSize < 1) {
                throw new IllegalArgumentException("maxSize must be at least 1, got " + maxSize);
            }
            this.maxSize = maxSize;
            return this;
        }

        public Builder minIdle(int minIdle) {
            if (minIdle < 0) {
                throw new IllegalArgumentException("minIdle must not be negative, got " + minIdle);
            }
            this.minIdle = minIdle;
            return this;
        }

        /** Acquisitions waiting at once, at most; {@code -1} (the default) for no bound. */
        public Builder maxPending(int maxPending) {
            if (maxPending < -1) {
                throw new IllegalArgumentException("maxPending must be -1 (unbounded) or at least 0, got " + maxPending);
            }
            this.maxPending = maxPending == -1 ? Integer.MAX_VALUE : maxPending;
            return this;
        }

        public Builder maxIdleTime(Duration maxIdleTime) {
            this.maxIdleTime = bound(maxIdleTime);
            return this;
        }

        public Builder maxLifeTime(Duration maxLifeTime) {
            this.maxLifeTime = bound(maxLifeTime);
            return this;
        }

        public Builder maxAcquireTime(Duration maxAcquireTime) {
            this.maxAcquireTime = bound(maxAcquireTime);
            return this;
        }

        public Builder maxCreateConnectionTime(Duration maxCreateConnectionTime) {
            this.maxCreateConnectionTime = bound(maxCreateConnectionTime);
            return this;
        }

        public Builder maxValidationTime(Duration maxValidationTime) {
            this.maxValidationTime = bound(maxValidationTime);
            return this;
        }

        public Builder acquireRetry(int acquireRetry) {
            if (acquireRetry < 0) {
                throw new IllegalArgumentException("acquireRetry must not be negative, got " + acquireRetry);
            }
            this.acquireRetry = acquireRetry;
            return this;
        }

        /** Null or blank for none. */
        public Builder validationQuery(String validationQuery) {
            this.validationQuery = validationQuery == null || validationQuery.isBlank() ? null : validationQuery;
            return this;
        }

        public Builder validationDepth(ValidationDepth validationDepth) {
            if (validationDepth == null) {
                throw new IllegalArgumentException("validationDepth must not be null");
            }
            this.validationDepth = validationDepth;
            return this;
        }

        public Builder validationIdleTime(Duration validationIdleTime) {
            if (validationIdleTime == null || validationIdleTime.isNegative()) {
                throw new IllegalArgumentException("validationIdleTime must not be null or negative, got " + validationIdleTime);
            }
            this.validationIdleTime = validationIdleTime;
            return this;
        }

        public Builder backgroundEvictionInterval(Duration interval) {
            this.backgroundEvictionInterval = bound(interval);
            return this;
        }

        public Builder drainTime(Duration drainTime) {
            this.drainTime = positive("drainTime", drainTime);
            return this;
        }

        public Builder closeTime(Duration closeTime) {
            this.closeTime = positive("closeTime", closeTime);
            return this;
        }

        /**
         * Lets statements that run outside a transaction share the pool's connections, pipelined; a handle that begins
         * a transaction or changes session state gets a connection of its own. See {@link SharedLeases} for what this
         * mode refuses.
         */
        public Builder sharedLeases(boolean sharedLeases) {
            this.sharedLeases = sharedLeases;
            return this;
        }

        /** With {@link #sharedLeases}: statements in flight at most on one connection before another is used. */
        public Builder pipeliningLimit(int pipeliningLimit) {
            if (pipeliningLimit < 1) {
                throw new IllegalArgumentException("pipeliningLimit must be at least 1, got " + pipeliningLimit);
            }
            this.pipeliningLimit = pipeliningLimit;
            return this;
        }

        /**
         * Registers the pool's meters in this Micrometer {@code MeterRegistry} when the pool is made (typed
         * {@code Object} so that micrometer-core stays optional): the gauges Spring Boot registers for r2dbc-pool and
         * an acquisition timer; see {@link PgfastPool#bindTo(Object)}.
         *
         * @throws IllegalArgumentException when it is not a {@code MeterRegistry} or micrometer-core is missing
         */
        public Builder meterRegistry(Object meterRegistry) {
            this.meterRegistry = PoolMeters.requireRegistry(meterRegistry);
            return this;
        }

        /**
         * @throws IllegalArgumentException when {@code minIdle} or an explicitly set {@code initialSize} exceeds
         *                                  {@code maxSize}
         */
        public PgfastPoolConfiguration build() {
            if (!initialSizeSet) {
                initialSize = Math.min(initialSize, maxSize);
            } else if (initialSize > maxSize) {
                throw new IllegalArgumentException("initialSize (" + initialSize + ") must not exceed maxSize (" + maxSize + ")");
            }
            if (minIdle > maxSize) {
                throw new IllegalArgumentException("minIdle (" + minIdle + ") must not exceed maxSize (" + maxSize + ")");
            }
            return new PgfastPoolConfiguration(this);
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
}
