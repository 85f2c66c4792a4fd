package io.pgfast.bench;

/** A rough duration of a run, printed before it starts, from the timings each process needs. */
final class Estimate {
    /** Starting a worker JVM, loading a driver and connecting, here (2 shared cores). */
    static final double PROCESS_SECONDS = 2.0;
    /** Resetting, preparing and closing one scenario. */
    static final double SCENARIO_SECONDS = 0.15;

    private Estimate() {
    }

    static double seconds(BenchOptions o) {
        double total = 0;
        for (Peer p : o.drivers()) {
            int n = WorkerLauncher.runnable(p, o.scenarios()).size();
            if (n == 0) {
                continue;
            }
            int shapes = p.measuredShapes(o.shapes()).size();
            double perScenario = shapes * (o.warmup() + o.seconds()) + SCENARIO_SECONDS;
            int processes = o.jvmPerScenario() ? n : 1;
            int runs = o.mode().equals("curve") ? 1 : 2 * o.rounds();
            total += runs * (processes * PROCESS_SECONDS + n * perScenario);
        }
        return total;
    }
}
