/**
 * The built-in codecs, one file per type family, the text and the binary path side by side, each decoder
 * named for its format, source and target; {@link io.pgfast.codec.builtin.BuiltinCodecs} lists them in
 * precedence order.
 *
 * <p>May import {@code io.pgfast.codec}, {@code .io}, {@code .oid}, {@code .type} and netty-buffer.
 */
package io.pgfast.codec.builtin;
