package io.pgfast.protocol.frontend;

import io.pgfast.protocol.Bytes;
import io.pgfast.protocol.Encoded;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Golden bytes of the standby status update, sent as a CopyData (protocol 55.4). */
class StandbyStatusUpdateTest {

    @Test
    void goldenBytes() {
        byte[] expected = Bytes.of()
            .byte1('d')                    // CopyData
            .int32(38)                     // length: 4 + 1 + 4 * 8 + 1
            .byte1('r')                    // standby status update
            .int32(0x16).int32(0xB374D848) // written: 16/B374D848
            .int32(0x16).int32(0xB374D800) // flushed: 16/B374D800
            .int32(0x15).int32(0x00000001) // applied: 15/1
            .int32(0x0002).int32(0x540BE400) // client clock: 10 000 000 000 microseconds after 2000-01-01
            .byte1(0)                      // no reply requested
            .array();
        assertThat(Encoded.frontend(new StandbyStatusUpdate(0x16B374D848L, 0x16B374D800L, 0x1500000001L, 10_000_000_000L, false)))
            .isEqualTo(expected);
    }

    @Test
    void invalidPositionsAndAReplyRequest() {
        byte[] expected = Bytes.of()
            .byte1('d')                    // CopyData
            .int32(38)                     // length
            .byte1('r')                    // standby status update
            .int32(0).int32(0)             // written: 0/0, nothing acknowledged
            .int32(0).int32(0)             // flushed: 0/0
            .int32(0).int32(0)             // applied: 0/0
            .int32(-1).int32(-1)           // client clock -1
            .byte1(1)                      // reply requested
            .array();
        assertThat(Encoded.frontend(new StandbyStatusUpdate(0, 0, 0, -1, true))).isEqualTo(expected);
    }
}
