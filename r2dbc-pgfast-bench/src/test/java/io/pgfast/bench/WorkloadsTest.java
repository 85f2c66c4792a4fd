package io.pgfast.bench;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every driver runs every scenario for a moment against a real server, through the worker's own measuring
 * path: each operation checks its row or update counts, so a scenario that a driver runs wrongly, or that
 * the floor asks for with bytes the server refuses, fails here instead of in a two-hour run.
 */
class WorkloadsTest {
    private static BenchTarget target;

    @BeforeAll
    static void fill() throws Exception {
        target = BenchMain.target();
        DataSetup.createAndFill(target);
    }

    static List<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        for (Peer p : Peer.values()) {
            for (Scenario s : Scenario.values()) {
                // r2dbc-postgresql reads all 30M rows after a take(10) without a fetch size (the benchmark
                // records its timeout); that is minutes here, not a check of this module
                if (!(p == Peer.R2DBC_POSTGRESQL && s == Scenario.TAKE_10_NO_FETCH_SIZE)) {
                    all.add(Arguments.of(p, s));
                }
            }
        }
        return all;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void runsInEveryShapeOrSaysWhyNot(Peer peer, Scenario scenario) {
        Map<LoopShape, Measurement> all = Worker.measure(peer.workload(target), scenario, List.of(LoopShape.values()),
                peer, target, 0.05, 0.02, 30);
        // a driver with an event loop runs both shapes; pgjdbc and the floor block the caller in either
        assertThat(all.keySet()).containsExactlyElementsOf(peer.measuredShapes(List.of(LoopShape.values())));
        String reason = peer.notApplicable(scenario);
        for (Measurement m : all.values()) {
            if (reason != null) {
                assertThat(m.status()).isEqualTo(Measurement.Status.NOT_APPLICABLE);
                assertThat(m.message()).isEqualTo(reason);
            } else {
                assertThat(m.status()).as(m.shape() + ": " + m.message()).isEqualTo(Measurement.Status.OK);
                assertThat(m.operations()).isPositive();
                // the client's cost over the window: CPU time and allocation of its threads (whether a thread ended
                // inside it is not asserted here: the previous case's event loops may still be shutting down)
                // (process CPU time counts in 10 ms ticks on Linux: a 50 ms window may read 0)
                assertThat(m.cost().cpuNanos()).as(m.shape().id()).isNotNegative();
                // the floor reuses its request and buffers: it may allocate nothing at all
                assertThat(m.cost().allocatedBytes()).as(m.shape().id()).isGreaterThanOrEqualTo(peer == Peer.FLOOR ? 0 : 1);
            }
        }
    }
}
