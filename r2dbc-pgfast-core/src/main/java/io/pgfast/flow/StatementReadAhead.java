package io.pgfast.flow;

import java.util.ArrayDeque;

/**
 * What a query conversation has read ahead of its subscribers' demand, for a statement waiting behind it (see
 * {@link io.pgfast.transport.Conversation#readAheadForWaiters}): the bytes it counts against the connection's
 * {@code readAheadLimit}, and the Results opened while nobody asked for them, held in order until the Results
 * subscriber asks. Made on the first read-ahead only (event loop only): nearly every statement never reads ahead.
 */
final class StatementReadAhead {

    /** What a held Result counts against the budget besides its rows: a few objects. */
    static final int HELD_RESULT_BYTES = 128;

    /** Bytes read ahead (rows and held Results) and not yet handed out. */
    long bytes;
    /** Results are being opened ahead of demand. */
    boolean results;
    /** Results opened while nobody asked for them, in order; null until the first. */
    private ArrayDeque<ResultFeed> held;
    /** The Results publisher ended (completed, or failed with {@link #endAfterHeld}) while Results were still held. */
    boolean endWhenHeldOut;
    Throwable endAfterHeld;

    /** Holds {@code feed} until the Results subscriber asks for it. */
    void hold(ResultFeed feed) {
        if (held == null) {
            held = new ArrayDeque<>();
        }
        held.add(feed);
        bytes += HELD_RESULT_BYTES;
    }

    /** The oldest held Result, no longer counted, or null when none is held. */
    ResultFeed next() {
        ResultFeed feed = held == null ? null : held.poll();
        if (feed != null) {
            bytes -= HELD_RESULT_BYTES;
        }
        return feed;
    }

    boolean holdsResults() {
        return held != null && !held.isEmpty();
    }

    /** Whether a Result was ever held (the queue exists, perhaps empty by now). */
    boolean everHeld() {
        return held != null;
    }
}
