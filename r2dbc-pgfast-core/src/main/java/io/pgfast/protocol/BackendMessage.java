package io.pgfast.protocol;

/**
 * A message sent by the server, as listed in the PostgreSQL documentation, "Frontend/Backend
 * Protocol: Message Formats" (messages marked B). Each implementation lives in
 * {@code io.pgfast.protocol.backend}, one per file, and holds its decoding
 * ({@code static decode(ByteBuf body)}). The driver never sends one, so their encoding lives with the tests
 * ({@code BackendEncoder}), which need the bytes a server would send.
 *
 * <p>Messages are immutable values, except the two that point into the received bytes: a
 * {@link io.pgfast.protocol.backend.CopyData} holds a retained slice, implements
 * {@link io.netty.util.ReferenceCounted} and must be released by whoever receives it; a
 * {@link io.pgfast.protocol.backend.DataRow} says its lifetime by its kind (borrowed until the next message,
 * or owned and reference-counted).
 */
public interface BackendMessage {
}
