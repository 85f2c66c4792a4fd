/**
 * Spring Boot support: with {@code spring.r2dbc.url=r2dbc:pgfast:...}, {@link io.pgfast.spring.boot.PgfastPoolAutoConfiguration}
 * defines the application's {@code ConnectionFactory} as the driver's own pool ({@link io.pgfast.pool.PgfastPool}),
 * built from Boot's {@code spring.r2dbc.pool.*} properties, so that Boot does not put r2dbc-pool in front of the
 * driver; {@link io.pgfast.spring.boot.PgfastPoolMetricsAutoConfiguration} registers the pool's meters, which carry
 * the names Boot gives r2dbc-pool's gauges, in the application's {@code MeterRegistry}.
 *
 * <p>For Spring Boot 4. On Spring Boot 3.5, whose R2DBC auto-configuration classes live in other packages,
 * r2dbc-pgfast-spring-boot3 adds {@code io.pgfast.spring.boot3.PgfastPoolBoot3AutoConfiguration} beside this module;
 * both lines' auto-configurations share {@link io.pgfast.spring.boot.BootPoolFactory} and
 * {@link io.pgfast.spring.boot.PgfastUrlCondition}, and the metrics auto-configuration serves both.
 *
 * <p>Every Spring and Micrometer dependency is optional: the application brings them.
 */
package io.pgfast.spring.boot;
