package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.registry.DefaultCodecRegistry;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Encoder#minimumLength} is a lower bound of what {@code encode} writes (the driver refuses a Bind over
 * 1 GiB on the sum before rendering it): exact for bytes, at most the UTF-8 size for strings, also for
 * surrogate pairs and an unpaired surrogate (written as '?').
 */
class MinimumLengthTest {

    private static final CodecRegistry CODECS = DefaultCodecRegistry.builtins();

    @SuppressWarnings("unchecked")
    private static long[] minimumAndWritten(Object value) {
        Encoder<Object> e = (Encoder<Object>) CODECS.encoder(value.getClass());
        ByteBuf out = Unpooled.buffer();
        try {
            e.encode(value, out);
            return new long[] {e.minimumLength(value), out.readableBytes()};
        } finally {
            out.release();
        }
    }

    @Test
    void bytesAreExact() {
        assertThat(minimumAndWritten(new byte[7])).containsExactly(7, 7);
        ByteBuffer b = ByteBuffer.wrap(new byte[10]);
        b.position(3);
        assertThat(minimumAndWritten(b)).containsExactly(7, 7);
    }

    @Test
    void stringsAreALowerBound() {
        for (String s : List.of("", "ascii", "é€", "\uD83D\uDE00 emoji", "\uD800 unpaired")) {
            long[] r = minimumAndWritten(s);
            assertThat(r[0]).as(s).isEqualTo(s.length()).isLessThanOrEqualTo(r[1]);
        }
    }
}
