package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.Decoder;
import java.nio.charset.StandardCharsets;

/**
 * Decodes a binary value to the String the server's output function prints for it: decodes it
 * with a structural decoder whose leaves are already Strings, then writes the structure as text.
 * Serves {@link io.pgfast.codec.Codec}'s rule that a binary codec also decodes binary as String.
 *
 * @param <V> the structure (e.g. a {@code Range} of Strings)
 */
final class RenderedDecoder<V> implements Decoder<String> {

    /** Writes a decoded structure as text. */
    @FunctionalInterface
    interface Renderer<V> {
        void write(V value, ByteBuf out);
    }

    private final Decoder<? extends V> structure;
    private final Renderer<? super V> renderer;

    RenderedDecoder(Decoder<? extends V> structure, Renderer<? super V> renderer) {
        this.structure = structure;
        this.renderer = renderer;
    }

    @Override
    public String decode(ByteBuf buf, int index, int length) {
        V value = structure.decode(buf, index, length);
        ByteBuf out = Unpooled.buffer(Math.max(16, length));
        try {
            renderer.write(value, out);
            return out.toString(StandardCharsets.UTF_8);
        } finally {
            out.release();
        }
    }
}
