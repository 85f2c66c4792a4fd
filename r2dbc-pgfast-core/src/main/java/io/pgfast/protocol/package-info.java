/**
 * The PostgreSQL frontend/backend protocol (versions 3.0 and 3.2, "Frontend/Backend Protocol" in the PostgreSQL
 * docs) as pure functions on Netty {@code ByteBuf}s: framing of the backend stream ({@code MessageFramer}),
 * the message data types, decoding of backend messages (their one table, {@code BackendMessageType}; per
 * connection, with its caches, {@code BackendMessageReader}). One message per file lives in {@code .backend} and {@code .frontend};
 * authentication exchanges in {@code .auth}.
 *
 * <p>Bytes in, messages out: no channel, no Reactor, no I/O. May import netty-buffer, the codecs'
 * readers ({@code io.pgfast.codec.io}) and the JDK; never transport, flow, connect, config or r2dbc.
 */
package io.pgfast.protocol;
