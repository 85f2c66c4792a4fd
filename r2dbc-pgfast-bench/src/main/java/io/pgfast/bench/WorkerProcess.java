package io.pgfast.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One serving {@link Worker} JVM, kept for every round of a run: it warms up once when started
 * ({@link #awaitWarm}), then measures one window per {@link #window} call, and stops at {@link #close}.
 * Everything it prints goes to its log file. A worker that overruns a step's time budget is killed; from then on
 * every scenario it still had to measure is an error that names the reason and the log.
 */
final class WorkerProcess implements AutoCloseable {
    /** The end of the worker's output, put in the queue by the reader thread. */
    private static final String END = "\u0000end";

    private final Slot slot;
    private final WorkerPlan plan;
    private final Path log;
    private final Process process;
    private final Writer commands;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Thread reader;
    /** Why the worker cannot measure any more, once it cannot; null while it can. */
    private String gone;

    private WorkerProcess(Slot slot, WorkerPlan plan, Path log, Process process) {
        this.slot = slot;
        this.plan = plan;
        this.log = log;
        this.process = process;
        this.commands = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        this.reader = new Thread(this::copyOutput, "worker-output-" + slot);
        reader.setDaemon(true);
        reader.start();
    }

    static WorkerProcess start(Slot slot, WorkerPlan plan, Path log, ProcessBuilder builder) throws IOException {
        Files.createDirectories(log.getParent());
        builder.redirectErrorStream(true);
        return new WorkerProcess(slot, plan, log, builder.start());
    }

    Slot slot() {
        return slot;
    }

    WorkerPlan plan() {
        return plan;
    }

    /**
     * Waits until the worker has prepared its scenarios and warmed them up, at most {@code budgetSeconds};
     * returns its warm-up slices (fewer than planned if it failed or overran).
     */
    List<WarmupSlice> awaitWarm(long budgetSeconds) throws InterruptedException {
        List<WarmupSlice> warmup = new ArrayList<>();
        readUntil(Worker.READY, budgetSeconds, "warming up", line -> {
            if (WarmupSlice.isWarmupLine(line)) {
                warmup.add(WarmupSlice.parseLine(line));
            }
        });
        return warmup;
    }

    /**
     * One window of {@code scenario} in {@code shape} (a shape this driver measures), at most
     * {@code budgetSeconds}; an error naming why if there is no result.
     */
    Measurement window(Scenario scenario, LoopShape shape, long budgetSeconds) throws InterruptedException {
        Measurement[] result = new Measurement[1];
        if (gone == null) {
            try {
                commands.write(Worker.WINDOW_COMMAND + scenario.id() + ' ' + shape.id() + "\n");
                commands.flush();
            } catch (IOException e) {
                gone = "the worker stopped reading its commands (" + e.getMessage() + ")";
            }
        }
        if (gone == null) {
            readUntil(Worker.MEASURED, budgetSeconds, "measuring", line -> {
                if (Measurement.isResultLine(line)) {
                    result[0] = Measurement.parseLine(line);
                }
            });
        }
        if (result[0] != null && result[0].scenario() == scenario && result[0].shape() == shape) {
            return result[0];
        }
        return Measurement.error(scenario, shape, (gone != null ? gone : "the worker reported no result")
                + " (log: " + log + ")");
    }

    /** Asks the worker to stop, and kills it if it has not within 10 s. */
    @Override
    public void close() throws InterruptedException {
        try {
            commands.write(Worker.QUIT_COMMAND + "\n");
            commands.close();
        } catch (IOException e) {
            // it is gone already
        }
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        reader.join(TimeUnit.SECONDS.toMillis(10));
    }

    /** Hands the worker's lines to {@code handler} until {@code marker}; on its end or an overrun, sets {@link #gone}. */
    private void readUntil(String marker, long budgetSeconds, String step, Consumer<String> handler) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(budgetSeconds);
        while (true) {
            String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                gone = "the worker was killed after " + budgetSeconds + " s " + step;
                process.destroyForcibly();
                return;
            }
            if (line.equals(END)) {
                process.waitFor(10, TimeUnit.SECONDS);
                gone = "the worker exited" + (process.isAlive() ? "" : " with code " + process.exitValue())
                        + " while " + step;
                return;
            }
            if (line.equals(marker)) {
                return;
            }
            try {
                handler.accept(line);
            } catch (IllegalArgumentException e) {
                System.err.println("[bench] " + slot + ": " + e.getMessage());
            }
        }
    }

    /** The reader thread: every line to the log file and to the queue, then {@link #END}. */
    private void copyOutput() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter out = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8), true)) {
            String line;
            while ((line = in.readLine()) != null) {
                out.println(line);
                lines.add(line);
            }
        } catch (IOException e) {
            System.err.println("[bench] reading " + slot + "'s output: " + e);
        } finally {
            lines.add(END);
        }
    }

    private static String key(Scenario s, LoopShape shape) {
        return s.id() + '/' + shape.id();
    }
}
