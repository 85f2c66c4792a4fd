package io.pgfast.transport;

import io.netty.channel.EventLoop;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * What follows when the consumer of a statement's answer gives up while that answer still arrives: an early cancel,
 * which is what {@code Mono.from(result.map(...))}, {@code first()}, {@code next()} and {@code take(n)} do after the
 * rows they need. The rest of the answer is read and discarded, in order, and a CancelRequest goes out only when the
 * statement is still running past a bound: {@code cancelDrainBytes} of discarded DataRows, or {@code cancelDrainTime}
 * since the cancel (since the answer began to arrive, when an earlier statement on the connection still ran at the
 * cancel). The drain ends with the statement whose consumer gave up ({@link #ended}): a later statement of the same
 * conversation (a text of several statements, a batch) runs on, and is never cancelled for it. A CancelRequest is a new TCP connection and a new server process (protocol 55.2.8); most
 * statements cancelled early have finished already, their last rows, CommandComplete and ReadyForQuery sitting in the
 * socket buffer, and those end here without one.
 *
 * <p>Order: the conversation must be the last one written ({@link ConversationQueue#isLastWritten}), and the queue
 * writes nothing after it while it drains ({@link ConversationQueue#holdWrites}), so that a CancelRequest sent at the
 * bound can only reach this statement. The clock and the byte count start when the conversation is at the head of the
 * queue, receiving its answer: a cancel never goes out while an earlier statement on the connection still runs.
 *
 * <p>Cost: nothing while no consumer cancels. When one does, no timer is armed as long as the handler is reading what
 * was already received (the usual case ends there, at the conversation's ReadyForQuery); the timer is armed only when
 * the handler has to wait for more bytes with the statement still running. One conversation at a time drains this
 * way: only the last written can. Confined to the channel's event loop.
 */
final class EarlyCancel {

    private final EventLoop eventLoop;
    private final ConversationQueue queue;
    private final CancelRequestSender cancelRequests;
    private final long drainBytes;
    private final long drainNanos;
    /** The conversation draining before a cancel, or null. */
    private Conversation target;
    /** Whether {@link #target} is at the head: the clock and the count run. */
    private boolean running;
    private long discarded;
    private long since;
    private ScheduledFuture<?> timer;

    EarlyCancel(EventLoop eventLoop, ConversationQueue queue, CancelRequestSender cancelRequests, long drainBytes,
                Duration drainTime) {
        this.eventLoop = eventLoop;
        this.queue = queue;
        this.cancelRequests = cancelRequests;
        this.drainBytes = drainBytes;
        this.drainNanos = drainTime.toNanos();
    }

    /**
     * The consumer of {@code c}'s answer gave up while the statement may still run: cancel it unless it ends within
     * the bounds. Does nothing when a cancel could reach another statement (something was written after {@code c}):
     * the handler then only discards the rest.
     *
     * @param handlerReading whether the handler is inside its read loop: it will call {@link #awaitingBytes} when
     *                       it stops, so the timer need not be armed yet
     */
    void start(Conversation c, boolean handlerReading) {
        if (target != null || !queue.isLastWritten(c)) {
            // c drains already (one conversation at a time can), or a cancel could reach a statement written after it
            return;
        }
        target = c;
        queue.holdWrites();
        if (queue.head() == c) {
            run(handlerReading);
        }
    }

    /** {@code c} is now at the head of the queue (event loop). */
    void headChanged(Conversation c, boolean handlerReading) {
        if (c != null && c == target && !running) {
            run(handlerReading);
        }
    }

    private void run(boolean handlerReading) {
        running = true;
        discarded = 0;
        since = System.nanoTime();
        if (drainBytes == 0 || drainNanos == 0) {
            cancelNow();
        } else if (!handlerReading) {
            arm(drainNanos);
        }
    }

    /** The handler stepped over a DataRow of {@code bytes} for the head conversation {@code head}. */
    void discarded(Conversation head, int bytes) {
        if (head == target && running) {
            discarded += bytes;
            if (discarded >= drainBytes) {
                cancelNow();
            }
        }
    }

    /** The handler has read all it received and waits for the socket: a draining statement's clock needs its timer. */
    void awaitingBytes() {
        if (running && timer == null) {
            long left = since + drainNanos - System.nanoTime();
            if (left <= 0) {
                cancelNow();
            } else {
                arm(left);
            }
        }
    }

    /**
     * The statement of {@code c} whose consumer gave up ended (its CommandComplete or ErrorResponse), or {@code c}
     * received its last ReadyForQuery (event loop): it ended within the bounds, nothing is sent. Nothing happens when
     * the CancelRequest went out already.
     */
    void ended(Conversation c) {
        if (c == target) {
            stop();
            queue.releaseWrites();
        }
    }

    /** The connection failed: nothing is sent, and the queue writes nothing more anyway. */
    void closed() {
        if (target != null) {
            stop();
        }
    }

    private void arm(long nanos) {
        timer = eventLoop.schedule(this::timeUp, nanos, TimeUnit.NANOSECONDS);
    }

    private void timeUp() {
        timer = null;
        if (running && !queue.isClosed()) {
            cancelNow();
        }
    }

    /**
     * Sends the CancelRequest. The queue still writes nothing after the target: the sender holds writes until the
     * server has taken the cancel, after which a statement written later can no longer be hit.
     */
    private void cancelNow() {
        Conversation c = target;
        stop();
        c.cancelRequestSent();
        cancelRequests.send();
        queue.releaseWrites();
    }

    private void stop() {
        target = null;
        running = false;
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }
}
