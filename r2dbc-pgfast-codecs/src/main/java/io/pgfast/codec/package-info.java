/**
 * The codec SPI: {@link io.pgfast.codec.Codec} (one per type family), the {@link io.pgfast.codec.Decoder} and
 * {@link io.pgfast.codec.Encoder} it plans once per column or bound class, the {@link io.pgfast.codec.CodecRegistry}
 * codecs ask for their elements' codecs, {@link io.pgfast.codec.PgType} (what the server says a type is), the
 * wire {@link io.pgfast.codec.Format} and {@link io.pgfast.codec.CodecException}.
 *
 * <p>The bottom of the module: imports netty-buffer and the JDK only, nothing of its sub-packages.
 */
package io.pgfast.codec;
