/**
 * The arithmetic of the benchmark's verdicts, pure functions of the measured values: a row's per-round values
 * ({@link io.pgfast.bench.stats.RoundValues}), its median ratio, the sign test's interval of that median, the
 * same-vs-same noise and the verdict ({@link io.pgfast.bench.stats.Ratios}, {@link io.pgfast.bench.stats.Comparison}).
 * Imports nothing of the benchmark around it.
 */
package io.pgfast.bench.stats;
