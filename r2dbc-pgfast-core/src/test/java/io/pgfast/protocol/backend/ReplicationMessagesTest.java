package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.pgfast.protocol.BackendEncoder;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.BufferKind;
import io.pgfast.protocol.Bytes;
import io.pgfast.protocol.Cumulation;
import io.pgfast.protocol.Encoded;
import io.pgfast.protocol.BackendMessageReader;
import io.pgfast.protocol.ProtocolException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static io.pgfast.protocol.Decoding.roundTrip;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The messages inside a replication stream's CopyData (protocol 55.4): XLogData and primary keepalive
 * decoded from hand-made bytes (one comment per field), from heap, direct and composite buffers, encoded
 * back to the same bytes; malformed ones refused with a ProtocolException; a stream of them split at
 * every position.
 */
class ReplicationMessagesTest {

    /** A CopyData holding an XLogData whose data is the 5 bytes "hello". */
    static byte[] xLogData() {
        return Bytes.of()
            .byte1('d')                   // CopyData
            .int32(34)                    // length: 4 + 1 + 8 + 8 + 8 + 5
            .byte1('w')                   // XLogData
            .int32(0x16).int32(0xB374D848) // WAL start 16/B374D848
            .int32(0x16).int32(0xB374D900) // WAL end 16/B374D900
            .int32(0x0002).int32(0x540BE400) // send time: 10 000 000 000 microseconds after 2000-01-01
            .text("hello")                // the WAL data
            .array();
    }

    /** A CopyData holding a primary keepalive that asks for a reply. */
    static byte[] keepalive(boolean reply) {
        return Bytes.of()
            .byte1('d')                   // CopyData
            .int32(22)                    // length: 4 + 1 + 8 + 8 + 1
            .byte1('k')                   // primary keepalive
            .int32(0x16).int32(0xB374D900) // WAL end
            .int32(0).int32(1_000_000)    // send time: one second after 2000-01-01
            .byte1(reply ? 1 : 0)         // reply requested
            .array();
    }

    private static ReplicationMessage inside(BufferKind kind, byte[] copyData) {
        CopyData data = (CopyData) roundTrip(kind, copyData);
        try {
            ReplicationMessage message = ReplicationMessage.decode(data.content());
            assertThat(data.content().isReadable()).as("content read to its end").isFalse();
            ByteBuf again = Unpooled.buffer();
            try {
                BackendEncoder.encode(message, again);
                assertThat(again).as("encode(decode(content))").isEqualTo(data.content().readerIndex(0));
            } finally {
                again.release();
            }
            if (message instanceof XLogData) {
                // the data is a view into the CopyData: copy it before the CopyData goes
                XLogData x = (XLogData) message;
                return new XLogData(x.walStart(), x.walEnd(), x.sendTime(), Unpooled.copiedBuffer(x.data()));
            }
            return message;
        } finally {
            assertThat(data.release()).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void xLogDataField(BufferKind kind) {
        XLogData x = (XLogData) inside(kind, xLogData());
        assertThat(x.walStart()).isEqualTo(0x16B374D848L);
        assertThat(x.walEnd()).isEqualTo(0x16B374D900L);
        assertThat(x.sendTime()).isEqualTo(10_000_000_000L);
        assertThat(x.data().toString(StandardCharsets.US_ASCII)).isEqualTo("hello");
        assertThat(x).hasToString("XLogData[walStart=97500059720, walEnd=97500059904, sendTime=10000000000, 5 bytes]");
        x.data().release();
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void emptyXLogData(BufferKind kind) {
        byte[] empty = Bytes.of()
            .byte1('d')                   // CopyData
            .int32(29)                    // length: 4 + 1 + 24, no data
            .byte1('w')                   // XLogData
            .int32(0).int32(1)            // WAL start
            .int32(0).int32(2)            // WAL end
            .int32(-1).int32(-1)          // send time -1
            .array();
        XLogData x = (XLogData) inside(kind, empty);
        assertThat(x.data().isReadable()).isFalse();
        assertThat(x.sendTime()).isEqualTo(-1);
        x.data().release();
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void primaryKeepalive(BufferKind kind) {
        assertThat(inside(kind, keepalive(true))).isEqualTo(new PrimaryKeepaliveMessage(0x16B374D900L, 1_000_000L, true));
        assertThat(inside(kind, keepalive(false))).isEqualTo(new PrimaryKeepaliveMessage(0x16B374D900L, 1_000_000L, false));
    }

    private static void assertRefused(BufferKind kind, byte[] content, String message) {
        ByteBuf buffer = kind.wrap(content);
        try {
            assertThatThrownBy(() -> ReplicationMessage.decode(buffer))
                .isExactlyInstanceOf(ProtocolException.class)
                .hasMessageContaining(message);
            assertThat(buffer.refCnt()).as("nothing retained").isEqualTo(1);
        } finally {
            buffer.release();
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void malformedContent(BufferKind kind) {
        assertRefused(kind, new byte[0], "replication CopyData: truncated, message type needs 1 bytes");
        assertRefused(kind, Bytes.of()
            .byte1('x')                   // no such message
            .array(), "unknown message type 0x78");
        assertRefused(kind, Bytes.of()
            .byte1('w')                   // XLogData
            .int32(0).int32(1)            // WAL start
            .int32(0)                     // half a WAL end
            .array(), "XLogData: truncated, WAL end needs 8 bytes but only 4 are left");
        assertRefused(kind, Bytes.of()
            .byte1('k')                   // keepalive
            .int32(0).int32(1)            // WAL end
            .int32(0).int32(2)            // send time
            .array(), "Primary keepalive message: truncated, reply requested needs 1 bytes");
        assertRefused(kind, Bytes.of()
            .byte1('k')                   // keepalive
            .int32(0).int32(1)            // WAL end
            .int32(0).int32(2)            // send time
            .byte1(2)                     // reply requested: neither 0 nor 1
            .array(), "reply requested is 2");
        assertRefused(kind, Bytes.of()
            .byte1('k')                   // keepalive
            .int32(0).int32(1)            // WAL end
            .int32(0).int32(2)            // send time
            .byte1(0)                     // reply requested
            .byte1(0)                     // one byte too many
            .array(), "Primary keepalive message: 1 unexpected trailing bytes");
    }

    /** A stream of replication CopyData split into fragments of every small size decodes to the same messages. */
    @Test
    void fragmentedStream() {
        List<byte[]> frames = List.of(xLogData(), keepalive(true), xLogData(), keepalive(false));
        byte[] stream = Bytes.concat(frames.toArray(new byte[0][]));
        for (int size = 1; size <= stream.length; size++) {
            BackendMessageReader framer = new BackendMessageReader(1 << 16);
            Cumulation cumulation = new Cumulation();
            List<BackendMessage> decoded = new ArrayList<>();
            try {
                for (int i = 0; i < stream.length; i += size) {
                    cumulation.append(stream, i, Math.min(stream.length, i + size));
                    cumulation.drain(framer, decoded);
                }
                assertThat(decoded).as("fragments of %d bytes", size).hasSize(frames.size());
                for (int i = 0; i < frames.size(); i++) {
                    assertThat(Encoded.backend(decoded.get(i))).isEqualTo(frames.get(i));
                    ReplicationMessage m = ReplicationMessage.decode(((CopyData) decoded.get(i)).content());
                    assertThat(m).isInstanceOf(i % 2 == 0 ? XLogData.class : PrimaryKeepaliveMessage.class);
                }
            } finally {
                Cumulation.releaseAll(decoded);
                cumulation.release();
            }
        }
    }

    @Test
    void xLogDataNeedsData() {
        assertThatThrownBy(() -> new XLogData(1, 2, 3, null)).isInstanceOf(IllegalArgumentException.class);
    }
}
