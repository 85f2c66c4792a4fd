package io.pgfast.transport;

import io.netty.channel.EventLoop;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Conversations submitted from threads other than the event loop, on their way to it: a lock-free stack that the
 * submitting threads push onto, and one event-loop task, made once per connection, that takes every conversation
 * on it in submission order. A submission allocates nothing: the stack links the conversations themselves
 * ({@link Conversation#nextSubmitted}), and the task is this object.
 */
final class Submissions implements Runnable {

    private final EventLoop eventLoop;
    /** Submits one conversation on the event loop. */
    private final Consumer<Conversation> submitOnLoop;
    private final AtomicReference<Conversation> top = new AtomicReference<>();

    Submissions(EventLoop eventLoop, Consumer<Conversation> submitOnLoop) {
        this.eventLoop = eventLoop;
        this.submitOnLoop = submitOnLoop;
    }

    /**
     * Hands {@code conversation} to the event loop, which submits it there. Any thread. A task per submission, as
     * an executor expects: a run that finds the stack already taken does nothing.
     */
    void add(Conversation conversation) {
        Conversation below;
        do {
            below = top.get();
            conversation.nextSubmitted = below;
        } while (!top.compareAndSet(below, conversation));
        eventLoop.execute(this);
    }

    /**
     * Takes every conversation on the stack and submits them, first pushed first, in one write
     * ({@link HeldFlushes}; event loop).
     */
    @Override
    public void run() {
        Conversation taken = top.getAndSet(null);
        if (taken == null) {
            return;
        }
        Conversation ordered = null;
        while (taken != null) {
            Conversation below = taken.nextSubmitted;
            taken.nextSubmitted = ordered;
            ordered = taken;
            taken = below;
        }
        HeldFlushes held = HeldFlushes.ofThisThread();
        held.hold();
        try {
            while (ordered != null) {
                Conversation next = ordered.nextSubmitted;
                ordered.nextSubmitted = null;
                submitOnLoop.accept(ordered);
                ordered = next;
            }
        } finally {
            held.release();
        }
    }
}
