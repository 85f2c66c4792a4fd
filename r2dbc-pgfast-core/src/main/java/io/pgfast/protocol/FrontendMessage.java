package io.pgfast.protocol;

import io.netty.buffer.ByteBuf;

/**
 * A message sent by the client, as listed in the PostgreSQL documentation, "Frontend/Backend
 * Protocol: Message Formats" (messages marked F). Each implementation lives in
 * {@code io.pgfast.protocol.frontend}, one per file. {@link io.pgfast.protocol.frontend.Bind} is the
 * exception: it is written by a static method straight from the caller's parameters.
 */
public interface FrontendMessage {

    /**
     * Writes the complete message (type byte where the message has one, Int32 length, body) at the
     * writer index of {@code out}, advancing it. Every argument was validated when the message was
     * created, so encoding never fails other than by {@code out} running out of capacity or the message
     * exceeding {@link WireFormat#MAX_MESSAGE_LENGTH} (an {@code IllegalArgumentException}; the caller
     * discards what was written).
     */
    void encode(ByteBuf out);
}
