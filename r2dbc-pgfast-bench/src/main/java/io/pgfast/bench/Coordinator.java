package io.pgfast.bench;


import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the rounds. Every driver has two processes (A and A', B and B', …), each a {@link WorkerProcess} JVM that
 * is started and warmed up once, one after the other, and then kept for every round: a round measures every
 * process in the rotating order of {@link RoundPlan}, one after the other, never two at once, and the order of
 * the loop shapes inside each process alternates from round to round. With {@code jvmPerScenario} this happens
 * per scenario, with new processes for each; otherwise one set of processes measures every scenario.
 * <p>
 * Why processes are kept: the peers' JIT needs about 2 s per scenario and shape to settle (the warm-up curves in
 * BENCHMARKS.md); paying that once per process instead of once per round is what lets a judged run fit its budget.
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
        if (options.jvmPerScenario()) {
            for (Scenario s : options.scenarios()) {
                runRounds(results, List.of(s));
            }
        } else {
            runRounds(results, options.scenarios());
        }
        return results;
    }

    private void runRounds(RunResults results, List<Scenario> scenarios) throws IOException, InterruptedException {
        List<Peer> drivers = options.drivers();
        boolean curve = options.mode().equals("curve");
        String what = scenarios.size() == 1 ? scenarios.get(0).id() : "all";
        Map<Slot, WorkerProcess> workers = new LinkedHashMap<>();
        try {
            for (Slot slot : RoundPlan.order(drivers, 0, options.rounds())) {
                List<Scenario> runnable = WorkerLauncher.runnable(slot.peer(), scenarios);
                if (runnable.isEmpty() || (curve && slot.copy() != 1)) {
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
            if (curve) {
                return;
            }
            for (int round = 0; round < options.rounds(); round++) {
                List<Slot> order = RoundPlan.order(drivers, round, options.rounds());
                List<LoopShape> shapes = options.shapeOrder(round);
                for (int position = 0; position < order.size(); position++) {
                    Slot slot = order.get(position);
                    List<Scenario> runnable = WorkerLauncher.runnable(slot.peer(), scenarios);
                    for (Scenario s : scenarios) {
                        if (!runnable.contains(s)) {
                            results.add(round, position, slot, Measurement.notApplicable(s, LoopShape.BLOCKING,
                                    slot.peer().notApplicable(s)));
                        }
                    }
                    WorkerProcess worker = workers.get(slot);
                    if (worker == null) {
                        continue;
                    }
                    long begin = System.nanoTime();
                    List<Measurement> measured = worker.measure(shapes, WorkerLauncher.measureBudgetSeconds(worker.plan()));
                    for (Measurement m : measured) {
                        results.add(round, position, slot, m);
                    }
                    long failed = measured.stream().filter(m -> !m.isOk()).count();
                    System.err.printf("[bench] %s round %d/%d, %2d/%d %-20s %2d scenario(s) in %5.1f s%s%n", what,
                            round + 1, options.rounds(), position + 1, order.size(), slot, runnable.size(),
                            (System.nanoTime() - begin) / 1e9, failed == 0 ? "" : ", " + failed + " window(s) without a rate");
                }
            }
        } finally {
            for (WorkerProcess w : workers.values()) {
                w.close();
            }
        }
    }
}
