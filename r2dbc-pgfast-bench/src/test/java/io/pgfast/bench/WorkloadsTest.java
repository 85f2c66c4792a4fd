package io.pgfast.bench;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;

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
    void runsOrSaysWhyNot(Peer peer, Scenario scenario) {
        Measurement m = Worker.measure(peer.workload(target), scenario, new ScenarioData(2_000), target, 0.05, 0, 30);
        String reason = peer.notApplicable(scenario);
        if (reason != null) {
            assertThat(m.status()).isEqualTo(Measurement.Status.NOT_APPLICABLE);
            assertThat(m.message()).isEqualTo(reason);
        } else {
            assertThat(m.status()).as(m.message()).isEqualTo(Measurement.Status.OK);
            assertThat(m.operations()).isPositive();
        }
    }
}
