/**
 * The application benchmark ({@code --app}, issue 37): TFB's four database tests (single query, 20 queries, fortunes,
 * 20 updates) as a Spring Boot application, run under wrk at 16 and 256 connections.
 * <ul>
 * <li>The application: five variants that differ only in the driver or pool ({@link io.pgfast.bench.app.AppVariant}),
 * reactive on Spring's {@code DatabaseClient} ({@link io.pgfast.bench.app.ReactiveApp}) or Spring MVC on virtual
 * threads with {@code JdbcTemplate} ({@link io.pgfast.bench.app.MvcApp}), each in a JVM of its own
 * ({@link io.pgfast.bench.app.AppMain}), following {@link io.pgfast.bench.app.TfbRules}.</li>
 * <li>The verifier ({@link io.pgfast.bench.app.AppVerifier}): TFB's checks, against the server's own counts.</li>
 * <li>The run ({@link io.pgfast.bench.app.AppBench}): the server set up for it, the processes, the rounds of wrk
 * windows ({@link io.pgfast.bench.app.AppRounds}) and the table, judged by {@code io.pgfast.bench.stats}
 * ({@link io.pgfast.bench.app.AppReport}).</li>
 * </ul>
 */
package io.pgfast.bench.app;
