package io.pgfast.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

import java.util.function.Consumer;

/** Runs an encoder into a fresh buffer and returns the bytes written, releasing the buffer. */
public final class Encoded {

    private Encoded() {
    }

    public static byte[] bytes(Consumer<ByteBuf> encoder) {
        ByteBuf out = Unpooled.buffer();
        try {
            encoder.accept(out);
            return ByteBufUtil.getBytes(out);
        } finally {
            out.release();
        }
    }

    public static byte[] frontend(FrontendMessage message) {
        return bytes(message::encode);
    }

    public static byte[] backend(BackendMessage message) {
        return bytes(out -> BackendEncoder.encode(message, out));
    }
}
