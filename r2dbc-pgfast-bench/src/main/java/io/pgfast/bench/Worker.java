package io.pgfast.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One measured process: {@code java -cp … io.pgfast.bench.Worker --driver <id> --scenarios <a,b,…|all>
 * --seconds <s> [--shapes chained,blocking] [--warmup <s>] [--passes <n>] [--timeout <s>]} ({@link WorkerPlan}).
 * <ol>
 * <li>Every scenario: reset its tables, prepare (open its connections, which stay open to the end).</li>
 * <li>Warm-up in {@code passes} passes; each runs every scenario in every shape for its slice and prints a
 * {@code @@warmup} line (the warm-up curve), so every scenario is warm before any window is measured.</li>
 * <li>Every scenario: reset its tables again, then one window per shape, each printing a result line
 * ({@link Measurement#toLine()}) with the rate and the client's cost.</li>
 * </ol>
 * A scenario that fails prints its failure for every shape and the others go on. Scenarios that may leave work
 * behind after a timeout ({@link Scenario#mayLeaveWorkBehind()}) go through steps 2 and 3 after all the others.
 * The server comes from the environment ({@link BenchTarget#fromEnvironment}).
 */
public final class Worker {
    /** Rows put into bench_delete per second of measurement: more than any driver deletes here. */
    private static final int DELETE_ROWS_PER_SECOND = 40_000;
    static final String WARMUP_PREFIX = "@@warmup\t";

    private Worker() {
    }

    public static void main(String[] args) {
        PrintStream out = System.out;
        int status = 0;
        try {
            WorkerPlan plan = WorkerPlan.parse(args);
            BenchTarget target = BenchTarget.fromEnvironment(System.getenv());
            run(plan.peer().workload(target), plan, target, line -> {
                out.println(line);
                out.flush();
            });
            System.err.println("[worker] " + plan.peer().id() + " digest " + Sink.digest());
        } catch (RuntimeException e) {
            System.err.println("[worker] " + Errors.describe(e));
            status = 2;
        }
        out.flush();
        // some drivers keep non-daemon threads (event loops, pools) alive after close
        System.exit(status);
    }

    /** One scenario's state in this process. */
    private static final class Open {
        final Scenario scenario;
        final ScenarioData data;
        Operation operation;
        /** Set when the scenario failed: its outcome in every shape still to report. */
        Measurement failure;

        Open(Scenario scenario, ScenarioData data) {
            this.scenario = scenario;
            this.data = data;
        }
    }

    /**
     * Runs {@code plan} with {@code workload} and hands every output line (warm-up and result lines) to
     * {@code out}; returns the results, one per scenario and measured shape, in the order they were printed.
     */
    static List<Measurement> run(Workload workload, WorkerPlan plan, BenchTarget target, Consumer<String> out) {
        List<LoopShape> shapes = plan.shapes();
        int deleteRows = (int) Math.min(5_000_000,
                Math.ceil((Math.max(plan.seconds(), plan.warmup()) * shapes.size() + 1) * DELETE_ROWS_PER_SECOND));
        List<Open> all = new ArrayList<>();
        for (Scenario s : plan.scenarios()) {
            Open o = new Open(s, new ScenarioData(deleteRows));
            all.add(o);
            prepare(workload, o, target);
        }
        long timeoutNanos = nanos(plan.timeout());
        List<Open> first = new ArrayList<>();
        List<Open> last = new ArrayList<>();
        for (Open o : all) {
            (o.scenario.mayLeaveWorkBehind() ? last : first).add(o);
        }
        List<Measurement> results = new ArrayList<>();
        for (List<Open> group : List.of(first, last)) {
            warmUpAndMeasure(group, plan, target, timeoutNanos, out, results);
        }
        return results;
    }

    /** The warm-up passes over {@code group}, then its windows. */
    private static void warmUpAndMeasure(List<Open> group, WorkerPlan plan, BenchTarget target, long timeoutNanos,
                                         Consumer<String> out, List<Measurement> results) {
        List<LoopShape> shapes = plan.shapes();
        if (plan.warmup() > 0) {
            for (int pass = 1; pass <= plan.passes(); pass++) {
                for (Open o : group) {
                    for (LoopShape shape : shapes) {
                        if (o.failure != null) {
                            break;
                        }
                        Measurement m = window(o, shape, nanos(plan.sliceSeconds()), timeoutNanos);
                        out.accept(new WarmupSlice(pass, m).toLine());
                    }
                }
            }
        }
        for (Open o : group) {
            if (o.failure == null) {
                reset(o, target);
            }
            for (LoopShape shape : shapes) {
                Measurement m = o.failure != null ? o.failure.inShape(shape)
                        : window(o, shape, nanos(plan.seconds()), timeoutNanos);
                results.add(m);
                out.accept(m.toLine());
            }
            close(o);
        }
    }

    /**
     * One scenario alone, every shape of {@code shapes} this driver has: prepare, warm up, measure, close. What
     * {@code WorkloadsTest} runs.
     */
    static Map<LoopShape, Measurement> measure(Workload workload, Scenario scenario, List<LoopShape> shapes, Peer peer,
                                               BenchTarget target, double seconds, double warmup, double timeout) {
        WorkerPlan plan = new WorkerPlan(peer, List.of(scenario), shapes, seconds, warmup, 1, timeout);
        Map<LoopShape, Measurement> out = new EnumMap<>(LoopShape.class);
        for (Measurement m : run(workload, plan, target, line -> { })) {
            out.put(m.shape(), m);
        }
        return out;
    }

    private static void prepare(Workload workload, Open o, BenchTarget target) {
        reset(o, target);
        if (o.failure != null) {
            return;
        }
        try {
            o.operation = workload.prepare(o.scenario, o.data);
        } catch (NotApplicableException e) {
            o.failure = Measurement.notApplicable(o.scenario, LoopShape.BLOCKING, e.getMessage());
        } catch (Exception | LinkageError e) {
            o.failure = Measurement.error(o.scenario, LoopShape.BLOCKING, Errors.describe(e));
        }
    }

    private static void reset(Open o, BenchTarget target) {
        try {
            o.data.reset(o.scenario, target);
        } catch (Exception e) {
            o.failure = Measurement.error(o.scenario, LoopShape.BLOCKING,
                    "resetting the tables failed: " + Errors.describe(e));
            close(o);
        }
    }

    /** One timed loop; a failure is kept in {@code o.failure} and closes the scenario. */
    private static Measurement window(Open o, LoopShape shape, long durationNanos, long timeoutNanos) {
        try {
            OperationLoop.Outcome r = OperationLoop.run(o.operation, shape, durationNanos, timeoutNanos);
            return Measurement.ok(o.scenario, shape, r.operations(), r.elapsedNanos(), r.cost());
        } catch (TimeoutException e) {
            o.failure = Measurement.timeout(o.scenario, shape, timeoutNanos / 1_000_000);
            // an operation is still running: closing may wait for it, so do not wait for the close
            Operation stuck = o.operation;
            o.operation = null;
            Thread closer = new Thread(() -> close(stuck, o.scenario), "bench-close");
            closer.setDaemon(true);
            closer.start();
        } catch (ExecutionException e) {
            o.failure = Measurement.error(o.scenario, shape, Errors.describe(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            o.failure = Measurement.error(o.scenario, shape, "interrupted");
        } catch (RuntimeException e) {
            o.failure = Measurement.error(o.scenario, shape, Errors.describe(e));
        }
        close(o);
        return o.failure;
    }

    private static void close(Open o) {
        if (o.operation != null) {
            Operation op = o.operation;
            o.operation = null;
            close(op, o.scenario);
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
}
