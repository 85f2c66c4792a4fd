/**
 * One {@link io.pgfast.bench.Workload} per compared driver (R2DBC for pgfast and r2dbc-postgresql, vertx, pgjdbc,
 * and the raw-socket floor), each running the same SQL ({@link io.pgfast.bench.Sql}) and reading every value. A
 * workload imports the benchmark's scenario and data types, never the list of drivers
 * ({@link io.pgfast.bench.Peer}), which builds them.
 */
package io.pgfast.bench.driver;
