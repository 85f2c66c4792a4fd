package io.pgfast.transport;

import io.netty.util.concurrent.FastThreadLocal;

import java.util.ArrayList;

/**
 * The flushes of every connection of one event loop, held while the loop dispatches backend messages
 * ({@link BackendHandler}) or takes conversations submitted from other threads ({@link Submissions}), and made
 * when that is over. What callbacks submit meanwhile, to the dispatching connection or to any other of the same
 * loop, then leaves in one write per connection: a pool's shared leases spread the statements of one callback
 * over several connections, and each statement flushed on its own cost a {@code send} system call each.
 * Holding also keeps the guarantee a cancelling consumer relies on: nothing is written after its statement from
 * inside the callback chain that cancels it ({@link ConversationQueue#flush}).
 * <p>
 * One instance per thread; used on event loops only (and on a test's thread for an embedded channel).
 */
final class HeldFlushes {

    private static final FastThreadLocal<HeldFlushes> OF_THREAD = new FastThreadLocal<>() {
        @Override
        protected HeldFlushes initialValue() {
            return new HeldFlushes();
        }
    };

    /** The flushes that wait for the end of the hold, one per connection queue, in the order they were asked for. */
    private final ArrayList<Runnable> waiting = new ArrayList<>();
    /** How many holds are open (a dispatch may start another connection's, nested). */
    private int depth;

    private HeldFlushes() {
    }

    /** This thread's. */
    static HeldFlushes ofThisThread() {
        return OF_THREAD.get();
    }

    /** Opens a hold: flushes wait until every open hold has ended. */
    void hold() {
        depth++;
    }

    /** Whether a hold is open: a flush asked for now waits ({@link #waitFor}). */
    boolean isHolding() {
        return depth > 0;
    }

    /**
     * {@code heldFlush}, a connection queue's flush, waits for the end of the hold; the queue asks once per hold
     * ({@link ConversationQueue#flush}), and its held flush fails its own connection only, never throws.
     */
    void waitFor(Runnable heldFlush) {
        waiting.add(heldFlush);
    }

    /**
     * Ends a hold. The last one makes every waiting flush, in the order they were asked for; a flush that asks for
     * more (a failed write's callbacks submitting again) waits its turn in the same pass, since the hold stays
     * open until the pass is over. A flush that fails fails its own connection only
     * ({@link ConversationQueue#flushHeld}).
     */
    void release() {
        if (depth > 1) {
            depth--;
            return;
        }
        try {
            for (int i = 0; i < waiting.size(); i++) {
                waiting.get(i).run();
            }
        } finally {
            waiting.clear();
            depth = 0;
        }
    }
}
