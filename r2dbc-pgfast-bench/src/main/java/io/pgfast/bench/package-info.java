/**
 * The end-to-end benchmark: {@link io.pgfast.bench.BenchMain} (the command line, {@link io.pgfast.bench.BenchOptions})
 * starts a {@link io.pgfast.bench.Worker} JVM per driver and copy, keeps them warm, and has the
 * {@link io.pgfast.bench.Coordinator} ask them for short windows, every process once per round, pgfast's at both ends
 * ({@link io.pgfast.bench.RoundPlan}); {@link io.pgfast.bench.RunResults} turns the windows into rows.
 * {@link io.pgfast.bench.Scenario} and {@link io.pgfast.bench.Workload} are what a new scenario or driver adds to;
 * the drivers' workloads are in {@code io.pgfast.bench.driver}, the arithmetic of the verdicts in
 * {@code io.pgfast.bench.stats}, the tables and files in {@code io.pgfast.bench.report}.
 */
package io.pgfast.bench;
