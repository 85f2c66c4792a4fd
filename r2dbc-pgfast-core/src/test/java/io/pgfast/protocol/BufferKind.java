package io.pgfast.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;

/** The buffer shapes input arrives in: heap, direct, and composite (split into small components). */
public enum BufferKind {
    HEAP {
        @Override
        public ByteBuf wrap(byte[] bytes) {
            return Unpooled.buffer(bytes.length).writeBytes(bytes);
        }
    },
    DIRECT {
        @Override
        public ByteBuf wrap(byte[] bytes) {
            return Unpooled.directBuffer(bytes.length).writeBytes(bytes);
        }
    },
    COMPOSITE {
        /** Components of 3 bytes, alternating heap and direct, so every field straddles a boundary somewhere. */
        @Override
        public ByteBuf wrap(byte[] bytes) {
            CompositeByteBuf composite = Unpooled.compositeBuffer(Integer.MAX_VALUE);
            for (int i = 0; i < bytes.length; i += 3) {
                int length = Math.min(3, bytes.length - i);
                ByteBuf part = (i / 3) % 2 == 0 ? Unpooled.buffer(length) : Unpooled.directBuffer(length);
                composite.addComponent(true, part.writeBytes(bytes, i, length));
            }
            return composite;
        }
    };

    /** A new buffer (refCnt 1) holding exactly {@code bytes} as its readable bytes. */
    public abstract ByteBuf wrap(byte[] bytes);
}
