/**
 * The readers every codec and the protocol share, on a {@code ByteBuf} at absolute indexes, without copies:
 * {@link io.pgfast.codec.io.UnsignedInts} for lengths, counts and OIDs (fixed-width reads), the zero-copy
 * ASCII/UTF-8 string reader {@link io.pgfast.codec.io.Utf8Strings}, and {@link io.pgfast.codec.io.AsciiNumbers},
 * which parses text-format numbers from bytes, validating every byte and bounding the digit count.
 *
 * <p>May import {@code io.pgfast.codec} (for {@code CodecException}) and netty-buffer only.
 */
package io.pgfast.codec.io;
