package io.pgfast.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The coordinator's side of a kept worker, against a stand-in process (a shell script that speaks the worker's
 * line protocol), so that no server and no driver are needed.
 */
class WorkerProcessTest {
    private static final WorkerPlan PLAN = new WorkerPlan(Peer.PGFAST, List.of(Scenario.SELECT_BY_ID),
            List.of(LoopShape.CHAINED, LoopShape.BLOCKING), 0.5, 1, 1, 1, 5, true);

    private static String ok(LoopShape shape) {
        return Measurement.ok(Scenario.SELECT_BY_ID, shape, 100, 500_000_000L, WindowCost.NONE).toLine();
    }

    /** A script that echoes {@code lines} (single-quoted for the shell) and then does {@code then}. */
    private static ProcessBuilder script(String then, String... lines) {
        StringBuilder s = new StringBuilder();
        for (String line : lines) {
            s.append("printf '%s\\n' '").append(line).append("'\n");
        }
        s.append(then);
        return new ProcessBuilder("sh", "-c", s.toString());
    }

    @Test
    void collectsTheWarmUpThenOneWindowPerCommandAndEndsWithQuit(@TempDir Path logs) throws Exception {
        String warm = new WarmupSlice(1, Measurement.ok(Scenario.SELECT_BY_ID, LoopShape.CHAINED, 10, 250_000_000L,
                WindowCost.NONE)).toLine();
        // answers each "window" line with the result of the shape it names
        String loop = "while read cmd; do case \"$cmd\" in\n"
                + "  'window select_by_id chained') printf '%s\\n' '" + ok(LoopShape.CHAINED) + "' '" + Worker.MEASURED
                + "';;\n"
                + "  'window select_by_id blocking') printf '%s\\n' '" + ok(LoopShape.BLOCKING) + "' '" + Worker.MEASURED
                + "';;\n"
                + "  quit) echo bye > '" + logs.resolve("quit") + "'; exit 0;;\n"
                + "esac; done\n";
        Slot slot = new Slot(Peer.PGFAST, 1);
        try (WorkerProcess w = WorkerProcess.start(slot, PLAN, logs.resolve("w.log"), script(loop, warm, Worker.READY))) {
            assertThat(w.awaitWarm(30)).extracting(s -> s.measurement().queriesPerSecond()).containsExactly(40.0);
            assertThat(w.window(Scenario.SELECT_BY_ID, LoopShape.CHAINED, 30))
                    .satisfies(m -> assertThat(m.isOk()).isTrue()).extracting(Measurement::shape)
                    .isEqualTo(LoopShape.CHAINED);
            assertThat(w.window(Scenario.SELECT_BY_ID, LoopShape.BLOCKING, 30)).extracting(Measurement::shape)
                    .isEqualTo(LoopShape.BLOCKING);
            // a result for another shape than asked is no answer
            assertThat(w.window(Scenario.SELECT_BY_ID, LoopShape.CHAINED, 30).isOk()).isTrue();
        }
        assertThat(logs.resolve("quit")).hasContent("bye");
        assertThat(Files.readAllLines(logs.resolve("w.log"))).contains(Worker.READY, warm);
    }

    @Test
    void aWorkerThatDiesIsAnErrorInThisAndEveryLaterRound(@TempDir Path logs) throws Exception {
        try (WorkerProcess w = WorkerProcess.start(new Slot(Peer.PGFAST, 2), PLAN, logs.resolve("w.log"),
                script("read cmd; exit 3", Worker.READY))) {
            assertThat(w.awaitWarm(30)).isEmpty();
            Measurement first = w.window(Scenario.SELECT_BY_ID, LoopShape.CHAINED, 30);
            assertThat(first.status()).isEqualTo(Measurement.Status.ERROR);
            assertThat(first.message()).contains("exited with code 3 while measuring").contains("w.log");
            Measurement later = w.window(Scenario.SELECT_BY_ID, LoopShape.BLOCKING, 30);
            assertThat(later.status()).isEqualTo(Measurement.Status.ERROR);
            assertThat(later.message()).contains("exited with code 3");
        }
    }

    @Test
    void aWorkerThatOverrunsItsBudgetIsKilled(@TempDir Path logs) throws Exception {
        // the stand-in never says it is warm: the budget ends the wait, not the script (it would sleep for an hour)
        WorkerProcess w = WorkerProcess.start(new Slot(Peer.VERTX, 1), PLAN, logs.resolve("w.log"),
                script("exec sleep 3600", "starting"));
        try {
            assertThat(w.awaitWarm(1)).isEmpty();
            assertThat(w.window(Scenario.SELECT_BY_ID, LoopShape.CHAINED, 30).message())
                    .contains("killed after 1 s warming up");
        } finally {
            w.close();
        }
    }
}
