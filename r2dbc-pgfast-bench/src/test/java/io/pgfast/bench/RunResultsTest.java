package io.pgfast.bench;

import io.pgfast.bench.stats.Comparison;
import io.pgfast.bench.stats.Marker;
import io.pgfast.bench.stats.Metric;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RunResultsTest {
    private static final long SECOND = 1_000_000_000L;

    /** A window of {@code ops} operations in one second that cost {@code cpuMicros} µs CPU and 1000 B each. */
    static Measurement ok(Scenario s, LoopShape shape, long ops, long cpuMicros) {
        return Measurement.ok(s, shape, ops, SECOND, new WindowCost(ops * cpuMicros * 1000, ops * 1000, 0, 0));
    }

    /** The fewest rounds of a judged run. */
    private static final int ROUNDS = BenchOptions.LEAST_JUDGED_ROUNDS;

    /**
     * {@link #ROUNDS} rounds in which pgfast runs {@code a} operations per second at 40 µs of CPU each, and the
     * peer {@code b} at 50 µs, in both shapes (pgjdbc and the floor: blocking only), each window serving every
     * block of its round.
     */
    static RunResults steady(Scenario s, Peer peer, long a, long b) {
        RunResults results = new RunResults(ROUNDS);
        for (int r = 0; r < ROUNDS; r++) {
            for (LoopShape shape : LoopShape.values()) {
                results.add(r, 0, new Slot(Peer.PGFAST, 1), ok(s, shape, a, 40));
                results.add(r, 2, new Slot(Peer.PGFAST, 2), ok(s, shape, a, 40));
            }
            for (LoopShape shape : peer.measuredShapes(java.util.List.of(LoopShape.values()))) {
                results.add(r, 1, new Slot(peer, 1), ok(s, shape, b, 50));
                results.add(r, 3, new Slot(peer, 2), ok(s, shape, b, 50));
            }
        }
        return results;
    }

    @Test
    void comparesEveryRound() {
        Comparison c = steady(Scenario.UPDATE, Peer.PGJDBC, 1200, 1000).compare(Peer.PGJDBC, Scenario.UPDATE);
        assertThat(c.isMeasured()).isTrue();
        assertThat(c.rounds()).hasSize(ROUNDS);
        assertThat(c.medianRatio()).isCloseTo(1.2, within(1e-12));
        assertThat(c.marker()).isEqualTo(Marker.BETTER);
        assertThat(c.pgfastValue()).isCloseTo(1200, within(1e-9));
    }

    @Test
    void theRunsMarginDecidesWhetherAMoveOfLessThanTwoNoisesIsMarked() {
        for (double margin : new double[]{1, 2}) {
            RunResults results = new RunResults(ROUNDS, true, margin);
            for (int r = 0; r < ROUNDS; r++) {
                // pgfast 1100 and 1300 (A/A' 18.2 %), the peer 1000 twice: pgfast / peer 1.2
                results.add(r, 0, new Slot(Peer.PGFAST, 1), ok(Scenario.UPDATE, LoopShape.BLOCKING, 1100, 40));
                results.add(r, 2, new Slot(Peer.PGFAST, 2), ok(Scenario.UPDATE, LoopShape.BLOCKING, 1300, 40));
                results.add(r, 1, new Slot(Peer.PGJDBC, 1), ok(Scenario.UPDATE, LoopShape.BLOCKING, 1000, 50));
                results.add(r, 3, new Slot(Peer.PGJDBC, 2), ok(Scenario.UPDATE, LoopShape.BLOCKING, 1000, 50));
            }
            Comparison c = results.compare(Peer.PGJDBC, Scenario.UPDATE, LoopShape.BLOCKING, Metric.THROUGHPUT);
            assertThat(c.noise()).isCloseTo(1300.0 / 1100 - 1, within(1e-12));
            assertThat(c.margin()).isEqualTo(margin);
            assertThat(c.marker()).isEqualTo(margin == 1 ? Marker.BETTER : Marker.NOT_JUDGED);
        }
    }

    @Test
    void comparesCpuPerOperationWithLowerBetter() {
        Comparison c = steady(Scenario.UPDATE, Peer.VERTX, 1200, 1000)
                .compare(Peer.VERTX, Scenario.UPDATE, LoopShape.BLOCKING, Metric.CPU);
        assertThat(c.medianRatio()).isCloseTo(0.8, within(1e-12));
        assertThat(c.pgfastValue()).isCloseTo(40, within(1e-9));
        assertThat(c.peerValue()).isCloseTo(50, within(1e-9));
        assertThat(c.marker()).isEqualTo(Marker.BETTER);
    }

    @Test
    void aDriverWithoutAnEventLoopServesBothShapesWithItsBlockingMeasurement() {
        RunResults results = steady(Scenario.UPDATE, Peer.PGJDBC, 1200, 1000);
        assertThat(results.summary(Peer.PGJDBC, Scenario.UPDATE, LoopShape.CHAINED))
                .isEqualTo(results.summary(Peer.PGJDBC, Scenario.UPDATE, LoopShape.BLOCKING));
        assertThat(results.compare(Peer.PGJDBC, Scenario.UPDATE, LoopShape.CHAINED, Metric.CPU).isMeasured()).isTrue();
    }

    @Test
    void theShapesAreComparedSeparately() {
        RunResults results = replace(steady(Scenario.UPDATE, Peer.VERTX, 1000, 1000), new Slot(Peer.PGFAST, 1), -1,
                LoopShape.BLOCKING, ok(Scenario.UPDATE, LoopShape.BLOCKING, 500, 40));
        assertThat(results.compare(Peer.VERTX, Scenario.UPDATE, LoopShape.CHAINED, Metric.THROUGHPUT).medianRatio())
                .isCloseTo(1.0, within(1e-12));
        assertThat(results.compare(Peer.VERTX, Scenario.UPDATE, LoopShape.BLOCKING, Metric.THROUGHPUT).medianRatio())
                .isCloseTo(0.75, within(1e-12));
    }

    @Test
    void aSummaryHasBytesPerOperationAndPerRow() {
        RunResults.DriverSummary s = steady(Scenario.ROWS_100_ALL_TYPES, Peer.VERTX, 100, 100)
                .summary(Peer.PGFAST, Scenario.ROWS_100_ALL_TYPES, LoopShape.CHAINED);
        assertThat(s.bytesPerOperation()).isCloseTo(1000, within(1e-9));
        assertThat(s.bytesPerRow()).isCloseTo(10, within(1e-9));
        assertThat(s.cpuMicrosPerOperation()).isCloseTo(40, within(1e-9));
        assertThat(s.allocationComplete()).isTrue();
    }

    @Test
    void aThreadThatEndedInAnyWindowMakesTheAllocationALowerBound() {
        Measurement partial = Measurement.ok(Scenario.UPDATE, LoopShape.CHAINED, 10, SECOND, new WindowCost(10, 10, 1, 0));
        RunResults results = replace(steady(Scenario.UPDATE, Peer.VERTX, 10, 10), new Slot(Peer.VERTX, 2), 3,
                LoopShape.CHAINED, partial);
        assertThat(results.summary(Peer.VERTX, Scenario.UPDATE, LoopShape.CHAINED).allocationComplete()).isFalse();
        assertThat(results.summary(Peer.VERTX, Scenario.UPDATE, LoopShape.BLOCKING).allocationComplete()).isTrue();
    }

    @Test
    void aJvmWithoutCpuTimeLeavesTheCpuRowUnavailable() {
        RunResults results = replace(steady(Scenario.UPDATE, Peer.VERTX, 10, 10), new Slot(Peer.VERTX, 2), 0,
                LoopShape.CHAINED, Measurement.ok(Scenario.UPDATE, LoopShape.CHAINED, 10, SECOND, WindowCost.NONE));
        assertThat(results.compare(Peer.VERTX, Scenario.UPDATE, LoopShape.CHAINED, Metric.CPU).state())
                .isEqualTo(Comparison.State.UNAVAILABLE);
        assertThat(results.compare(Peer.VERTX, Scenario.UPDATE, LoopShape.CHAINED, Metric.THROUGHPUT).isMeasured())
                .isTrue();
    }

    @Test
    void aWindowWithinOneTickOfTheCpuClockLeavesTheCpuRowUnavailable() {
        RunResults results = replace(steady(Scenario.UPDATE, Peer.VERTX, 10, 10), new Slot(Peer.PGFAST, 1), 1,
                LoopShape.CHAINED, Measurement.ok(Scenario.UPDATE, LoopShape.CHAINED, 10, SECOND, new WindowCost(0, 10, 0, 0)));
        Comparison c = results.compare(Peer.VERTX, Scenario.UPDATE, LoopShape.CHAINED, Metric.CPU);
        assertThat(c.state()).isEqualTo(Comparison.State.UNAVAILABLE);
        assertThat(c.message()).contains("10 ms");
    }

    @Test
    void aPgfastErrorInAnyRoundFailsTheRowWithItsMessage() {
        RunResults broken = replace(steady(Scenario.UPDATE, Peer.VERTX, 1000, 1000), new Slot(Peer.PGFAST, 1), 2,
                LoopShape.CHAINED, Measurement.error(Scenario.UPDATE, LoopShape.CHAINED, "cannot encode Integer"));
        Comparison c = broken.compare(Peer.VERTX, Scenario.UPDATE);
        assertThat(c.state()).isEqualTo(Comparison.State.PGFAST_FAILED);
        assertThat(c.message()).isEqualTo("cannot encode Integer");
        assertThat(broken.summary(Peer.VERTX, Scenario.UPDATE, LoopShape.CHAINED).isOk()).isTrue();
        assertThat(broken.summary(Peer.PGFAST, Scenario.UPDATE, LoopShape.CHAINED).status())
                .isEqualTo(Measurement.Status.ERROR);
        assertThat(broken.summary(Peer.PGFAST, Scenario.UPDATE, LoopShape.BLOCKING).isOk()).isTrue();
    }

    /** A copy of {@code results} where {@code slot}'s measurement in {@code shape} and {@code round} (-1: all) is {@code m}. */
    static RunResults replace(RunResults results, Slot slot, int round, LoopShape shape, Measurement m) {
        RunResults out = new RunResults(results.rounds());
        for (RunResults.Entry e : results.entries()) {
            boolean hit = e.slot().equals(slot) && (round < 0 || e.round() == round) && e.measurement().shape() == shape;
            out.add(e.round(), e.position(), e.slot(), e.block(), e.table(), hit ? m : e.measurement());
        }
        return out;
    }

    @Test
    void notApplicableWinsOverAnError() {
        RunResults results = new RunResults(ROUNDS);
        for (int r = 0; r < ROUNDS; r++) {
            for (int copy = 1; copy <= 2; copy++) {
                results.add(r, 0, new Slot(Peer.PGFAST, copy), Measurement.error(Scenario.CURSOR, LoopShape.CHAINED, "broken"));
                results.add(r, 1, new Slot(Peer.FLOOR, copy),
                        Measurement.notApplicable(Scenario.CURSOR, LoopShape.BLOCKING, "no portals"));
            }
        }
        Comparison c = results.compare(Peer.FLOOR, Scenario.CURSOR);
        assertThat(c.state()).isEqualTo(Comparison.State.NOT_APPLICABLE);
        assertThat(c.message()).isEqualTo("no portals");
    }

    @Test
    void aMissingMeasurementIsAnErrorNamingTheProcess() {
        RunResults results = steady(Scenario.UPDATE, Peer.PGJDBC, 1000, 1000);
        RunResults.DriverSummary s = results.summary(Peer.VERTX, Scenario.UPDATE, LoopShape.CHAINED);
        assertThat(s.status()).isEqualTo(Measurement.Status.ERROR);
        assertThat(s.message()).contains("no result from vertx");
    }

    @Test
    void aRowOfARecordedRunWithBlocksPerPeerTakesItsRatiosFromItsOwnBlocksOnly() {
        RunResults results = new RunResults(ROUNDS);
        for (int r = 0; r < ROUNDS; r++) {
            for (Peer block : java.util.List.of(Peer.VERTX, Peer.PGJDBC)) {
                // pgfast runs 1200 in the vertx blocks and 900 in the pgjdbc blocks (the host changed in between)
                long a = block == Peer.VERTX ? 1200 : 900;
                int place = 0;
                for (Slot slot : java.util.List.of(new Slot(Peer.PGFAST, 1), new Slot(block, 1), new Slot(block, 2),
                        new Slot(Peer.PGFAST, 2))) {
                    long ops = slot.peer() == Peer.PGFAST ? a : 1000;
                    results.add(r, place++, slot, block, LoopShape.BLOCKING, ok(Scenario.UPDATE, LoopShape.BLOCKING, ops, 40));
                }
            }
        }
        assertThat(results.compare(Peer.VERTX, Scenario.UPDATE, LoopShape.BLOCKING, Metric.THROUGHPUT).medianRatio())
                .isCloseTo(1.2, within(1e-12));
        assertThat(results.compare(Peer.PGJDBC, Scenario.UPDATE, LoopShape.BLOCKING, Metric.THROUGHPUT).medianRatio())
                .isCloseTo(0.9, within(1e-12));
        // the blocking table's windows do not serve the chained one, even pgjdbc's
        assertThat(results.compare(Peer.PGJDBC, Scenario.UPDATE, LoopShape.CHAINED, Metric.THROUGHPUT).state())
                .isEqualTo(Comparison.State.PGFAST_FAILED);
        assertThat(results.summary(Peer.PGFAST, Scenario.UPDATE, LoopShape.BLOCKING).rate())
                .isCloseTo(1050, within(1e-9));
    }

    @Test
    void pgfastsWindowsOfARoundServeEveryPeersRowOfTheirTableOnly() {
        RunResults results = new RunResults(ROUNDS);
        java.util.List<Peer> peers = java.util.List.of(Peer.VERTX, Peer.PGJDBC);
        for (int r = 0; r < ROUNDS; r++) {
            int place = 0;
            for (Slot slot : RoundPlan.windows(peers, r)) {
                long ops = slot.peer() == Peer.PGFAST ? 1200 : slot.peer() == Peer.VERTX ? 1000 : 1500;
                results.add(r, place++, slot, slot.peer() == Peer.PGFAST ? null : slot.peer(), LoopShape.BLOCKING,
                        ok(Scenario.UPDATE, LoopShape.BLOCKING, ops, 40));
            }
        }
        assertThat(results.compare(Peer.VERTX, Scenario.UPDATE, LoopShape.BLOCKING, Metric.THROUGHPUT).medianRatio())
                .isCloseTo(1.2, within(1e-12));
        assertThat(results.compare(Peer.PGJDBC, Scenario.UPDATE, LoopShape.BLOCKING, Metric.THROUGHPUT).medianRatio())
                .isCloseTo(0.8, within(1e-12));
        assertThat(results.compare(Peer.VERTX, Scenario.UPDATE, LoopShape.CHAINED, Metric.THROUGHPUT).state())
                .isEqualTo(Comparison.State.PGFAST_FAILED);
        // each pgfast window counts once in its summary, not once per peer
        assertThat(results.entries()).hasSize(ROUNDS * 6);
        assertThat(results.summary(Peer.PGFAST, Scenario.UPDATE, LoopShape.BLOCKING).rate()).isCloseTo(1200,
                within(1e-6));
    }

    @Test
    void aTimeoutKeepsItsLimitForTheLatencyLine() {
        Measurement timeout = Measurement.timeout(Scenario.TAKE_10_OF_30M, LoopShape.CHAINED, 2000);
        RunResults withTimeout = replace(replace(steady(Scenario.TAKE_10_OF_30M, Peer.R2DBC_POSTGRESQL, 100, 1),
                new Slot(Peer.R2DBC_POSTGRESQL, 1), -1, LoopShape.CHAINED, timeout),
                new Slot(Peer.R2DBC_POSTGRESQL, 2), -1, LoopShape.CHAINED, timeout);
        RunResults.DriverSummary s = withTimeout.summary(Peer.R2DBC_POSTGRESQL, Scenario.TAKE_10_OF_30M, LoopShape.CHAINED);
        assertThat(s.status()).isEqualTo(Measurement.Status.TIMEOUT);
        assertThat(s.millisPerOperation()).isEqualTo(2000);
        assertThat(withTimeout.compare(Peer.R2DBC_POSTGRESQL, Scenario.TAKE_10_OF_30M).state())
                .isEqualTo(Comparison.State.PEER_FAILED);
    }
}
