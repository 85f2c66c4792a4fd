package io.pgfast.transport;

import io.pgfast.error.SqlState;
import io.r2dbc.spi.R2dbcTimeoutException;

import io.netty.channel.EventLoop;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The {@code socketTimeout} option (pgjdbc's name and meaning): while the driver waits for the backend and
 * no byte arrives for the timeout, the connection is failed with an {@link R2dbcTimeoutException}
 * (SQLSTATE 08006, connection failure) and closed.
 *
 * <p>The driver waits for the backend when a conversation is in flight, that conversation
 * {@link Conversation#awaitsBackend() awaits the backend} (a COPY FROM STDIN whose data the client is
 * still producing does not), and the handler that owns this timeout is not holding reading back for a subscriber
 * without demand (it says so at every {@link #update}). An
 * idle connection, e.g. one that only listens for notifications, therefore never times out; neither does
 * a slow consumer. The clock starts at the later of the last bytes read and the moment the wait began.
 *
 * <p>Cost: one {@code System.nanoTime()} per socket read and per wait that begins, and at most one
 * scheduled check per timeout period, which re-arms itself for the remaining time instead of a timer per
 * message. Confined to the channel's event loop.
 */
final class SocketTimeout {

    private final EventLoop eventLoop;
    private final ConversationQueue queue;
    private final Dispatcher dispatcher;
    private final Duration timeout;
    private final long timeoutNanos;
    private long lastRead;
    private long waitingSince;
    private boolean waiting;
    private boolean armed;
    /** Reading is held back for a consumer's demand, as of the last {@link #update}. */
    private boolean readingHeldBack;

    SocketTimeout(EventLoop eventLoop, ConversationQueue queue, Dispatcher dispatcher, Duration timeout) {
        this.eventLoop = eventLoop;
        this.queue = queue;
        this.dispatcher = dispatcher;
        this.timeout = timeout;
        this.timeoutNanos = timeout.toNanos();
        this.lastRead = System.nanoTime();
    }

    /** Bytes came from the backend (called once per socket read). */
    void bytesRead() {
        lastRead = System.nanoTime();
    }

    /**
     * Something may have changed whether the driver waits (a write, a dispatch, new demand): re-evaluate, reading
     * being held back for a consumer's demand or not as {@code readingHeldBack} says.
     */
    void update(boolean readingHeldBack) {
        this.readingHeldBack = readingHeldBack;
        boolean now = awaitingBackend();
        if (now && !waiting) {
            waitingSince = System.nanoTime();
            arm(timeoutNanos);
        }
        waiting = now;
    }

    private boolean awaitingBackend() {
        Conversation head = queue.head();
        return head != null && !readingHeldBack && head.awaitsBackend();
    }

    private void arm(long delayNanos) {
        if (!armed) {
            armed = true;
            eventLoop.schedule(this::check, delayNanos, TimeUnit.NANOSECONDS);
        }
    }

    private void check() {
        armed = false;
        if (dispatcher.isFailed()) {
            return;
        }
        long now = System.nanoTime();
        if (!awaitingBackend()) {
            waiting = false;
            return;
        }
        if (!waiting) {
            // a wait that began without an update (defensive: every path that starts one calls update)
            waiting = true;
            waitingSince = now;
        }
        long since = lastRead - waitingSince > 0 ? lastRead : waitingSince;
        long left = since + timeoutNanos - now;
        if (left > 0) {
            arm(left);
            return;
        }
        dispatcher.fail(new R2dbcTimeoutException("no data from the server for " + millis(now - since) + " ms while waiting for its answer"
                + " (socketTimeout " + timeout + "); the connection is closed", SqlState.CONNECTION_FAILURE));
    }

    private static long millis(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }
}
