package io.pgfast.bench;


import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Starts one {@link Worker} JVM with this JVM's class path, collects its result lines and writes everything
 * else it prints to a log file. A worker that overruns its time budget is killed, and its scenarios without
 * a result become errors.
 */
public final class WorkerLauncher {
    private static final long STARTUP_BUDGET_SECONDS = 30;
    private static final long PER_SCENARIO_OVERHEAD_SECONDS = 5;

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

    /** Runs one worker process for {@code scenarios} and returns one measurement per scenario. */
    public Map<Scenario, Measurement> run(Slot slot, List<Scenario> scenarios) throws IOException, InterruptedException {
        Map<Scenario, Measurement> results = new EnumMap<>(Scenario.class);
        List<String> command = command(slot.peer(), scenarios);
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(target.toEnvironment());
        Files.createDirectories(logDirectory);
        Path log = logDirectory.resolve(String.format("%03d-%s-%d.log", ++launched, slot.peer().id(), slot.copy()));
        pb.redirectErrorStream(true);
        Process process = pb.start();
        long budget = budgetSeconds(scenarios.size());
        Thread reader = new Thread(() -> collect(process, log, results), "worker-output");
        reader.start();
        boolean exited = process.waitFor(budget, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        reader.join(TimeUnit.SECONDS.toMillis(10));
        synchronized (results) {
            for (Scenario s : scenarios) {
                if (!results.containsKey(s)) {
                    String why = exited ? "the worker exited with code " + process.exitValue() + " before reporting"
                            : "the worker was killed after " + budget + " s";
                    results.put(s, Measurement.error(s, why + " (log: " + log + ")"));
                }
            }
            return new EnumMap<>(results);
        }
    }

    private long budgetSeconds(int scenarioCount) {
        double perScenario = options.warmup() + options.seconds() + 2 * options.timeout() + PER_SCENARIO_OVERHEAD_SECONDS;
        return STARTUP_BUDGET_SECONDS + (long) Math.ceil(scenarioCount * perScenario);
    }

    private List<String> command(Peer peer, List<Scenario> scenarios) {
        List<String> c = new ArrayList<>();
        c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        c.add("-Xms1g");
        c.add("-Xmx1g");
        c.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
        c.addAll(options.jvmArgs());
        c.add("-cp");
        c.add(System.getProperty("java.class.path"));
        c.add(Worker.class.getName());
        c.add(peer.id());
        c.add(Scenario.ids(scenarios));
        c.add(Double.toString(options.seconds()));
        c.add(Double.toString(options.warmup()));
        c.add(Double.toString(options.timeout()));
        return c;
    }

    private static void collect(Process process, Path log, Map<Scenario, Measurement> results) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter out = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                out.println(line);
                if (Measurement.isResultLine(line)) {
                    try {
                        Measurement m = Measurement.parseLine(line);
                        synchronized (results) {
                            results.put(m.scenario(), m);
                        }
                    } catch (IllegalArgumentException e) {
                        out.println("[coordinator] " + e.getMessage());
                    }
                }
            }
        } catch (IOException e) {
            System.err.println("[bench] reading a worker's output: " + e);
        }
    }
}
