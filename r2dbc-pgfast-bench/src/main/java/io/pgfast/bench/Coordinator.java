package io.pgfast.bench;


import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Runs the rounds: every driver's two processes in the rotating order of {@link RoundPlan}, one after the
 * other, never two at once.
 */
public final class Coordinator {
    private final BenchOptions options;
    private final WorkerLauncher launcher;

    public Coordinator(BenchOptions options, WorkerLauncher launcher) {
        this.options = options;
        this.launcher = launcher;
    }

    public RunResults run() throws IOException, InterruptedException {
        RunResults results = new RunResults(options.rounds());
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
        for (int round = 0; round < options.rounds(); round++) {
            List<Slot> order = RoundPlan.order(drivers, round, options.rounds());
            for (int position = 0; position < order.size(); position++) {
                Slot slot = order.get(position);
                List<Scenario> runnable = WorkerLauncher.runnable(slot.peer(), scenarios);
                for (Scenario s : scenarios) {
                    if (!runnable.contains(s)) {
                        results.add(round, position, slot, Measurement.notApplicable(s, slot.peer().notApplicable(s)));
                    }
                }
                if (runnable.isEmpty()) {
                    continue;
                }
                long begin = System.nanoTime();
                Map<Scenario, Measurement> measured = launcher.run(slot, runnable);
                for (Scenario s : runnable) {
                    results.add(round, position, slot, measured.get(s));
                }
                long failed = measured.values().stream().filter(m -> !m.isOk()).count();
                System.err.printf("[bench] %s round %d/%d, %2d/%d %-20s %2d scenario(s) in %5.1f s%s%n",
                        scenarios.size() == 1 ? scenarios.get(0).id() : "all", round + 1, options.rounds(),
                        position + 1, order.size(), slot, runnable.size(), (System.nanoTime() - begin) / 1e9,
                        failed == 0 ? "" : ", " + failed + " without a rate");
            }
        }
    }
}
