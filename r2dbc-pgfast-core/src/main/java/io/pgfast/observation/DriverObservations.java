package io.pgfast.observation;

import reactor.core.publisher.Mono;

import java.net.SocketAddress;

/** What a connection factory with an observation registry observes: opening connections, and statements. */
public interface DriverObservations {

    /** {@code connect} observed from subscription to its connection, error or cancellation. */
    <T> Mono<T> connect(Mono<T> connect);

    /** The observer of the statements of one connection to {@code server} (the socket's remote address). */
    QueryObserver queries(SocketAddress server);
}
