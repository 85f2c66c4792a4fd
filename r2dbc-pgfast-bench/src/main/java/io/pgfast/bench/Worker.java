package io.pgfast.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One measured process: {@code java -cp … io.pgfast.bench.Worker --driver <id> --scenarios <a,b,…|all>
 * --seconds <s> [--shapes chained,blocking] [--warmup <s>] [--passes <n>] [--most-passes <n>] [--timeout <s>]
 * [--serve]}
 * ({@link WorkerPlan}).
 * <ol>
 * <li>Every scenario: reset its tables, prepare (open its connections, which stay open to the end).</li>
 * <li>Warm-up in {@code passes} passes; each runs every scenario in every shape for its slice and prints a
 * {@code @@warmup} line (the warm-up curve), so every scenario is warm before any window is measured.</li>
 * <li>Every scenario: reset its tables again, then one window per shape, each printing a result line
 * ({@link Measurement#toLine()}) with the rate and the client's cost.</li>
 * </ol>
 * With {@code --serve} the process is kept for every round of a run: after step 2 it prints {@value #READY}
 * and then, instead of step 3, answers each {@code window <scenario> <shape>} line read from standard input with
 * one window of that scenario in that shape, ending each with {@value #MEASURED}, until {@code quit} or the end
 * of its input (the coordinator's rounds, {@link Coordinator}). So a process warms up once and is measured in
 * every round. A scenario's tables are reset before its first window after another scenario's, and whenever its
 * windows since the last reset could have used up the rows prepared for it.
 * <p>
 * A scenario that fails prints its failure for every shape (in every later round too) and the others go on.
 * Scenarios that may leave work behind after a timeout ({@link Scenario#mayLeaveWorkBehind()}) are warmed up
 * and measured after all the others. The server comes from the environment ({@link BenchTarget#fromEnvironment}).
 */
public final class Worker {
    /** Rows put into bench_delete per second of measurement: more than any driver deletes here. */
    private static final int DELETE_ROWS_PER_SECOND = 40_000;
    /**
     * The environment variable with this process's number in its run (from 1, {@link WorkerLauncher}): which slice
     * of bench_delete's ids is its own ({@link ScenarioData}). Absent: slice 0.
     */
    static final String ENV_PROCESS = "PGFAST_BENCH_PROCESS";
    static final String WARMUP_PREFIX = "@@warmup\t";
    /** Printed by a serving worker once it is warm and waits for its first command. */
    static final String READY = "@@ready";
    /** Printed by a serving worker after its answer to each {@code window} command. */
    static final String MEASURED = "@@measured";
    /** {@code window <scenario> <shape>}: one window of one scenario in one shape, then {@value #MEASURED}. */
    static final String WINDOW_COMMAND = "window ";
    static final String QUIT_COMMAND = "quit";
    /**
     * A warm-up pass in which the JIT compiled for at most this share of the pass's time counts as settled: a
     * driver whose JIT is still busy gets more passes. The peers' rates climb for as long as their JIT compiles
     * (the warm-up curves in BENCHMARKS.md), so a fixed warm-up long enough for the slowest would be wasted on
     * the others.
     */
    static final double JIT_QUIET_SHARE = 0.1;

    private Worker() {
    }

    public static void main(String[] args) {
        PrintStream out = System.out;
        int status = 0;
        try {
            WorkerPlan plan = WorkerPlan.parse(args);
            BenchTarget target = BenchTarget.fromEnvironment(System.getenv());
            Consumer<String> print = line -> {
                out.println(line);
                out.flush();
            };
            Workload workload = plan.peer().workload(target);
            String process = System.getenv(ENV_PROCESS);
            int slice = process == null ? 0 : Integer.parseInt(process) - 1;
            if (plan.serve()) {
                serve(workload, plan, target, slice,
                        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), print);
            } else {
                run(workload, plan, target, slice, print);
            }
            System.err.println("[worker] " + plan.peer().id() + " digest " + Sink.digest());
        } catch (RuntimeException | IOException e) {
            System.err.println("[worker] " + Errors.describe(e));
            status = 2;
        }
        out.flush();
        // some drivers keep non-daemon threads (event loops, pools) alive after close
        System.exit(status);
    }

    /**
     * Runs {@code plan} with {@code workload} once (prepare, warm up, one window per scenario and shape, close)
     * and hands every output line (warm-up and result lines) to {@code out}; returns the results, one per
     * scenario and measured shape, in the order they were printed.
     */
    static List<Measurement> run(Workload workload, WorkerPlan plan, BenchTarget target, Consumer<String> out) {
        return run(workload, plan, target, 0, out);
    }

    /** {@link #run(Workload, WorkerPlan, BenchTarget, Consumer)} with its own slice of bench_delete's ids. */
    static List<Measurement> run(Workload workload, WorkerPlan plan, BenchTarget target, int slice,
                                 Consumer<String> out) {
        try (Session session = new Session(workload, plan, target, slice)) {
            session.warmUp(out);
            return session.measure(plan.shapes(), out);
        }
    }

    /**
     * The serving process: prepare and warm up, print {@value #READY}, then answer {@code window <scenario> <shape>}
     * commands from {@code commands} until {@code quit} or its end. An unknown command is reported and skipped.
     */
    static void serve(Workload workload, WorkerPlan plan, BenchTarget target, BufferedReader commands,
                      Consumer<String> out) throws IOException {
        serve(workload, plan, target, 0, commands, out);
    }

    /** {@link #serve(Workload, WorkerPlan, BenchTarget, BufferedReader, Consumer)} with its own slice of ids. */
    static void serve(Workload workload, WorkerPlan plan, BenchTarget target, int slice, BufferedReader commands,
                      Consumer<String> out) throws IOException {
        try (Session session = new Session(workload, plan, target, slice)) {
            session.warmUp(out);
            out.accept(READY);
            String command;
            while ((command = commands.readLine()) != null && !command.equals(QUIT_COMMAND)) {
                if (command.startsWith(WINDOW_COMMAND)) {
                    String[] words = command.substring(WINDOW_COMMAND.length()).trim().split(" ");
                    try {
                        if (words.length != 2) {
                            throw new IllegalArgumentException("window needs a scenario and a shape: '" + command + "'");
                        }
                        session.oneWindow(Scenario.byId(words[0]), LoopShape.byId(words[1]), out);
                    } catch (IllegalArgumentException | java.util.NoSuchElementException e) {
                        System.err.println("[worker] " + e.getMessage());
                    }
                    out.accept(MEASURED);
                } else {
                    System.err.println("[worker] unknown command '" + command + "'");
                }
            }
        }
    }

    /**
     * One scenario alone, every shape of {@code shapes} this driver has: prepare, warm up, measure, close. What
     * {@code WorkloadsTest} runs.
     */
    static Map<LoopShape, Measurement> measure(Workload workload, Scenario scenario, List<LoopShape> shapes, Peer peer,
                                               BenchTarget target, double seconds, double warmup, double timeout) {
        WorkerPlan plan = new WorkerPlan(peer, List.of(scenario), shapes, seconds, warmup, 1, 1, timeout, false);
        Map<LoopShape, Measurement> out = new EnumMap<>(LoopShape.class);
        for (Measurement m : run(workload, plan, target, line -> { })) {
            out.put(m.shape(), m);
        }
        return out;
    }

    /**
     * Whether to run another warm-up pass after {@code passesRun}: always up to {@code planned}, then while the
     * last pass's JIT compilation took more than {@link #JIT_QUIET_SHARE} of its time ({@code compileMillis} over
     * {@code elapsedNanos}; a JVM that cannot tell, -1, counts as settled), never beyond {@code most}.
     */
    static boolean keepWarming(int passesRun, int planned, int most, long compileMillis, long elapsedNanos) {
        if (passesRun < planned) {
            return true;
        }
        if (passesRun >= most || compileMillis < 0) {
            return false;
        }
        return compileMillis > JIT_QUIET_SHARE * elapsedNanos / 1e6;
    }

    /** One scenario's state in this process. */
    private static final class Open {
        final Scenario scenario;
        final ScenarioData data;
        Operation operation;
        /** Set when the scenario failed: its outcome in every shape still to report. */
        Measurement failure;
        /** Seconds of windows since the tables were last reset. */
        double sinceReset;

        Open(Scenario scenario, ScenarioData data) {
            this.scenario = scenario;
            this.data = data;
        }
    }

    /** The scenarios of one process, prepared, their connections open until {@link #close()}. */
    private static final class Session implements AutoCloseable {
        private final WorkerPlan plan;
        private final BenchTarget target;
        private final long timeoutNanos;
        /** The scenarios that leave no work behind, then those that may ({@link Scenario#mayLeaveWorkBehind()}). */
        private final List<Open> ordered = new ArrayList<>();
        /** The seconds of windows the prepared rows last for between resets (the delete scenario's rows). */
        private final double secondsPerReset;
        /** The scenario of the last single window ({@link #oneWindow}), or null. */
        private Open last;

        Session(Workload workload, WorkerPlan plan, BenchTarget target, int slice) {
            this.plan = plan;
            this.target = target;
            this.timeoutNanos = nanos(plan.timeout());
            this.secondsPerReset = Math.max(plan.seconds(), plan.warmup()) * plan.shapes().size();
            int deleteRows = (int) Math.min(5_000_000, Math.ceil((secondsPerReset + 1) * DELETE_ROWS_PER_SECOND));
            List<Open> last = new ArrayList<>();
            for (Scenario s : plan.scenarios()) {
                Open o = new Open(s, new ScenarioData(deleteRows, slice));
                prepare(workload, o, target);
                (s.mayLeaveWorkBehind() ? last : ordered).add(o);
            }
            ordered.addAll(last);
        }

        /**
         * The warm-up passes, each over every scenario and shape of the plan, as many as {@link #keepWarming} asks
         * for (each slice's line carries its pass number).
         */
        void warmUp(Consumer<String> out) {
            if (plan.warmup() <= 0) {
                return;
            }
            int pass = 0;
            long compileMillis = -1;
            long elapsedNanos = 0;
            while (keepWarming(pass, plan.passes(), plan.mostPasses(), compileMillis, elapsedNanos)) {
                pass++;
                compileMillis = 0;
                elapsedNanos = 0;
                for (Open o : ordered) {
                    for (LoopShape shape : plan.shapes()) {
                        if (o.failure != null) {
                            break;
                        }
                        Measurement m = window(o, shape, nanos(plan.sliceSeconds()), timeoutNanos);
                        out.accept(new WarmupSlice(pass, m).toLine());
                        if (m.isOk()) {
                            compileMillis += Math.max(0, m.cost().compileMillis());
                            elapsedNanos += m.elapsedNanos();
                        }
                    }
                }
            }
        }

        /** Per scenario: reset its tables, then one window per shape of {@code shapes}, in that order. */
        List<Measurement> measure(List<LoopShape> shapes, Consumer<String> out) {
            List<Measurement> results = new ArrayList<>();
            last = null;
            for (Open o : ordered) {
                if (o.failure == null) {
                    reset(o, target);
                    o.sinceReset = 0;
                }
                for (LoopShape shape : shapes) {
                    Measurement m = o.failure != null ? o.failure.inShape(shape)
                            : window(o, shape, nanos(plan.seconds()), timeoutNanos);
                    results.add(m);
                    out.accept(m.toLine());
                }
            }
            return results;
        }

        /**
         * One window of {@code scenario} in {@code shape}, after a reset of its tables if it follows another
         * scenario's window or its rows may run out ({@link #secondsPerReset}), printed to {@code out}.
         *
         * @throws IllegalArgumentException if this process does not have {@code scenario} or {@code shape}
         */
        Measurement oneWindow(Scenario scenario, LoopShape shape, Consumer<String> out) {
            Open o = ordered.stream().filter(x -> x.scenario == scenario).findFirst().orElseThrow(
                    () -> new IllegalArgumentException("this process has no scenario " + scenario.id()));
            if (!plan.shapes().contains(shape)) {
                throw new IllegalArgumentException("this process does not measure " + shape.id());
            }
            if (o.failure == null && (o != last || o.sinceReset + plan.seconds() > secondsPerReset)) {
                reset(o, target);
                o.sinceReset = 0;
            }
            last = o;
            Measurement m = o.failure != null ? o.failure.inShape(shape)
                    : window(o, shape, nanos(plan.seconds()), timeoutNanos);
            o.sinceReset += plan.seconds();
            out.accept(m.toLine());
            return m;
        }

        @Override
        public void close() {
            for (Open o : ordered) {
                Worker.close(o);
            }
        }
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
