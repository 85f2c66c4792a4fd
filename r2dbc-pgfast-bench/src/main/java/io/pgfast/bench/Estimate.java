package io.pgfast.bench;

import java.util.List;

/** A rough duration of a run, printed before it starts, from the timings each process needs. */
final class Estimate {
    /** Starting a worker JVM, loading a driver and connecting, here (2 shared cores). */
    static final double PROCESS_SECONDS = 2.0;
    /** Resetting, preparing and closing one scenario. */
    static final double SCENARIO_SECONDS = 0.15;
    /** One window's command to a kept process, its cost readings and its reply. */
    static final double WINDOW_SECONDS = 0.005;

    private Estimate() {
    }

    /**
     * Every driver's two processes (one for the curve) are started and warmed up once per set of scenarios it
     * runs ({@link BenchOptions#scenarioSets()}); then every round of a scenario measures, per shape and peer
     * one window of each of the two processes of pgfast and of every peer that runs it ({@link Coordinator}), the
     * peers' windows once for scenarios that share their rounds ({@link RoundPlan#sharedRounds}).
     */
    static double seconds(BenchOptions o) {
        boolean curve = o.mode().equals("curve");
        double total = 0;
        for (Peer p : o.drivers()) {
            int shapes = p.measuredShapes(o.shapes()).size();
            double start = 0;
            for (List<Scenario> set : o.scenarioSets()) {
                int n = WorkerLauncher.runnable(p, set).size();
                if (n > 0) {
                    start += PROCESS_SECONDS + n * (shapes * o.warmup() + SCENARIO_SECONDS);
                }
            }
            total += curve ? start : 2 * start;
        }
        if (curve) {
            return total;
        }
        for (List<Scenario> set : o.scenarioSets()) {
            for (List<Scenario> group : RoundPlan.sharedRounds(set, o.peers())) {
                long peers = o.peers().stream()
                        .filter(p -> group.stream().allMatch(s -> p.notApplicable(s) == null)).count();
                if (peers > 0) {
                    total += o.rounds() * o.shapes().size() * (2L * group.size() + 2 * peers)
                            * (o.seconds() + WINDOW_SECONDS);
                }
            }
        }
        return total;
    }
}
