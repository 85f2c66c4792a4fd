package io.pgfast.observation;

/**
 * The observation of one executed statement (one {@code Statement.execute()} or {@code Batch.execute()}
 * subscription), fed by the query flow.
 *
 * <p>Threading contract: {@link #result}, {@link #error}, {@link #cancelled} and {@link #stop} are called
 * on the connection's event loop only, after the observation was started on the subscribing thread.
 * {@link #stop} is called exactly once, when the statement's conversation is over: at its ReadyForQuery,
 * when the connection fails, or when it was abandoned before anything was written.
 */
public interface QueryObservation {

    /**
     * One Result ended with the row count of its CommandComplete: rows returned when the statement
     * returned rows ({@code SELECT n}), rows changed otherwise ({@code UPDATE n}).
     */
    void result(boolean returnedRows, long count);

    /** The statement (or the connection under it) failed; only the first error counts. */
    void error(Throwable error);

    /** A consumer gave up on the results while the server was still working on them. */
    void cancelled();

    /** The statement's conversation is over. */
    void stop();
}
