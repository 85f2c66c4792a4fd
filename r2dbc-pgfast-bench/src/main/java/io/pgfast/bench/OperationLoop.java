package io.pgfast.bench;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one {@link Operation} after the other for a fixed time, in one {@link LoopShape}: chained (the next
 * starts on whatever thread completed the previous one: a reactive driver's event loop, the loop's own thread
 * for a blocking driver) or blocking (the loop's own thread runs each operation to its end). A watchdog on the
 * calling thread fails the run when one operation takes longer than the timeout. The client's cost
 * ({@link CostMeter}) is read right before the loop starts and right after it has ended, so it covers the same
 * window as the rate.
 */
public final class OperationLoop {

    /**
     * What one timed loop did: operations completed, the time from its start until it saw the deadline pass
     * after its last operation (or, when the data ran out, until the last completion), and the client's cost
     * over that window.
     */
    public record Outcome(long operations, long elapsedNanos, boolean exhausted, WindowCost cost) {
    }

    private final Operation operation;
    private final LoopShape shape;
    private final long startNanos;
    private final long deadlineNanos;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private long operations;
    private volatile long lastCompletionNanos;
    private volatile long endNanos;
    private volatile boolean exhausted;

    private OperationLoop(Operation operation, LoopShape shape, long durationNanos) {
        this.operation = operation;
        this.shape = shape;
        this.startNanos = System.nanoTime();
        this.deadlineNanos = startNanos + durationNanos;
        this.lastCompletionNanos = startNanos;
    }

    /** {@link #run(Operation, LoopShape, long, long)} chained. */
    public static Outcome run(Operation operation, long durationNanos, long timeoutNanos)
            throws TimeoutException, ExecutionException, InterruptedException {
        return run(operation, LoopShape.CHAINED, durationNanos, timeoutNanos);
    }

    /**
     * Runs operations until {@code durationNanos} have passed (the last one started before then completes), at
     * least one.
     *
     * @throws TimeoutException   if one operation took longer than {@code timeoutNanos}
     * @throws ExecutionException with the operation's failure as cause
     */
    public static Outcome run(Operation operation, LoopShape shape, long durationNanos, long timeoutNanos)
            throws TimeoutException, ExecutionException, InterruptedException {
        // The loop's thread is alive at both readings (it waits for "go" and for "exit"), so that the bytes it
        // allocates are counted: a thread that ends inside the window cannot be read any more.
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch exit = new CountDownLatch(1);
        OperationLoop[] holder = new OperationLoop[1];
        Thread driver = new Thread(() -> {
            try {
                go.await();
                OperationLoop loop = holder[0];
                if (loop == null) {
                    return;
                } else if (shape == LoopShape.CHAINED) {
                    loop.drive();
                } else {
                    loop.block();
                }
                exit.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "bench-loop");
        driver.setDaemon(true);
        driver.start();
        try {
            CostMeter.Reading reading = CostMeter.start();
            OperationLoop loop = new OperationLoop(operation, shape, durationNanos);
            holder[0] = loop;
            go.countDown();
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
            WindowCost cost = reading.stop();
            exit.countDown();
            // the next window must not see this thread end inside it
            driver.join();
            return new Outcome(loop.operations, loop.endNanos - loop.startNanos, loop.exhausted, cost);
        } finally {
            go.countDown();
            exit.countDown();
        }
    }

    /** The chained shape: starts here, then continues on the completing thread. */
    private void drive() {
        while (!done.isDone()) {
            if (deadlinePassed()) {
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

    /** The blocking shape: this thread runs every operation to its end. */
    private void block() {
        while (!done.isDone()) {
            if (deadlinePassed()) {
                return;
            }
            try {
                operation.runBlocking();
            } catch (Throwable t) {
                fail(t);
                return;
            }
            completed();
        }
    }

    private boolean deadlinePassed() {
        long now = System.nanoTime();
        if (operations > 0 && now - deadlineNanos >= 0) {
            endNanos = now;
            done.complete(null);
            return true;
        }
        return false;
    }

    private void completed() {
        operations++;
        lastCompletionNanos = System.nanoTime();
    }

    private void fail(Throwable t) {
        Throwable cause = t;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
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
