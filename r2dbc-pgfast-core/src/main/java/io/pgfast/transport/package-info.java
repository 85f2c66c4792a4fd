/**
 * Reactor Netty underneath: connecting (TCP, Unix socket, the GSSENCRequest and GSS-encrypted packets, the
 * SSLRequest / direct TLS negotiation), the
 * pipeline that frames backend messages, the per-connection queue of {@link io.pgfast.transport.Conversation}s
 * (pipelined writes, one flush per batch, request order), reads that follow downstream demand,
 * CancelRequest, socketTimeout and the session state the backend reports.
 *
 * <p>May import protocol, error, gss, the codecs, Netty, Reactor Netty and the R2DBC SPI's exceptions; never
 * flow, connect, config or {@code io.pgfast.r2dbc}.
 */
package io.pgfast.transport;
