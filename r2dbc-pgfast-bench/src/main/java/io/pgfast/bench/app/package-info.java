/**
 * The application benchmark ({@code --app}): TFB's four database tests (single query, multiple queries, fortunes,
 * updates) as a Spring Boot application in five variants that differ only in the driver or pool
 * ({@link io.pgfast.bench.app.AppVariant}): reactive on Spring's {@code DatabaseClient}
 * ({@link io.pgfast.bench.app.ReactiveApp}) and Spring MVC on virtual threads with {@code JdbcTemplate}
 * ({@link io.pgfast.bench.app.MvcApp}). Each variant runs as its own JVM ({@link io.pgfast.bench.app.AppMain}).
 */
package io.pgfast.bench.app;
