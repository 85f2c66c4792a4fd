package io.pgfast.r2dbc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import io.r2dbc.spi.Result;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * LISTEN that outlives its connection: when the connection is lost (a failover, a restart, the network), a new
 * one is opened as {@code retry} says, LISTEN runs again, and a {@link ListenEvent.Listening} event whose
 * {@code lost} is set tells the subscriber that notifications may have been missed in between (PostgreSQL
 * delivers a NOTIFY only to sessions listening when it commits). Built on {@link PgfastConnection#getNotifications()},
 * which ends with an error when its connection is lost.
 *
 * <p>Each subscription has its own connection, which is closed when the subscription is cancelled. LISTEN is
 * refused by a standby (25006, read-only transaction), so with several hosts use {@code targetServerType=primary}:
 * during a failover the attempts then fail until a standby has been promoted. Notifications are buffered per
 * subscriber as {@link PgfastConnection#getNotifications()} says; a subscriber that falls too far behind gets that
 * error, which is not retried.
 *
 * <pre>{@code
 * ReconnectingListener.listen(factory, List.of("orders")).subscribe(event -> {
 *     if (event instanceof ListenEvent.Received r) {
 *         handle(r.notification());
 *     } else if (event instanceof ListenEvent.Listening l && l.resumed()) {
 *         resync(); // notifications may have been missed
 *     }
 * });
 * }</pre>
 */
public final class ReconnectingListener {

    private ReconnectingListener() {
    }

    /**
     * As {@link #listen(PgfastConnectionFactory, Collection, Retry)}, retrying connection-level errors (the
     * resource kind, and timeouts) without end: after 100 ms, doubling up to 5 s, back to 100 ms once a connection
     * delivered an event. A host list that never offers a primary looks like a failover that never ends and is
     * retried as long (with several hosts every failed attempt is reported as one, even a wrong password); pass a
     * {@code Retry} with a limit to give up. Other errors (a single host's wrong password, LISTEN refused) end the
     * stream.
     */
    public static Flux<ListenEvent> listen(PgfastConnectionFactory factory, Collection<String> channels) {
        return listen(factory, channels, Retry.backoff(Long.MAX_VALUE, Duration.ofMillis(100)).maxBackoff(Duration.ofSeconds(5))
                .transientErrors(true).filter(ReconnectingListener::isConnectionError));
    }

    /**
     * @param factory  opens each listening connection
     * @param channels the channel names, as given (each is quoted: {@code LISTEN "name"})
     * @param retry    which errors (a lost connection, a failed attempt to open one) lead to a new connection, and
     *                 when; when it gives up, the stream ends with its error
     * @throws IllegalArgumentException if an argument is null, {@code channels} is empty or holds an empty name or NUL
     */
    public static Flux<ListenEvent> listen(PgfastConnectionFactory factory, Collection<String> channels, Retry retry) {
        if (factory == null || channels == null || retry == null) {
            throw new IllegalArgumentException("factory, channels and retry must not be null");
        }
        if (channels.isEmpty()) {
            throw new IllegalArgumentException("channels must not be empty");
        }
        List<String> statements = new ArrayList<>(channels.size());
        for (String channel : channels) {
            if (channel == null || channel.isEmpty() || channel.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("a channel name must be non-empty and free of NUL, got " + channel);
            }
            statements.add("LISTEN \"" + channel.replace("\"", "\"\"") + "\"");
        }
        return Flux.defer(() -> {
            // per subscriber: the error that ended the last connection that was listening
            AtomicReference<Throwable> lost = new AtomicReference<>();
            AtomicBoolean listening = new AtomicBoolean();
            return Flux.defer(() -> session(factory, statements, lost.get()))
                    .doOnNext(e -> {
                        if (e instanceof ListenEvent.Listening) {
                            listening.set(true);
                        }
                    })
                    .doOnError(e -> {
                        if (listening.getAndSet(false)) {
                            lost.set(e);
                        }
                    })
                    .retryWhen(retry);
        });
    }

    /** The errors of a lost or refused connection, which a new connection may cure. */
    static boolean isConnectionError(Throwable e) {
        return e instanceof R2dbcNonTransientResourceException || e instanceof R2dbcTransientResourceException
                || e instanceof R2dbcTimeoutException;
    }

    /**
     * One connection: notifications are subscribed before LISTEN runs, so none sent after LISTEN took effect is
     * missed; the Listening event follows LISTEN's answer (the server delivers notifications only after it).
     */
    private static Flux<ListenEvent> session(PgfastConnectionFactory factory, List<String> statements, Throwable lostBefore) {
        return Flux.usingWhen(factory.create().cast(PgfastConnection.class),
                c -> Flux.merge(
                        c.getNotifications().map(ListenEvent.Received::new),
                        Flux.fromIterable(statements)
                                .concatMap(sql -> Flux.from(c.createStatement(sql).execute()).concatMap(Result::getRowsUpdated))
                                .then(Mono.fromSupplier(() -> new ListenEvent.Listening(c.transport().server(), lostBefore)))),
                Connection::close,
                (c, e) -> Mono.from(c.close()).onErrorResume(x -> Mono.empty()),
                Connection::close);
    }
}
