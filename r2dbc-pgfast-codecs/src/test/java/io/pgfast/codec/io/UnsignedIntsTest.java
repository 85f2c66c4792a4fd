package io.pgfast.codec.io;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.testing.Buffers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UnsignedIntsTest {

    private static final byte[] BYTES = {
            (byte) 0xFF,                                  // u8 = 255
            (byte) 0xFE, (byte) 0xDC,                     // u16 = 65244
            (byte) 0x80, 0x00, 0x01,                      // u24 = 8388609
            (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFE, // u32 = 4294967294, an OID above 2^31
            0x00, 0x00, 0x00, 0x05,                       // Int32 length 5
            (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, // Int32 length -1: NULL
            (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFD  // Int32 -3: invalid length
    };

    @ParameterizedTest
    @EnumSource(Buffers.class)
    void readsFixedWidthsBigEndian(Buffers kind) {
        ByteBuf buf = kind.withPrefix(BYTES);
        int at = Buffers.PREFIX.length;
        try {
            assertThat(UnsignedInts.u8(buf, at)).isEqualTo(255);
            assertThat(UnsignedInts.u16(buf, at + 1)).isEqualTo(0xFEDC);
            assertThat(UnsignedInts.u24(buf, at + 3)).isEqualTo(0x800001);
            assertThat(UnsignedInts.u32(buf, at + 6)).isEqualTo(4294967294L);
            assertThat(UnsignedInts.oid(buf, at + 6)).isEqualTo(-2);
            assertThat(Integer.toUnsignedString(UnsignedInts.oid(buf, at + 6))).isEqualTo("4294967294");
            for (int width = 1; width <= 4; width++) {
                long expected = 0;
                for (int i = 0; i < width; i++) {
                    expected = expected << 8 | (BYTES[3 + i] & 0xFF);
                }
                assertThat(UnsignedInts.unsigned(buf, at + 3, width)).as("width %d", width).isEqualTo(expected);
            }
            assertThat(UnsignedInts.length(buf, at + 10, 100)).isEqualTo(5);
            assertThat(UnsignedInts.length(buf, at + 14, 100)).isEqualTo(-1);
            assertThatThrownBy(() -> UnsignedInts.length(buf, at + 18, 100)).isInstanceOf(CodecException.class)
                    .hasMessageContaining("length -3");
            assertThatThrownBy(() -> UnsignedInts.length(buf, at + 10, 4)).isInstanceOf(CodecException.class)
                    .hasMessageContaining("outside -1..4");
        } finally {
            buf.release();
        }
    }

    @Test
    void rejectsUnsupportedWidths() {
        ByteBuf buf = Buffers.HEAP.of(new byte[8]);
        try {
            assertThatThrownBy(() -> UnsignedInts.unsigned(buf, 0, 5)).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> UnsignedInts.unsigned(buf, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        } finally {
            buf.release();
        }
    }
}
