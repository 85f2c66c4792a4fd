package io.pgfast.protocol;

import io.netty.buffer.ByteBuf;

/**
 * A message sent by the server, as listed in the PostgreSQL documentation, "Frontend/Backend
 * Protocol: Message Formats" (messages marked B). Each implementation lives in
 * {@code io.pgfast.protocol.backend}, one per file, and holds both its decoding
 * ({@code static decode(ByteBuf body)}) and its encoding.
 *
 * <p>Messages are immutable values, except the two that point into the received bytes: a
 * {@link io.pgfast.protocol.backend.CopyData} holds a retained slice, implements
 * {@link io.netty.util.ReferenceCounted} and must be released by whoever receives it; a
 * {@link io.pgfast.protocol.backend.DataRow} says its lifetime by its kind (borrowed until the next message,
 * or owned and reference-counted).
 */
public interface BackendMessage {

    /**
     * Writes this message as a server sends it (type byte, Int32 length, body) at the writer index
     * of {@code out}. The driver itself never sends backend messages; this exists so that tests and
     * scripted servers produce exactly the bytes a server would.
     */
    void encode(ByteBuf out);
}
