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
        assertThat(o.operations()).isEqualTo(calls.get()).isPositive();
        assertThat(o.elapsedNanos()).isGreaterThanOrEqualTo(30 * MILLIS);
        assertThat(o.exhausted()).isFalse();
    }

    /** Five operations completing on {@code other}, then no more data: the loop's end does not depend on time. */
    private static Operation fiveOn(ScheduledExecutorService other, java.util.Set<String> starters) {
        AtomicInteger left = new AtomicInteger(5);
        return operation(() -> {
            starters.add(Thread.currentThread().getName());
            if (left.getAndDecrement() <= 0) {
                throw new DataExhaustedException("done");
            }
            CompletableFuture<Void> f = new CompletableFuture<>();
            other.execute(() -> f.complete(null));
            return f;
        });
    }

    @Test
    void chainsOperationsThatCompleteOnAnotherThread() throws Exception {
        ScheduledExecutorService other = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "driver-loop"));
        java.util.Set<String> starters = java.util.concurrent.ConcurrentHashMap.newKeySet();
        try {
            OperationLoop.Outcome o = OperationLoop.run(fiveOn(other, starters), LoopShape.CHAINED, 3_600_000 * MILLIS,
                    3_600_000 * MILLIS);
            assertThat(o.operations()).isEqualTo(5);
            // the first start is the loop's, every later one the driver's thread that completed the previous
            assertThat(starters).containsExactlyInAnyOrder("bench-loop", "driver-loop");
        } finally {
            other.shutdownNow();
        }
    }

    @Test
    void blockingRunsEveryOperationToItsEndOnTheLoopsOwnThread() throws Exception {
        ScheduledExecutorService other = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "driver-loop"));
        java.util.Set<String> starters = java.util.concurrent.ConcurrentHashMap.newKeySet();
        AtomicInteger blockingCalls = new AtomicInteger();
        try {
            Operation five = fiveOn(other, starters);
            Operation op = new Operation() {
                @Override
                public CompletionStage<?> start() {
                    return five.start();
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
            OperationLoop.Outcome o = OperationLoop.run(op, LoopShape.BLOCKING, 3_600_000 * MILLIS, 3_600_000 * MILLIS);
            assertThat(o.operations()).isEqualTo(5);
            assertThat(o.exhausted()).isTrue();
            assertThat(starters).containsExactly("bench-loop");
            // the sixth call found no more data
            assertThat(blockingCalls.get()).isEqualTo(6);
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
        assertThat(System.nanoTime() - begin).isLessThan(60_000 * MILLIS);
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
