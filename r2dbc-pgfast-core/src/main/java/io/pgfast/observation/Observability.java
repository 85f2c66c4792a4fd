package io.pgfast.observation;

import io.pgfast.observation.micrometer.MicrometerObservations;

/**
 * The one door to Micrometer. micrometer-observation is an optional dependency: no class of it is
 * loaded unless an {@code ObservationRegistry} was configured, because only the methods here reach
 * {@code io.pgfast.observation.micrometer}, and only when they are given a registry.
 */
public final class Observability {

    private static final String REGISTRY_CLASS = "io.micrometer.observation.ObservationRegistry";

    private Observability() {
    }

    /**
     * Checks a configured {@code observationRegistry} value.
     *
     * @return {@code registry}
     * @throws IllegalArgumentException when it is null, not an {@code ObservationRegistry}, or
     *                                  micrometer-observation is not on the class path
     */
    public static Object requireRegistry(Object registry) {
        if (registry == null) {
            throw new IllegalArgumentException("observationRegistry must not be null");
        }
        boolean isRegistry;
        try {
            isRegistry = MicrometerObservations.isRegistry(registry);
        } catch (LinkageError e) {
            throw new IllegalArgumentException("observationRegistry needs io.micrometer:micrometer-observation on the class path (got a "
                    + registry.getClass().getName() + ")", e);
        }
        if (!isRegistry) {
            throw new IllegalArgumentException("observationRegistry must be an " + REGISTRY_CLASS + ", got a "
                    + registry.getClass().getName() + "; it is a code-only option (builder or ConnectionFactoryOptions), not a URL option");
        }
        return registry;
    }

    /**
     * The observations of a connection factory.
     *
     * @param registry      a value {@link #requireRegistry} accepted
     * @param database      the database connected to (the user name when none is configured)
     * @param serverAddress the configured host, or the Unix-domain socket directory
     * @param serverPort    the configured port
     */
    public static DriverObservations create(Object registry, String database, String serverAddress, int serverPort) {
        return MicrometerObservations.create(requireRegistry(registry), database, serverAddress, serverPort);
    }
}
