package io.pgfast.bench;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one {@link Operation} after the other for a fixed time: the next starts when the previous completes,
 * on whatever thread completed it (a reactive driver's event loop, the loop's own thread for a blocking
 * driver). A watchdog on the calling thread fails the run when one operation takes longer than the timeout.
 */
public final class OperationLoop {

    /**
     * What one timed loop did: operations completed, and the time from its start until it saw the deadline pass
     * after its last operation (or, when the data ran out, until the last completion).
     */
    public record Outcome(long operations, long elapsedNanos, boolean exhausted) {
    }

    private final Operation operation;
    private final long startNanos;
    private final long deadlineNanos;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private long operations;
    private volatile long lastCompletionNanos;
    private volatile long endNanos;
    private volatile boolean exhausted;

    private OperationLoop(Operation operation, long durationNanos) {
        this.operation = operation;
        this.startNanos = System.nanoTime();
        this.deadlineNanos = startNanos + durationNanos;
        this.lastCompletionNanos = startNanos;
    }

    /**
     * Runs operations until {@code durationNanos} have passed (the last one started before then completes), at
     * least one.
     *
     * @throws TimeoutException   if one operation took longer than {@code timeoutNanos}
     * @throws ExecutionException with the operation's failure as cause
     */
    public static Outcome run(Operation operation, long durationNanos, long timeoutNanos)
            throws TimeoutException, ExecutionException, InterruptedException {
        OperationLoop loop = new OperationLoop(operation, durationNanos);
        Thread driver = new Thread(loop::drive, "bench-loop");
        driver.setDaemon(true);
        driver.start();
        while (true) {
            try {
                loop.done.get(20, TimeUnit.MILLISECONDS);
                break;
            } catch (TimeoutException e) {
                long stalled = System.nanoTime() - loop.lastCompletionNanos;
                if (stalled > timeoutNanos) {
                    throw new TimeoutException("one operation took longer than "
                            + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms");
                }
            }
        }
        return new Outcome(loop.operations, loop.endNanos - loop.startNanos, loop.exhausted);
    }

    private void drive() {
        while (!done.isDone()) {
            long now = System.nanoTime();
            if (operations > 0 && now - deadlineNanos >= 0) {
                endNanos = now;
                done.complete(null);
                return;
            }
            CompletableFuture<?> f;
            try {
                f = operation.start().toCompletableFuture();
            } catch (Throwable t) {
                fail(t);
                return;
            }
            if (f.isDone()) {
                try {
                    f.join();
                } catch (Throwable t) {
                    fail(t);
                    return;
                }
                completed();
                continue;
            }
            f.whenComplete((value, error) -> {
                if (error != null) {
                    fail(error);
                } else {
                    completed();
                    drive();
                }
            });
            return;
        }
    }

    private void completed() {
        operations++;
        lastCompletionNanos = System.nanoTime();
    }

    private void fail(Throwable t) {
        Throwable cause = t;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof DataExhaustedException && operations > 0) {
            exhausted = true;
            endNanos = lastCompletionNanos;
            done.complete(null);
        } else {
            done.completeExceptionally(cause);
        }
    }
}
