/**
 * What a run writes: the Markdown tables, CSV, JSON and SVG charts of a {@link io.pgfast.bench.report.RunDescription},
 * the warm-up check and curves. Reads the run's results; measures nothing.
 */
package io.pgfast.bench.report;
