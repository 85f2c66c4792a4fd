package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import static org.assertj.core.api.Assertions.assertThat;

/** The worker's order of work, with a workload that needs no server (scenarios without table resets). */
class WorkerTest {
    private static final BenchTarget NOWHERE = new BenchTarget("localhost", 1, "db", "user", "");

    /** Operations that complete at once and count their starts. */
    private static Workload instant() {
        return (scenario, data) -> new Operation() {
            @Override
            public CompletionStage<?> start() {
                return CompletableFuture.completedFuture(null);
            }

            @Override
            public void close() {
            }
        };
    }

    @Test
    void everyScenarioIsWarmInEveryShapeBeforeAnyWindowAndTake10ComesAfterTheOthers() {
        WorkerPlan plan = new WorkerPlan(Peer.PGFAST, List.of(Scenario.TAKE_10_OF_30M, Scenario.SELECT_BY_ID,
                Scenario.ONE_ROW_ALL_TYPES), List.of(LoopShape.CHAINED, LoopShape.BLOCKING), 0.002, 0.004, 2, 2, 10, false);
        List<String> lines = new ArrayList<>();
        List<Measurement> results = Worker.run(instant(), plan, NOWHERE, lines::add);
        assertThat(describe(lines)).containsExactly(
                "warm 1 select_by_id chained", "warm 1 select_by_id blocking",
                "warm 1 one_row_all_types chained", "warm 1 one_row_all_types blocking",
                "warm 1 take_10_of_30m chained", "warm 1 take_10_of_30m blocking",
                "warm 2 select_by_id chained", "warm 2 select_by_id blocking",
                "warm 2 one_row_all_types chained", "warm 2 one_row_all_types blocking",
                "warm 2 take_10_of_30m chained", "warm 2 take_10_of_30m blocking",
                "window select_by_id chained", "window select_by_id blocking",
                "window one_row_all_types chained", "window one_row_all_types blocking",
                "window take_10_of_30m chained", "window take_10_of_30m blocking");
        assertThat(results).hasSize(6).allMatch(Measurement::isOk);
    }

    @Test
    void aServingWorkerWarmsUpOnceThenMeasuresOneWindowPerCommand() throws Exception {
        WorkerPlan plan = new WorkerPlan(Peer.PGFAST, List.of(Scenario.SELECT_BY_ID, Scenario.ONE_ROW_ALL_TYPES),
                List.of(LoopShape.CHAINED, LoopShape.BLOCKING), 0.002, 0.004, 2, 2, 10, true);
        List<String> lines = new ArrayList<>();
        BufferedReader commands = new BufferedReader(new StringReader(
                "window select_by_id blocking\nhello\nwindow one_row_all_types chained\nwindow nothing chained\n"
                        + "window select_by_id\nquit\nwindow select_by_id chained\n"));
        Worker.serve(instant(), plan, NOWHERE, commands, lines::add);
        assertThat(describe(lines)).containsExactly(
                "warm 1 select_by_id chained", "warm 1 select_by_id blocking",
                "warm 1 one_row_all_types chained", "warm 1 one_row_all_types blocking",
                "warm 2 select_by_id chained", "warm 2 select_by_id blocking",
                "warm 2 one_row_all_types chained", "warm 2 one_row_all_types blocking",
                Worker.READY,
                "window select_by_id blocking", Worker.MEASURED,
                "window one_row_all_types chained", Worker.MEASURED,
                // an unknown scenario and a command without a shape: no window, but an answer
                Worker.MEASURED, Worker.MEASURED);
    }

    @Test
    void aServingDriverWithoutAnEventLoopAnswersTheChainedShapeWithoutAWindow() throws Exception {
        WorkerPlan plan = new WorkerPlan(Peer.PGJDBC, List.of(Scenario.SELECT_BY_ID), List.of(LoopShape.values()),
                0.002, 0, 1, 1, 10, true);
        List<String> lines = new ArrayList<>();
        Worker.serve(instant(), plan, NOWHERE, new BufferedReader(new StringReader(
                "window select_by_id chained\nwindow select_by_id blocking\n")), lines::add);
        assertThat(describe(lines)).containsExactly(Worker.READY, Worker.MEASURED, "window select_by_id blocking",
                Worker.MEASURED);
    }

    @Test
    void warmUpPassesGoOnWhileTheJitIsBusyUpToTheMost() {
        // the planned passes always run
        assertThat(Worker.keepWarming(0, 4, 12, -1, 0)).isTrue();
        assertThat(Worker.keepWarming(3, 4, 12, 0, 1_000_000_000L)).isTrue();
        // then more only while the JIT took more than its share of the last pass
        assertThat(Worker.keepWarming(4, 4, 12, 200, 1_000_000_000L)).isTrue();
        assertThat(Worker.keepWarming(4, 4, 12, 50, 1_000_000_000L)).isFalse();
        assertThat(Worker.keepWarming(7, 4, 12, (long) (Worker.JIT_QUIET_SHARE * 1000), 1_000_000_000L)).isFalse();
        // never beyond the most, and a JVM that cannot tell counts as settled
        assertThat(Worker.keepWarming(12, 4, 12, 900, 1_000_000_000L)).isFalse();
        assertThat(Worker.keepWarming(4, 4, 12, -1, 1_000_000_000L)).isFalse();
    }

    private static List<String> describe(List<String> lines) {
        List<String> order = new ArrayList<>();
        for (String line : lines) {
            if (WarmupSlice.isWarmupLine(line)) {
                WarmupSlice w = WarmupSlice.parseLine(line);
                order.add("warm " + w.pass() + " " + w.measurement().scenario().id() + " " + w.measurement().shape().id());
            } else if (Measurement.isResultLine(line)) {
                Measurement m = Measurement.parseLine(line);
                order.add("window " + m.scenario().id() + " " + m.shape().id());
            } else {
                order.add(line);
            }
        }
        return order;
    }

    @Test
    void aDriverWithoutAnEventLoopMeasuresOneShapeAndAFailureIsReportedInEveryShape() {
        Workload failing = (scenario, data) -> {
            throw new IllegalStateException("cannot connect");
        };
        WorkerPlan plan = new WorkerPlan(Peer.VERTX, List.of(Scenario.SELECT_BY_ID), List.of(LoopShape.values()),
                0.002, 0.002, 1, 1, 10, false);
        List<Measurement> results = Worker.run(failing, plan, NOWHERE, line -> { });
        assertThat(results).extracting(Measurement::shape).containsExactly(LoopShape.CHAINED, LoopShape.BLOCKING);
        assertThat(results).allMatch(m -> m.status() == Measurement.Status.ERROR && m.message().contains("cannot connect"));
        WorkerPlan jdbc = new WorkerPlan(Peer.PGJDBC, List.of(Scenario.SELECT_BY_ID), List.of(LoopShape.values()),
                0.002, 0.002, 1, 1, 10, false);
        assertThat(Worker.run(instant(), jdbc, NOWHERE, line -> { })).extracting(Measurement::shape)
                .containsExactly(LoopShape.BLOCKING);
    }
}
