package io.pgfast.bench;


import java.io.IOException;
import java.util.List;

/**
 * Runs the rounds: every driver's two processes in the rotating order of {@link RoundPlan}, one after the
 * other, never two at once; the order of the loop shapes inside each process alternates from round to round.
 */
public final class Coordinator {
    private final BenchOptions options;
    private final WorkerLauncher launcher;

    public Coordinator(BenchOptions options, WorkerLauncher launcher) {
        this.options = options;
        this.launcher = launcher;
    }

    public RunResults run() throws IOException, InterruptedException {
        RunResults results = new RunResults(options.rounds(), options.judged());
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
        for (int round = 0; round < (curve ? 1 : options.rounds()); round++) {
            List<Slot> order = RoundPlan.order(drivers, round, options.rounds());
            List<LoopShape> shapes = options.shapeOrder(round);
            for (int position = 0; position < order.size(); position++) {
                Slot slot = order.get(position);
                if (curve && slot.copy() != 1) {
                    continue;
                }
                List<Scenario> runnable = WorkerLauncher.runnable(slot.peer(), scenarios);
                for (Scenario s : scenarios) {
                    if (!runnable.contains(s)) {
                        results.add(round, position, slot, Measurement.notApplicable(s, LoopShape.BLOCKING,
                                slot.peer().notApplicable(s)));
                    }
                }
                if (runnable.isEmpty()) {
                    continue;
                }
                long begin = System.nanoTime();
                WorkerLauncher.Output output = launcher.run(slot, runnable, shapes);
                for (Measurement m : output.measurements()) {
                    results.add(round, position, slot, m);
                }
                results.addWarmup(round, slot, output.warmup());
                long failed = output.measurements().stream().filter(m -> !m.isOk()).count();
                System.err.printf("[bench] %s round %d/%d, %2d/%d %-20s %2d scenario(s) in %5.1f s%s%n",
                        scenarios.size() == 1 ? scenarios.get(0).id() : "all", round + 1, options.rounds(),
                        position + 1, order.size(), slot, runnable.size(), (System.nanoTime() - begin) / 1e9,
                        failed == 0 ? "" : ", " + failed + " window(s) without a rate");
            }
        }
    }
}
