/**
 * The Micrometer Observation implementation of {@code io.pgfast.observation}: contexts, conventions and the
 * documented observation names and key values (as Spring's R2DBC observation names them).
 *
 * <p>May import {@code io.pgfast.observation} and micrometer-observation.
 */
package io.pgfast.observation.micrometer;
