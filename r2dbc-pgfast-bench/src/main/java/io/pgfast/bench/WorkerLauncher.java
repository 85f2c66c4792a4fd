package io.pgfast.bench;


import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Starts one {@link Worker} JVM with this JVM's class path, collects its result and warm-up lines and writes
 * everything it prints to a log file. A worker that overruns its time budget is killed, and its scenarios
 * without a result become errors.
 */
public final class WorkerLauncher {
    private static final long STARTUP_BUDGET_SECONDS = 30;
    private static final long PER_SCENARIO_OVERHEAD_SECONDS = 5;

    /** What one worker process reported: one measurement per scenario and shape, and its warm-up slices. */
    public record Output(List<Measurement> measurements, List<WarmupSlice> warmup) {
    }

    private final BenchTarget target;
    private final BenchOptions options;
    private final Path logDirectory;
    private int launched;

    public WorkerLauncher(BenchTarget target, BenchOptions options, Path logDirectory) {
        this.target = target;
        this.options = options;
        this.logDirectory = logDirectory;
    }

    /** The scenarios of {@code scenarios} that {@code peer} can run; the others are "n/a" without a process. */
    public static List<Scenario> runnable(Peer peer, List<Scenario> scenarios) {
        List<Scenario> out = new ArrayList<>();
        for (Scenario s : scenarios) {
            if (peer.notApplicable(s) == null) {
                out.add(s);
            }
        }
        return out;
    }

    /** Runs one worker process for {@code scenarios} in {@code shapes} (in this order). */
    public Output run(Slot slot, List<Scenario> scenarios, List<LoopShape> shapes) throws IOException, InterruptedException {
        WorkerPlan plan = new WorkerPlan(slot.peer(), scenarios, shapes, options.seconds(), options.warmup(),
                options.passes(), options.timeout());
        Map<String, Measurement> results = new HashMap<>();
        List<WarmupSlice> warmup = new ArrayList<>();
        ProcessBuilder pb = new ProcessBuilder(command(plan));
        pb.environment().putAll(target.toEnvironment());
        Files.createDirectories(logDirectory);
        Path log = logDirectory.resolve(String.format("%03d-%s-%d.log", ++launched, slot.peer().id(), slot.copy()));
        pb.redirectErrorStream(true);
        Process process = pb.start();
        long budget = budgetSeconds(plan);
        Thread reader = new Thread(() -> collect(process, log, results, warmup), "worker-output");
        reader.start();
        boolean exited = process.waitFor(budget, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        reader.join(TimeUnit.SECONDS.toMillis(10));
        synchronized (results) {
            List<Measurement> out = new ArrayList<>();
            for (Scenario s : scenarios) {
                for (LoopShape shape : plan.shapes()) {
                    Measurement m = results.get(key(s, shape));
                    if (m == null) {
                        String why = exited ? "the worker exited with code " + process.exitValue() + " before reporting"
                                : "the worker was killed after " + budget + " s";
                        m = Measurement.error(s, shape, why + " (log: " + log + ")");
                    }
                    out.add(m);
                }
            }
            return new Output(out, List.copyOf(warmup));
        }
    }

    private static String key(Scenario s, LoopShape shape) {
        return s.id() + '/' + shape.id();
    }

    private long budgetSeconds(WorkerPlan plan) {
        int shapes = plan.shapes().size();
        double perScenario = shapes * (plan.warmup() + plan.seconds() + 2 * plan.timeout()) + PER_SCENARIO_OVERHEAD_SECONDS;
        return STARTUP_BUDGET_SECONDS + (long) Math.ceil(plan.scenarios().size() * perScenario);
    }

    private List<String> command(WorkerPlan plan) {
        List<String> c = new ArrayList<>();
        c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        c.add("-Xms1g");
        c.add("-Xmx1g");
        c.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
        c.addAll(options.jvmArgs());
        c.add("-cp");
        c.add(System.getProperty("java.class.path"));
        c.add(Worker.class.getName());
        c.addAll(plan.toArguments());
        return c;
    }

    private static void collect(Process process, Path log, Map<String, Measurement> results, List<WarmupSlice> warmup) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter out = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                out.println(line);
                try {
                    if (Measurement.isResultLine(line)) {
                        Measurement m = Measurement.parseLine(line);
                        synchronized (results) {
                            results.put(key(m.scenario(), m.shape()), m);
                        }
                    } else if (WarmupSlice.isWarmupLine(line)) {
                        WarmupSlice w = WarmupSlice.parseLine(line);
                        synchronized (results) {
                            warmup.add(w);
                        }
                    }
                } catch (IllegalArgumentException e) {
                    out.println("[coordinator] " + e.getMessage());
                }
            }
        } catch (IOException e) {
            System.err.println("[bench] reading a worker's output: " + e);
        }
    }
}
