package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OperationLoopTest {
    private static final long MILLIS = 1_000_000L;

    private static Operation operation(Supplier<CompletionStage<?>> start) {
        return new Operation() {
            @Override
            public CompletionStage<?> start() {
                return start.get();
            }

            @Override
            public void close() {
            }
        };
    }

    @Test
    void countsOperationsThatCompleteAtOnce() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        OperationLoop.Outcome o = OperationLoop.run(operation(() -> {
            calls.incrementAndGet();
            return CompletableFuture.completedFuture(null);
        }), 30 * MILLIS, 1000 * MILLIS);
        assertThat(o.operations()).isEqualTo(calls.get()).isGreaterThan(10);
        assertThat(o.elapsedNanos()).isGreaterThanOrEqualTo(30 * MILLIS);
        assertThat(o.exhausted()).isFalse();
    }

    @Test
    void chainsOperationsThatCompleteOnAnotherThread() throws Exception {
        ScheduledExecutorService other = Executors.newSingleThreadScheduledExecutor();
        try {
            OperationLoop.Outcome o = OperationLoop.run(operation(() -> {
                CompletableFuture<Void> f = new CompletableFuture<>();
                other.schedule(() -> f.complete(null), 1, TimeUnit.MILLISECONDS);
                return f;
            }), 50 * MILLIS, 1000 * MILLIS);
            assertThat(o.operations()).isBetween(2L, 60L);
        } finally {
            other.shutdownNow();
        }
    }

    @Test
    void chainedStartsTheNextOperationOnTheThreadThatCompletedThePrevious() throws Exception {
        ScheduledExecutorService other = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "driver-loop"));
        java.util.Set<String> starters = java.util.concurrent.ConcurrentHashMap.newKeySet();
        try {
            OperationLoop.run(operation(() -> {
                starters.add(Thread.currentThread().getName());
                CompletableFuture<Void> f = new CompletableFuture<>();
                other.execute(() -> f.complete(null));
                return f;
            }), LoopShape.CHAINED, 20 * MILLIS, 1000 * MILLIS);
            // the first start is the loop's, every later one the driver's thread
            assertThat(starters).contains("bench-loop", "driver-loop");
        } finally {
            other.shutdownNow();
        }
    }

    @Test
    void blockingRunsEveryOperationToItsEndOnTheLoopsOwnThread() throws Exception {
        ScheduledExecutorService other = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "driver-loop"));
        java.util.Set<String> callers = java.util.concurrent.ConcurrentHashMap.newKeySet();
        AtomicInteger blockingCalls = new AtomicInteger();
        try {
            Operation op = new Operation() {
                @Override
                public CompletionStage<?> start() {
                    callers.add(Thread.currentThread().getName());
                    CompletableFuture<Void> f = new CompletableFuture<>();
                    other.execute(() -> f.complete(null));
                    return f;
                }

                @Override
                public void runBlocking() throws Exception {
                    blockingCalls.incrementAndGet();
                    Operation.super.runBlocking();
                }

                @Override
                public void close() {
                }
            };
            OperationLoop.Outcome o = OperationLoop.run(op, LoopShape.BLOCKING, 20 * MILLIS, 1000 * MILLIS);
            assertThat(callers).containsExactly("bench-loop");
            assertThat(blockingCalls.get()).isEqualTo((int) o.operations());
        } finally {
            other.shutdownNow();
        }
    }

    @Test
    void aBlockingFailureEndsTheRunWithItsCause() {
        IllegalStateException boom = new IllegalStateException("expected 1 row, got 0");
        assertThatThrownBy(() -> OperationLoop.run(operation(() -> CompletableFuture.failedFuture(boom)),
                LoopShape.BLOCKING, 100 * MILLIS, 1000 * MILLIS))
                .isInstanceOf(ExecutionException.class).hasCause(boom);
    }

    @Test
    void runsAtLeastOneOperationEvenPastTheDeadline() throws Exception {
        OperationLoop.Outcome o = OperationLoop.run(operation(() -> {
            sleep(20);
            return CompletableFuture.completedFuture(null);
        }), 1, 1000 * MILLIS);
        assertThat(o.operations()).isEqualTo(1);
        assertThat(o.elapsedNanos()).isGreaterThanOrEqualTo(20 * MILLIS);
    }

    @Test
    void aFailureEndsTheRunWithItsCause() {
        IllegalStateException boom = new IllegalStateException("expected 500 rows, got 499");
        assertThatThrownBy(() -> OperationLoop.run(operation(() -> CompletableFuture.failedFuture(boom)),
                100 * MILLIS, 1000 * MILLIS))
                .isInstanceOf(ExecutionException.class).hasCause(boom);
        assertThatThrownBy(() -> OperationLoop.run(operation(() -> {
            throw boom;
        }), 100 * MILLIS, 1000 * MILLIS)).isInstanceOf(ExecutionException.class).hasCause(boom);
    }

    @Test
    void anOperationThatNeverCompletesTimesOut() {
        long begin = System.nanoTime();
        assertThatThrownBy(() -> OperationLoop.run(operation(CompletableFuture::new), 10 * MILLIS, 100 * MILLIS))
                .isInstanceOf(TimeoutException.class).hasMessageContaining("100 ms");
        assertThat(System.nanoTime() - begin).isLessThan(2000 * MILLIS);
    }

    @Test
    void runningOutOfRowsEndsTheMeasurementWithTheOperationsDone() throws Exception {
        AtomicInteger left = new AtomicInteger(5);
        OperationLoop.Outcome o = OperationLoop.run(operation(() -> {
            if (left.getAndDecrement() <= 0) {
                throw new DataExhaustedException("no more rows");
            }
            return CompletableFuture.completedFuture(null);
        }), 1000 * MILLIS, 1000 * MILLIS);
        assertThat(o.operations()).isEqualTo(5);
        assertThat(o.exhausted()).isTrue();
    }

    @Test
    void runningOutBeforeTheFirstOperationIsAFailure() {
        assertThatThrownBy(() -> OperationLoop.run(operation(() -> {
            throw new DataExhaustedException("no rows at all");
        }), 100 * MILLIS, 1000 * MILLIS)).isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(DataExhaustedException.class);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
