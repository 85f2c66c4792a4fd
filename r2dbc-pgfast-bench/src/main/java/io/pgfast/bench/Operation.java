package io.pgfast.bench;

import java.util.concurrent.CompletionStage;

/**
 * One measured unit of a scenario, for example one query with all its rows read. {@link #start()} may
 * complete at once (blocking drivers) or later on the driver's own thread (reactive drivers), whose
 * completion then starts the next operation without a thread hop, as an application chains its queries.
 */
public interface Operation extends AutoCloseable {

    /** Starts one operation; the stage completes when every row has been read, exceptionally on failure. */
    CompletionStage<?> start();

    /** Releases the connections; called once, also after a timeout while an operation may still run. */
    @Override
    void close();
}
