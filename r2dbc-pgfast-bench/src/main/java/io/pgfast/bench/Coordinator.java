package io.pgfast.bench;


import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Runs the rounds. Every driver has two processes (A and A', B and B', …), each a {@link WorkerProcess} JVM that
 * is started and warmed up once, one after the other, and then kept for the whole run, or for one set of
 * scenarios with new processes for the next ({@link BenchOptions#scenarioSets()}). Then, per scenario (those
 * that differ only in pgfast's pool together: {@link RoundPlan#sharedRounds}), round after round, per loop shape (in an order that alternates per round), one short window of every process, one at
 * a time, never two at once: pgfast's two at the ends, the peers' between them, mirrored, in an order that rotates
 * per round ({@link RoundPlan#windows}).
 * <p>
 * Why windows this short and this close: on a shared host the load changes from one second to the next, and a
 * burst cancels out of a ratio only when both sides see it. Windows of the two drivers a fraction of a second
 * apart see nearly the same host; many such rounds give an interval of the median ratio that a few disturbed
 * rounds do not move ({@link io.pgfast.bench.stats.Ratios#marker}). Why processes are kept: the peers' JIT needs
 * about 2 s per scenario and shape to settle (the warm-up curves in BENCHMARKS.md), paid once per process.
 */
public final class Coordinator {
    private final BenchOptions options;
    private final WorkerLauncher launcher;

    public Coordinator(BenchOptions options, WorkerLauncher launcher) {
        this.options = options;
        this.launcher = launcher;
    }

    public RunResults run() throws IOException, InterruptedException {
        RunResults results = new RunResults(options.rounds(), options.judged(), options.margin());
        for (List<Scenario> set : options.scenarioSets()) {
            runRounds(results, set);
        }
        return results;
    }

    private void runRounds(RunResults results, List<Scenario> scenarios) throws IOException, InterruptedException {
        boolean curve = options.mode().equals("curve");
        String what = scenarios.size() == 1 ? scenarios.get(0).id()
                : scenarios.size() == options.scenarios().size() ? "all" : scenarios.get(0).id() + "…";
        Map<Slot, WorkerProcess> workers = new LinkedHashMap<>();
        try {
            for (int copy = 1; copy <= (curve ? 1 : 2); copy++) {
                for (Peer p : options.drivers()) {
                    Slot slot = new Slot(p, copy);
                    List<Scenario> runnable = WorkerLauncher.runnable(slot.peer(), scenarios);
                    if (runnable.isEmpty()) {
                        continue;
                    }
                    long begin = System.nanoTime();
                    WorkerProcess worker = launcher.start(slot, runnable);
                    workers.put(slot, worker);
                    List<WarmupSlice> warmup = worker.awaitWarm(WorkerLauncher.warmBudgetSeconds(worker.plan()));
                    results.addWarmup(0, slot, warmup);
                    System.err.printf("[bench] %s: started and warmed %-20s %2d scenario(s) in %5.1f s%n", what, slot,
                            runnable.size(), (System.nanoTime() - begin) / 1e9);
                }
            }
            if (curve) {
                return;
            }
            for (List<Scenario> group : RoundPlan.sharedRounds(scenarios, options.peers())) {
                measure(results, group, workers);
            }
        } finally {
            for (WorkerProcess w : workers.values()) {
                w.close();
            }
        }
    }

    /**
     * Every round of {@code group}, scenarios that share their rounds ({@link RoundPlan#sharedRounds}): per shape
     * one window of every process, pgfast's once per scenario of the group; a peer's window serves the row of
     * every scenario of the group.
     */
    private void measure(RunResults results, List<Scenario> group, Map<Slot, WorkerProcess> workers)
            throws InterruptedException {
        List<Peer> peers = new ArrayList<>();
        for (Peer p : options.drivers()) {
            boolean all = true;
            for (Scenario s : group) {
                String reason = p.notApplicable(s);
                if (reason != null) {
                    all = false;
                    for (int copy = 1; copy <= 2; copy++) {
                        results.add(0, 0, new Slot(p, copy), Measurement.notApplicable(s, LoopShape.BLOCKING, reason));
                    }
                }
            }
            if (all && p != Peer.PGFAST) {
                peers.add(p);
            }
        }
        if (peers.isEmpty()) {
            return;
        }
        String what = group.stream().map(Scenario::id).collect(Collectors.joining("+"));
        for (int round = 0; round < options.rounds(); round++) {
            long begin = System.nanoTime();
            int position = 0;
            int failed = 0;
            List<Peer> order = RoundPlan.rotate(peers, round, options.rounds());
            for (LoopShape table : options.shapeOrder(round)) {
                for (RoundPlan.Window w : RoundPlan.windows(order, round, group)) {
                    Slot slot = w.slot();
                    LoopShape measured = slot.peer().measuredShape(table);
                    WorkerProcess worker = workers.get(slot);
                    Measurement m = worker == null
                            ? Measurement.error(w.scenario(), measured, "no process " + slot + " was started")
                            : worker.window(w.scenario(), measured, WorkerLauncher.windowBudgetSeconds(worker.plan()));
                    if (slot.peer() == Peer.PGFAST) {
                        // pgfast's windows serve every peer's row of the table, a peer's only its own
                        results.add(round, position, slot, null, table, m);
                    } else {
                        for (Scenario row : group) {
                            results.add(round, position, slot, slot.peer(), table, m.asRowOf(row));
                        }
                    }
                    position++;
                    failed += m.isOk() ? 0 : 1;
                }
            }
            System.err.printf("[bench] %s round %2d/%d: %3d windows in %5.1f s%s%n", what, round + 1,
                    options.rounds(), position, (System.nanoTime() - begin) / 1e9,
                    failed == 0 ? "" : ", " + failed + " without a rate");
        }
    }
}
