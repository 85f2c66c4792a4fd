/**
 * Reactor Netty underneath: connecting (TCP, Unix socket, the SSLRequest / direct TLS negotiation), the
 * pipeline that frames backend messages, the per-connection queue of {@link io.pgfast.transport.Conversation}s
 * (pipelined writes, one flush per batch, request order), reads that follow downstream demand,
 * CancelRequest, socketTimeout and the session state the backend reports.
 *
 * <p>The connection options it uses arrive as one value, {@link io.pgfast.transport.TransportSettings},
 * which {@code io.pgfast.connect} derives from the configuration once per factory: the transport sits below
 * the configuration, so that it can be opened and tested with plain values and a change to how options are
 * declared or parsed never reaches it.
 *
 * <p>May import protocol, error, the codecs, Netty, Reactor Netty and the R2DBC SPI's exceptions; never
 * flow, connect, config or {@code io.pgfast.r2dbc}.
 */
package io.pgfast.transport;
