/**
 * Spring Boot support: with {@code spring.r2dbc.url=r2dbc:pgfast:...}, {@link io.pgfast.spring.boot.PgfastPoolAutoConfiguration}
 * defines the application's {@code ConnectionFactory} as the driver's own pool ({@link io.pgfast.pool.PgfastPool}),
 * built from Boot's {@code spring.r2dbc.pool.*} properties, so that Boot does not put r2dbc-pool in front of the
 * driver; {@link io.pgfast.spring.boot.PgfastPoolMetricsAutoConfiguration} registers the pool's meters, which carry
 * the names Boot gives r2dbc-pool's gauges, in the application's {@code MeterRegistry}.
 *
 * <p>Every Spring and Micrometer dependency is optional: the application brings them.
 */
package io.pgfast.spring.boot;
