package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/** The length-prefixed packets of GSS encryption: whole tokens only, in any split, within the limits. */
class GssPacketsTest {

    @Test
    void aTokenIsTakenOnlyWhenItHasAllArrived() {
        ByteBuf out = Unpooled.buffer();
        GssPackets.write(out, new byte[] {7, 8, 9});
        byte[] wire = new byte[out.readableBytes()];
        out.readBytes(wire);
        out.release();
        assertThat(wire).containsExactly(0, 0, 0, 3, 7, 8, 9); // Int32 length 3, then the token
        ByteBuf in = Unpooled.buffer();
        try {
            for (int i = 0; i < wire.length - 1; i++) {
                in.writeByte(wire[i]);
                assertThat(GssPackets.next(in, GssPackets.MAX_WRAPPED_TOKEN)).isNull();
                assertThat(in.readerIndex()).isZero();
            }
            in.writeByte(wire[wire.length - 1]);
            assertThat(GssPackets.next(in, GssPackets.MAX_WRAPPED_TOKEN)).containsExactly(7, 8, 9);
            assertThat(in.isReadable()).isFalse();
        } finally {
            in.release();
        }
    }

    @Test
    void aPacketAboveTheLimitIsRefusedBeforeItArrives() {
        ByteBuf in = Unpooled.buffer().writeInt(GssPackets.MAX_WRAPPED_TOKEN + 1);
        try {
            assertThatIllegalStateException().isThrownBy(() -> GssPackets.next(in, GssPackets.MAX_WRAPPED_TOKEN))
                    .withMessageContaining("a packet of 16381 bytes, the limit is 16380");
            in.clear().writeInt(-1);
            assertThatIllegalStateException().isThrownBy(() -> GssPackets.next(in, GssPackets.MAX_WRAPPED_TOKEN));
        } finally {
            in.release();
        }
    }
}
