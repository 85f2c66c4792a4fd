package io.pgfast.pool;

/**
 * The pool's meters behind an interface of its own, so that micrometer-core stays optional: without a
 * {@code MeterRegistry} no class of it is loaded and an acquisition pays one null check.
 */
interface PoolMeters {

    String REGISTRY_CLASS = "io.micrometer.core.instrument.MeterRegistry";

    /** An acquisition handed out its connection {@code nanos} after it began. */
    void acquired(long nanos);

    /** Removes the meters from their registry (the pool closed). */
    void remove();

    /**
     * Checks a {@code meterRegistry} value.
     *
     * @return {@code registry}
     * @throws IllegalArgumentException when it is null, not a {@code MeterRegistry}, or micrometer-core is not on the
     *                                  class path
     */
    static Object requireRegistry(Object registry) {
        if (registry == null) {
            throw new IllegalArgumentException("meterRegistry must not be null");
        }
        boolean isRegistry;
        try {
            isRegistry = MicrometerPoolMeters.isRegistry(registry);
        } catch (LinkageError e) {
            throw new IllegalArgumentException("meterRegistry needs io.micrometer:micrometer-core on the class path (got a "
                    + registry.getClass().getName() + ")", e);
        }
        if (!isRegistry) {
            throw new IllegalArgumentException("meterRegistry must be an " + REGISTRY_CLASS + ", got a " + registry.getClass().getName());
        }
        return registry;
    }

    /** Registers the meters of {@code pool} in {@code registry} (a value {@link #requireRegistry} accepted). */
    static PoolMeters register(Object registry, PgfastPool pool) {
        return MicrometerPoolMeters.register(requireRegistry(registry), pool);
    }
}
