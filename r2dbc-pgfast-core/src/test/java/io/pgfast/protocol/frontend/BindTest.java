package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.pgfast.protocol.Bytes;
import io.pgfast.protocol.Encoded;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BindTest {

    /** Parameters as byte arrays (null = SQL NULL) with one format code each. */
    private static Bind.Values values(short[] formats, byte[]... values) {
        return new Bind.Values() {
            @Override
            public int count() {
                return values.length;
            }

            @Override
            public short formatCode(int i) {
                return formats[i];
            }

            @Override
            public boolean write(int i, ByteBuf out) {
                if (values[i] == null) {
                    return false;
                }
                out.writeBytes(values[i]);
                return true;
            }
        };
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void noParametersAndTextResults() {
        byte[] expected = Bytes.of()
            .byte1('B')     // type
            .int32(12)      // length: 4 + 1 + 1 + 2 + 2 + 2
            .cstring("")    // the unnamed portal
            .cstring("")    // the unnamed statement
            .int16(0)       // no parameter format codes
            .int16(0)       // no parameters
            .int16(0)       // no result format codes: all text
            .array();
        assertThat(Encoded.bytes(out -> Bind.encode(out, "", "", Bind.NO_VALUES, null))).isEqualTo(expected);
    }

    @Test
    void allTextParametersSendNoFormatCodesAndAllBinaryResultsSendOne() {
        byte[] expected = Bytes.of()
            .byte1('B')         // type
            .int32(28)          // length: 4 + 3 + 3 + 2 + 2 + (4 + 2) + 4 + 2 + 2
            .cstring("p1")      // portal
            .cstring("s1")      // statement
            .int16(0)           // no parameter format codes: all text
            .int16(2)           // two parameters
            .int32(2)           // parameter 0 length
            .text("42")         // parameter 0 value
            .int32(-1)          // parameter 1 is NULL, no bytes
            .int16(1)           // one result format code for all columns
            .int16(1)           // binary
            .array();
        Bind.Values values = values(new short[] {0, 0}, ascii("42"), null);
        assertThat(Encoded.bytes(out -> Bind.encode(out, "p1", "s1", values, new short[] {1, 1, 1}))).isEqualTo(expected);
    }

    @Test
    void allBinaryParametersSendOneFormatCode() {
        byte[] expected = Bytes.of()
            .byte1('B')                     // type
            .int32(30)                      // length: 4 + 1 + 1 + 2 + 2 + 2 + (4 + 4) + (4 + 4) + 2
            .cstring("")                    // portal
            .cstring("")                    // statement
            .int16(1)                       // one parameter format code for all
            .int16(1)                       // binary
            .int16(2)                       // two parameters
            .int32(4)                       // parameter 0 length
            .bytes(new byte[] {0, 0, 0, 7}) // int4 7
            .int32(4)                       // parameter 1 length
            .bytes(new byte[] {0, 0, 0, 8}) // int4 8
            .int16(0)                       // no result format codes: all text
            .array();
        Bind.Values values = values(new short[] {1, 1}, new byte[] {0, 0, 0, 7}, new byte[] {0, 0, 0, 8});
        assertThat(Encoded.bytes(out -> Bind.encode(out, "", "", values, new short[0]))).isEqualTo(expected);
    }

    @Test
    void mixedFormatsSendOneCodeEach() {
        byte[] expected = Bytes.of()
            .byte1('B')                     // type
            .int32(37)                      // length: 4 + 1 + 1 + 2 + 4 + 2 + (4 + 1) + (4 + 4) + 2 + 8
            .cstring("")                    // portal
            .cstring("")                    // statement
            .int16(2)                       // one format code per parameter
            .int16(0)                       // parameter 0: text
            .int16(1)                       // parameter 1: binary
            .int16(2)                       // two parameters
            .int32(1)                       // parameter 0 length
            .text("x")                      // parameter 0 value
            .int32(4)                       // parameter 1 length
            .bytes(new byte[] {0, 0, 0, 1}) // parameter 1 value
            .int16(4)                       // one result format code per column
            .int16(1)                       // column 0: binary
            .int16(0)                       // column 1: text
            .int16(1)                       // column 2: binary
            .int16(1)                       // column 3: binary
            .array();
        Bind.Values values = values(new short[] {0, 1}, ascii("x"), new byte[] {0, 0, 0, 1});
        assertThat(Encoded.bytes(out -> Bind.encode(out, "", "", values, new short[] {1, 0, 1, 1}))).isEqualTo(expected);
    }

    @Test
    void allTextResultCodesAreSentAsNone() {
        byte[] expected = Bytes.of()
            .byte1('B')     // type
            .int32(12)      // length
            .cstring("")    // portal
            .cstring("")    // statement
            .int16(0)       // no parameter format codes
            .int16(0)       // no parameters
            .int16(0)       // [0, 0] compacts to no codes
            .array();
        assertThat(Encoded.bytes(out -> Bind.encode(out, "", "", Bind.NO_VALUES, new short[] {0, 0}))).isEqualTo(expected);
    }

    @Test
    void emptyValueIsNotNull() {
        byte[] expected = Bytes.of()
            .byte1('B')     // type
            .int32(16)      // length: 4 + 1 + 1 + 2 + 2 + 4 + 2
            .cstring("")    // portal
            .cstring("")    // statement
            .int16(0)       // all text
            .int16(1)       // one parameter
            .int32(0)       // an empty string, not NULL
            .int16(0)       // all text results
            .array();
        Bind.Values values = values(new short[] {0}, new byte[0]);
        assertThat(Encoded.bytes(out -> Bind.encode(out, "", "", values, null))).isEqualTo(expected);
    }

    @Test
    void namesWithNulAreRefusedBeforeWriting() {
        ByteBuf out = Unpooled.buffer();
        try {
            assertThatIllegalArgumentException()
                .isThrownBy(() -> Bind.encode(out, "p\0", "", Bind.NO_VALUES, null)).withMessageContaining("portal name");
            assertThatIllegalArgumentException()
                .isThrownBy(() -> Bind.encode(out, "", "s\0x", Bind.NO_VALUES, null)).withMessageContaining("statement name");
            assertThat(out.writerIndex()).isZero();
        } finally {
            out.release();
        }
    }

    @Test
    void badFormatCodesAndCountsAreRefusedBeforeWriting() {
        ByteBuf out = Unpooled.buffer();
        try {
            assertThatIllegalArgumentException()
                .isThrownBy(() -> Bind.encode(out, "", "", values(new short[] {2}, ascii("1")), null))
                .withMessageContaining("format code 2");
            assertThatIllegalArgumentException()
                .isThrownBy(() -> Bind.encode(out, "", "", Bind.NO_VALUES, new short[] {0, -1}))
                .withMessageContaining("result column 1");
            assertThatIllegalArgumentException()
                .isThrownBy(() -> Bind.encode(out, "", "", Bind.NO_VALUES, new short[65536]))
                .withMessageContaining("65535");
            Bind.Values tooMany = new Bind.Values() {
                @Override
                public int count() {
                    return 65536;
                }

                @Override
                public short formatCode(int i) {
                    return 0;
                }

                @Override
                public boolean write(int i, ByteBuf buffer) {
                    return false;
                }
            };
            assertThatIllegalArgumentException().isThrownBy(() -> Bind.encode(out, "", "", tooMany, null))
                .withMessageContaining("65535");
            assertThat(out.writerIndex()).isZero();
        } finally {
            out.release();
        }
    }

    @Test
    void aFailingValueWriterLeavesNoPartialMessage() {
        ByteBuf out = Unpooled.buffer();
        try {
            out.writeByte(0x55);
            Bind.Values failing = new Bind.Values() {
                @Override
                public int count() {
                    return 2;
                }

                @Override
                public short formatCode(int i) {
                    return 0;
                }

                @Override
                public boolean write(int i, ByteBuf buffer) {
                    if (i == 1) {
                        throw new IllegalStateException("codec failed");
                    }
                    buffer.writeByte('a');
                    return true;
                }
            };
            assertThatThrownBy(() -> Bind.encode(out, "", "", failing, null)).hasMessage("codec failed");
            assertThat(ByteBufUtil.getBytes(out)).containsExactly(0x55);
        } finally {
            out.release();
        }
    }

    @Test
    void aWriterThatReportsNullAfterWritingBreaksTheContract() {
        ByteBuf out = Unpooled.buffer();
        try {
            Bind.Values lying = new Bind.Values() {
                @Override
                public int count() {
                    return 1;
                }

                @Override
                public short formatCode(int i) {
                    return 0;
                }

                @Override
                public boolean write(int i, ByteBuf buffer) {
                    buffer.writeByte('a');
                    return false;
                }
            };
            assertThatThrownBy(() -> Bind.encode(out, "", "", lying, null))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("reported NULL but wrote 1 bytes");
            assertThat(out.writerIndex()).isZero();
        } finally {
            out.release();
        }
    }
}
