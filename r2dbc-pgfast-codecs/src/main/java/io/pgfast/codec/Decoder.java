package io.pgfast.codec;

import io.netty.buffer.ByteBuf;

/**
 * Decodes one non-NULL column value of one PostgreSQL type, in one format, to one Java type.
 *
 * <p>A decoder is planned once per column (and requested class) by {@link CodecRegistry} and then
 * called for every row, so it must be stateless, thread-safe and allocation-light.
 *
 * <p>Buffer contract: the value is the {@code length} bytes of {@code buf} starting at absolute
 * {@code index}. A decoder reads with absolute getters only; it never changes the buffer's reader or
 * writer index, never releases or retains it, and never keeps a reference to it (or to a slice of it)
 * in what it returns: the buffer is recycled as soon as the row mapping function returns.
 * NULL values never reach a decoder (the caller handles the -1 length).
 *
 * <p>Malformed input (wrong length for a fixed-width binary type, a non-digit in a text number, ...)
 * raises {@link CodecException} with a message naming the type; never any other exception type.
 */
@FunctionalInterface
public interface Decoder<T> {

    T decode(ByteBuf buf, int index, int length);
}
