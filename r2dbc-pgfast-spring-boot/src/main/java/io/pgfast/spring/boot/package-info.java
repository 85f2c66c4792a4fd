/**
 * Spring Boot support: with {@code spring.r2dbc.url=r2dbc:pgfast:...}, {@link io.pgfast.spring.boot.PgfastPoolAutoConfiguration}
 * defines the application's {@code ConnectionFactory} as the driver's own pool ({@link io.pgfast.pool.PgfastPool}),
 * built from Boot's {@code spring.r2dbc.pool.*} properties, so that Boot does not put r2dbc-pool in front of the
 * driver; {@link io.pgfast.spring.boot.PgfastPoolMetricsAutoConfiguration} publishes the pool's gauges under the names
 * Boot gives r2dbc-pool's ({@link io.pgfast.spring.boot.PgfastPoolMeterBinder}).
 *
 * <p>Every Spring and Micrometer dependency is optional: the application brings them.
 */
package io.pgfast.spring.boot;
