package io.pgfast.r2dbc;

import io.pgfast.error.PgfastClientException;
import io.pgfast.protocol.backend.NotificationResponse;
import reactor.core.Exceptions;
import reactor.core.publisher.BufferOverflowStrategy;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/**
 * The notifications of one connection as a hot {@link Flux}, fed on the event loop as
 * NotificationResponse messages arrive: while the connection is idle and between the messages of
 * query results alike.
 *
 * <p>Overflow policy: each subscriber has its own buffer of {@code bufferSize} notifications. A
 * subscriber that falls that far behind gets an error (never a blocked connection, never a silent
 * loss); the connection and the other subscribers go on, and subscribing again starts afresh.
 * Notifications that arrive while nobody is subscribed are not kept.
 */
final class NotificationStream {

    private final int bufferSize;
    private final Sinks.Many<Notification> sink = Sinks.many().multicast().directBestEffort();

    NotificationStream(int bufferSize) {
        this.bufferSize = bufferSize;
    }

    Flux<Notification> flux() {
        return sink.asFlux()
                .onBackpressureBuffer(bufferSize, dropped -> { }, BufferOverflowStrategy.ERROR)
                .onErrorMap(Exceptions::isOverflow, e -> new PgfastClientException("more than " + bufferSize
                        + " notifications were waiting for a slow subscriber; subscribe again to go on receiving", e));
    }

    /** Event loop only. */
    void onNotification(NotificationResponse n) {
        if (sink.currentSubscriberCount() > 0) {
            sink.tryEmitNext(new Notification(n.channel(), n.payload(), n.processId()));
        }
    }

    /**
     * The connection is gone: every subscriber completes when it was closed, and gets {@code lostWith} when
     * it was lost (a stream that merely completed would not tell a listener that it must subscribe again on
     * a new connection, nor that notifications may have been missed meanwhile).
     */
    void end(Throwable lostWith) {
        if (lostWith == null) {
            sink.tryEmitComplete();
        } else {
            sink.tryEmitError(lostWith);
        }
    }
}
