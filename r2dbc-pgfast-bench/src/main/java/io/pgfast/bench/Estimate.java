package io.pgfast.bench;

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
     * one window of each of the two processes of pgfast and of every peer that runs it ({@link Coordinator}).
     */
    static double seconds(BenchOptions o) {
        boolean curve = o.mode().equals("curve");
        double total = 0;
        for (Peer p : o.drivers()) {
            int n = WorkerLauncher.runnable(p, o.scenarios()).size();
            if (n == 0) {
                continue;
            }
            int shapes = p.measuredShapes(o.shapes()).size();
            long processes = o.scenarioSets().stream().filter(set -> !WorkerLauncher.runnable(p, set).isEmpty())
                    .count();
            double start = processes * PROCESS_SECONDS + n * (shapes * o.warmup() + SCENARIO_SECONDS);
            total += curve ? start : 2 * start;
        }
        if (curve) {
            return total;
        }
        for (Scenario s : o.scenarios()) {
            long peers = o.peers().stream().filter(p -> p.notApplicable(s) == null).count();
            if (peers > 0) {
                total += o.rounds() * o.shapes().size() * (2 + 2 * peers) * (o.seconds() + WINDOW_SECONDS);
            }
        }
        return total;
    }
}
