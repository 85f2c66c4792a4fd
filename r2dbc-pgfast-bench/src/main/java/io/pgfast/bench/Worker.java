package io.pgfast.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * One measured process: {@code java -cp … io.pgfast.bench.Worker <driver> <scenario[,scenario…]|all> <seconds>
 * [<warm-up seconds> [<operation timeout seconds>]]}. For each scenario, in the order given: reset its tables,
 * prepare, warm up, measure for {@code seconds}, close; then print one result line
 * ({@link Measurement#toLine()}). A scenario that fails prints an error line and the next one runs.
 * The server comes from the environment ({@link BenchTarget#fromEnvironment}).
 */
public final class Worker {
    /** Rows put into bench_delete per second of warm-up plus measurement: more than any driver deletes here. */
    private static final int DELETE_ROWS_PER_SECOND = 40_000;

    private Worker() {
    }

    public static void main(String[] args) {
        PrintStream out = System.out;
        int status = 0;
        try {
            if (args.length < 3 || args.length > 5) {
                throw new IllegalArgumentException("usage: Worker <driver> <scenario[,scenario...]|all> <seconds>"
                        + " [<warm-up seconds> [<operation timeout seconds>]]");
            }
            Peer peer = Peer.byId(args[0]);
            List<Scenario> scenarios = Scenario.parseList(args[1]);
            double seconds = positive(args[2], "seconds");
            double warmup = args.length > 3 ? nonNegative(args[3], "warm-up seconds") : Math.min(seconds, 2);
            double timeout = args.length > 4 ? positive(args[4], "operation timeout") : Math.max(10, seconds * 4);
            BenchTarget target = BenchTarget.fromEnvironment(System.getenv());
            Workload workload = peer.workload(target);
            int deleteRows = (int) Math.min(5_000_000, Math.ceil((seconds + warmup + 1) * DELETE_ROWS_PER_SECOND));
            for (Scenario s : scenarios) {
                Measurement m = measure(workload, s, new ScenarioData(deleteRows), target, seconds, warmup, timeout);
                out.println(m.toLine());
                out.flush();
            }
            System.err.println("[worker] " + peer.id() + " digest " + Sink.digest());
        } catch (RuntimeException e) {
            System.err.println("[worker] " + Errors.describe(e));
            status = 2;
        }
        out.flush();
        // some drivers keep non-daemon threads (event loops, pools) alive after close
        System.exit(status);
    }

    static Measurement measure(Workload workload, Scenario scenario, ScenarioData data, BenchTarget target,
                               double seconds, double warmup, double timeout) {
        try {
            data.reset(scenario, target);
        } catch (Exception e) {
            return Measurement.error(scenario, "resetting the tables failed: " + Errors.describe(e));
        }
        Operation operation;
        try {
            operation = workload.prepare(scenario, data);
        } catch (NotApplicableException e) {
            return Measurement.notApplicable(scenario, e.getMessage());
        } catch (Exception | LinkageError e) {
            return Measurement.error(scenario, Errors.describe(e));
        }
        long timeoutNanos = nanos(timeout);
        boolean stuck = false;
        try {
            if (warmup > 0) {
                OperationLoop.run(operation, nanos(warmup), timeoutNanos);
            }
            OperationLoop.Outcome o = OperationLoop.run(operation, nanos(seconds), timeoutNanos);
            return Measurement.ok(scenario, o.operations(), o.elapsedNanos());
        } catch (TimeoutException e) {
            stuck = true;
            return Measurement.timeout(scenario, timeoutNanos / 1_000_000);
        } catch (ExecutionException e) {
            return Measurement.error(scenario, Errors.describe(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Measurement.error(scenario, "interrupted");
        } catch (RuntimeException e) {
            return Measurement.error(scenario, Errors.describe(e));
        } finally {
            if (stuck) {
                // an operation is still running: closing may wait for it, so do not wait for the close
                Thread closer = new Thread(() -> close(operation, scenario), "bench-close");
                closer.setDaemon(true);
                closer.start();
            } else {
                close(operation, scenario);
            }
        }
    }

    private static void close(Operation operation, Scenario scenario) {
        try {
            operation.close();
        } catch (RuntimeException e) {
            System.err.println("[worker] closing " + scenario.id() + ": " + Errors.describe(e));
        }
    }

    private static long nanos(double seconds) {
        return (long) (seconds * 1e9);
    }

    private static double positive(String text, String what) {
        double v = nonNegative(text, what);
        if (v == 0) {
            throw new IllegalArgumentException(what + " must be more than 0");
        }
        return v;
    }

    private static double nonNegative(String text, String what) {
        double v;
        try {
            v = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a number, not '" + text + "'");
        }
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(what + " must be 0 or more, not " + text);
        }
        return v;
    }
}
