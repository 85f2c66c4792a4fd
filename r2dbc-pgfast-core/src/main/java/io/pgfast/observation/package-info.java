/**
 * Observation of connections and statements behind a small interface of the driver's own, so that
 * micrometer-observation stays optional: without an {@code ObservationRegistry} none of its classes is
 * loaded and a statement pays one null check.
 *
 * <p>May import the JDK and Reactor's context; only {@code .micrometer} imports Micrometer.
 */
package io.pgfast.observation;
