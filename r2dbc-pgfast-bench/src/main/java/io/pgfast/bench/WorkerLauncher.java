package io.pgfast.bench;


import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts serving {@link Worker} JVMs ({@link WorkerProcess}) with this JVM's class path and the server in their
 * environment, each with its own log file, and says how long each of their steps may take.
 */
public final class WorkerLauncher {
    private static final long STARTUP_BUDGET_SECONDS = 30;
    private static final long PER_SCENARIO_OVERHEAD_SECONDS = 5;

    private final BenchTarget target;
    private final BenchOptions options;
    private final Path logDirectory;
    private final CpuLayout layout;
    private int launched;

    /** Workers started where {@code layout} puts them. */
    public WorkerLauncher(BenchTarget target, BenchOptions options, Path logDirectory, CpuLayout layout) {
        this.target = target;
        this.options = options;
        this.logDirectory = logDirectory;
        this.layout = layout;
    }

    /**
     * What {@code peer}'s process runs and warms up for the rows of {@code scenarios}: {@link Peer#runs} of each
     * that it can run, each once (a peer runs the {@code *_own_pool} variants as their base scenario); the others
     * are "n/a" without a process.
     */
    public static List<Scenario> runnable(Peer peer, List<Scenario> scenarios) {
        List<Scenario> out = new ArrayList<>();
        for (Scenario s : scenarios) {
            Scenario run = peer.runs(s);
            if (peer.notApplicable(s) == null && !out.contains(run)) {
                out.add(run);
            }
        }
        return out;
    }

    /** Starts {@code slot}'s worker for {@code scenarios}; it warms up on its own ({@link WorkerProcess#awaitWarm}). */
    WorkerProcess start(Slot slot, List<Scenario> scenarios) throws IOException {
        WorkerPlan plan = plan(slot, scenarios);
        ProcessBuilder pb = new ProcessBuilder(command(plan));
        pb.environment().putAll(target.toEnvironment());
        pb.environment().put(Worker.ENV_PROCESS, Integer.toString(++launched));
        Path log = logDirectory.resolve(String.format("%03d-%s-%d.log", launched, slot.peer().id(), slot.copy()));
        return WorkerProcess.start(slot, plan, log, pb);
    }

    private WorkerPlan plan(Slot slot, List<Scenario> scenarios) {
        return new WorkerPlan(slot.peer(), scenarios, options.shapes(), options.seconds(), options.warmup(),
                options.passes(), options.mostPasses(), options.timeout(), true);
    }

    /** How long starting and warming up {@code plan}'s worker may take. */
    static long warmBudgetSeconds(WorkerPlan plan) {
        double warmup = plan.sliceSeconds() * plan.mostPasses();
        double perScenario = plan.shapes().size() * (warmup + 2 * plan.timeout()) + PER_SCENARIO_OVERHEAD_SECONDS;
        return STARTUP_BUDGET_SECONDS + (long) Math.ceil(plan.scenarios().size() * perScenario);
    }

    /** How long one window of {@code plan}'s worker may take, its command and answer included. */
    static long windowBudgetSeconds(WorkerPlan plan) {
        return (long) Math.ceil(plan.seconds() + 2 * plan.timeout()) + PER_SCENARIO_OVERHEAD_SECONDS;
    }

    private List<String> command(WorkerPlan plan) {
        List<String> c = new ArrayList<>(layout.workerPrefix());
        c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        c.add("-Xms1g");
        c.add("-Xmx1g");
        // the heap's pages are touched at start: the kernel's first-touch faults of a fresh region would otherwise
        // land in the windows of whichever JVM first allocates there, as CPU of that JVM
        c.add("-XX:+AlwaysPreTouch");
        c.addAll(layout.workerJvmArgs());
        c.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
        c.addAll(options.jvmArgs());
        c.add("-cp");
        c.add(System.getProperty("java.class.path"));
        c.add(Worker.class.getName());
        c.addAll(plan.toArguments());
        return c;
    }
}
