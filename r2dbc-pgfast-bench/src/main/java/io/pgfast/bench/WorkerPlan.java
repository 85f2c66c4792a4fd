package io.pgfast.bench;

import java.util.List;
import java.util.Locale;

/**
 * What one worker process measures and how long: its driver, its scenarios and loop shapes (in the order the
 * windows run), the warm-up (seconds per scenario and shape, spread over {@code passes} passes that each run
 * every scenario and shape once, so that every scenario is warm before any window is measured; up to
 * {@code mostPasses} while the JIT is still busy, see {@link Worker#keepWarming}), the seconds of one measured
 * window, the longest one operation may take, and whether the process serves the coordinator's {@code window}
 * commands after its warm-up ({@code --serve}, see {@link Worker}) or measures once.
 */
public record WorkerPlan(Peer peer, List<Scenario> scenarios, List<LoopShape> shapes, double seconds,
                         double warmup, int passes, int mostPasses, double timeout, boolean serve) {

    static final String USAGE = "usage: Worker --driver <id> --scenarios <a,b,...|all> --seconds <s>"
            + " [--shapes chained,blocking] [--warmup <s per scenario and shape>] [--passes <n>] [--most-passes <n>] [--timeout <s>] [--serve]";

    public WorkerPlan {
        scenarios = List.copyOf(scenarios);
        shapes = peer.measuredShapes(List.copyOf(shapes));
        if (scenarios.isEmpty()) {
            throw new IllegalArgumentException("no scenario");
        }
        if (!(seconds > 0) || !(warmup >= 0) || !(timeout > 0) || Double.isInfinite(seconds + warmup + timeout)) {
            throw new IllegalArgumentException("seconds and timeout must be positive and finite, warm-up not negative");
        }
        if (passes < 1 || mostPasses < passes) {
            throw new IllegalArgumentException("at least one warm-up pass and at most as many as the most, not "
                    + passes + " of " + mostPasses);
        }
    }

    /** Seconds of one warm-up pass of one scenario in one shape. */
    public double sliceSeconds() {
        return warmup / passes;
    }

    /** The worker's command-line arguments for this plan. */
    public List<String> toArguments() {
        List<String> args = new java.util.ArrayList<>(List.of("--driver", peer.id(), "--scenarios", Scenario.ids(scenarios), "--shapes", LoopShape.ids(shapes),
                "--seconds", Double.toString(seconds), "--warmup", Double.toString(warmup),
                "--passes", Integer.toString(passes), "--most-passes", Integer.toString(mostPasses), "--timeout", Double.toString(timeout)));
        if (serve) {
            args.add("--serve");
        }
        return List.copyOf(args);
    }

    /**
     * @throws IllegalArgumentException on a missing, unknown or bad argument
     */
    public static WorkerPlan parse(String[] args) {
        Peer peer = null;
        List<Scenario> scenarios = null;
        List<LoopShape> shapes = List.of(LoopShape.values());
        double seconds = -1;
        double warmup = -1;
        int passes = 1;
        int mostPasses = -1;
        double timeout = -1;
        boolean serve = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--serve")) {
                serve = true;
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(a + " needs a value; " + USAGE);
            }
            String v = args[++i];
            try {
                switch (a) {
                    case "--driver": peer = Peer.byId(v); break;
                    case "--scenarios": scenarios = Scenario.parseList(v); break;
                    case "--shapes": shapes = LoopShape.parseList(v); break;
                    case "--seconds": seconds = Double.parseDouble(v.toLowerCase(Locale.ROOT)); break;
                    case "--warmup": warmup = Double.parseDouble(v.toLowerCase(Locale.ROOT)); break;
                    case "--passes": passes = Integer.parseInt(v); break;
                    case "--most-passes": mostPasses = Integer.parseInt(v); break;
                    case "--timeout": timeout = Double.parseDouble(v.toLowerCase(Locale.ROOT)); break;
                    default: throw new IllegalArgumentException("unknown option '" + a + "'; " + USAGE);
                }
            } catch (NumberFormatException | java.util.NoSuchElementException e) {
                throw new IllegalArgumentException(a + ": " + e.getMessage() + "; " + USAGE, e);
            }
        }
        if (peer == null || scenarios == null || seconds < 0) {
            throw new IllegalArgumentException(USAGE);
        }
        return new WorkerPlan(peer, scenarios, shapes, seconds, warmup < 0 ? Math.min(seconds, 2) : warmup, passes,
                mostPasses < 0 ? passes : mostPasses,
                timeout < 0 ? Math.max(10, seconds * 4) : timeout, serve);
    }
}
