/**
 * Spring Boot 3.5 support: {@link io.pgfast.spring.boot3.PgfastPoolBoot3AutoConfiguration}, the Boot 3 typed
 * counterpart of r2dbc-pgfast-spring-boot's Boot 4 auto-configuration. That module, which this one depends on, brings
 * the rest: the shared pool definition, the URL condition, the metrics auto-configuration (which serves both lines)
 * and the {@code pgfast.pool.*} configuration metadata.
 *
 * <p>Every Spring dependency is optional: the application brings Spring Boot 3.5.
 */
package io.pgfast.spring.boot3;
