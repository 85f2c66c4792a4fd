/**
 * Reactor Netty underneath: connecting (TCP, Unix socket, the GSSENCRequest and GSS-encrypted packets, the
 * SSLRequest / direct TLS negotiation), the
 * pipeline that frames backend messages, the per-connection queue of {@link io.pgfast.transport.Conversation}s
 * (pipelined writes, one flush per batch, request order), reads that follow downstream demand,
 * CancelRequest, socketTimeout and the session state the backend reports.
 *
 * <p>Inside, a part never names what uses it, so a backend message travels one way: the
 * {@code BackendHandler} reads it and hands it to the {@code Dispatcher},
 * which routes it to the {@link io.pgfast.transport.ServerSession} and to the head conversation and never calls back
 * into the handler. {@link io.pgfast.transport.Transport} puts the parts together and is what the flows hold.
 *
 * <p>The connection options it uses arrive as one value, {@link io.pgfast.transport.TransportSettings},
 * which {@code io.pgfast.connect} derives from the configuration once per factory: the transport sits below
 * the configuration, so that it can be opened and tested with plain values and a change to how options are
 * declared or parsed never reaches it.
 *
 * <p>May import protocol, error, gss, the codecs, Netty, Reactor Netty and the R2DBC SPI's exceptions; never
 * flow, connect, config or {@code io.pgfast.r2dbc}.
 */
package io.pgfast.transport;
