package io.pgfast.bench;

import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/**
 * One measured unit of a scenario, for example one query with all its rows read. {@link #start()} may
 * complete at once (blocking drivers) or later on the driver's own thread (reactive drivers), whose
 * completion then starts the next operation without a thread hop, as an application chains its queries
 * ({@link LoopShape#CHAINED}). {@link #runBlocking()} is the same operation run the way a blocking caller
 * runs it ({@link LoopShape#BLOCKING}).
 */
public interface Operation extends AutoCloseable {

    /** Starts one operation; the stage completes when every row has been read, exceptionally on failure. */
    CompletionStage<?> start();

    /**
     * Runs one operation on the calling thread and returns when it is done, as the driver's users block on it:
     * by default {@code start().toCompletableFuture().get()}; the R2DBC workload uses {@code Mono.block()}.
     *
     * @throws Exception the operation's failure
     */
    default void runBlocking() throws Exception {
        try {
            start().toCompletableFuture().get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof Exception ? (Exception) cause : e;
        }
    }

    /** Releases the connections; called once, also after a timeout while an operation may still run. */
    @Override
    void close();
}
