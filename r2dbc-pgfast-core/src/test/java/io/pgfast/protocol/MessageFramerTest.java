package io.pgfast.protocol;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.backend.RowDescription;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MessageFramerTest {

    private final BackendMessageReader framer = new BackendMessageReader(1 << 20);

    /** Feeds {@code stream} in fragments of {@code size} bytes and checks every message comes out intact. */
    private void feedInFragments(int size) {
        List<byte[]> expected = SampleStream.messages();
        byte[] stream = Bytes.concat(expected.toArray(new byte[0][]));
        Cumulation cumulation = new Cumulation();
        List<BackendMessage> decoded = new ArrayList<>();
        try {
            for (int i = 0; i < stream.length; i += size) {
                cumulation.append(stream, i, Math.min(stream.length, i + size));
                cumulation.drain(framer, decoded);
            }
            assertThat(cumulation.buffer().isReadable()).isFalse();
            assertThat(decoded).hasSameSizeAs(expected);
            for (int i = 0; i < expected.size(); i++) {
                assertThat(Encoded.backend(decoded.get(i))).as("message %d", i).isEqualTo(expected.get(i));
            }
        } finally {
            Cumulation.releaseAll(decoded);
            assertThat(cumulation.buffer().refCnt()).as("no message still holds the input").isEqualTo(1);
            cumulation.release();
        }
    }

    /** One CommandComplete decoded through the framer from its golden bytes. */
    private BackendMessage commandComplete(String tag) {
        return decodeOne(new CommandComplete(tag));
    }

    @Test
    void repeatedCommandTagsAreOneMessage() {
        // a transaction's five tags, twice: the second round decodes nothing new
        String[] tags = {"BEGIN", "SELECT 1", "UPDATE 1", "INSERT 0 1", "COMMIT"};
        List<BackendMessage> first = new ArrayList<>();
        for (String tag : tags) {
            first.add(commandComplete(tag));
        }
        for (int i = 0; i < tags.length; i++) {
            BackendMessage again = commandComplete(tags[i]);
            assertThat(again).as(tags[i]).isSameAs(first.get(i));
            assertThat(((CommandComplete) again).tag()).isEqualTo(tags[i]);
        }
        // a tag that differs in its count only is another message, with its own count
        CommandComplete two = (CommandComplete) commandComplete("UPDATE 2");
        assertThat(two.rows()).isEqualTo(2);
        assertThat(((CommandComplete) commandComplete("UPDATE 1")).rows()).isEqualTo(1);
        // more distinct tags than are kept: every one still decodes to its own tag
        for (int n = 0; n < 40; n++) {
            assertThat(((CommandComplete) commandComplete("DELETE " + n)).rows()).isEqualTo(n);
        }
        // a non-ASCII tag is never taken for another one
        assertThat(((CommandComplete) commandComplete("CRÉER")).tag()).isEqualTo("CRÉER");
        assertThat(((CommandComplete) commandComplete("CRÉER")).tag()).isEqualTo("CRÉER");
    }

    private BackendMessage decodeOne(BackendMessage m) {
        ByteBuf in = BufferKind.HEAP.wrap(Encoded.backend(m));
        try {
            BackendMessage decoded = framer.next(in);
            assertThat(in.isReadable()).isFalse();
            return decoded;
        } finally {
            in.release();
        }
    }

    private static RowDescription description(String... names) {
        RowDescription.Field[] fields = new RowDescription.Field[names.length];
        for (int i = 0; i < names.length; i++) {
            fields[i] = new RowDescription.Field(names[i], 0, (short) 0, 23, (short) 4, -1, (short) 0);
        }
        return new RowDescription(fields);
    }

    @Test
    void repeatedRowDescriptionsAreOneMessage() {
        BackendMessage first = decodeOne(description("id", "name"));
        assertThat(first).isEqualTo(description("id", "name"));
        BackendMessage other = decodeOne(description("id"));
        assertThat(other).isEqualTo(description("id")).isNotSameAs(first);
        assertThat(decodeOne(description("id", "name"))).isSameAs(first);
        // a column renamed is another message
        assertThat(decodeOne(description("id", "nom"))).isEqualTo(description("id", "nom")).isNotSameAs(first);
        // more distinct descriptions than are kept: each still decodes to itself
        for (int n = 0; n < 12; n++) {
            assertThat(decodeOne(description("c" + n))).isEqualTo(description("c" + n));
        }
    }

    @Test
    void malformedCommandTagsThroughTheFramer() {
        // 'C', length 8, "ab", NUL, "c", NUL: a byte after the tag's end
        ByteBuf trailing = BufferKind.HEAP.wrap(new byte[] {'C', 0, 0, 0, 9, 'a', 'b', 0, 'c', 0});
        // 'C', length 6, "ab": no NUL
        ByteBuf unterminated = BufferKind.HEAP.wrap(new byte[] {'C', 0, 0, 0, 6, 'a', 'b'});
        try {
            assertThatThrownBy(() -> framer.next(trailing)).isInstanceOf(ProtocolException.class)
                    .hasMessage("CommandComplete: 2 unexpected trailing bytes");
            assertThatThrownBy(() -> framer.next(unterminated)).isInstanceOf(ProtocolException.class)
                    .hasMessageContaining("not NUL-terminated");
            // an UPDATE without its count is refused however often its prefix was seen
            commandComplete("UPDATE 1");
            ByteBuf noCount = BufferKind.HEAP.wrap(new byte[] {'C', 0, 0, 0, 11, 'U', 'P', 'D', 'A', 'T', 'E', 0});
            try {
                assertThatThrownBy(() -> framer.next(noCount)).isInstanceOf(ProtocolException.class)
                        .hasMessageContaining("no row count");
            } finally {
                noCount.release();
            }
        } finally {
            trailing.release();
            unterminated.release();
        }
    }

    @Test
    void wholeStreamAtOnce() {
        feedInFragments(Integer.MAX_VALUE / 2);
    }

    @Test
    void oneByteFragments() {
        feedInFragments(1);
    }

    @Test
    void fragmentsOfEverySmallSize() {
        for (int size = 2; size <= 13; size++) {
            feedInFragments(size);
        }
    }

    @Test
    void incompleteMessageLeavesTheInputUntouched() {
        byte[] ready = Encoded.backend(ReadyForQuery.IDLE);
        for (int available = 0; available < ready.length; available++) {
            ByteBuf in = BufferKind.HEAP.wrap(java.util.Arrays.copyOf(ready, available));
            try {
                assertThat(framer.next(in)).isNull();
                assertThat(in.readerIndex()).isZero();
                assertThat(in.writerIndex()).isEqualTo(available);
            } finally {
                in.release();
            }
        }
    }

    @Test
    void consumesExactlyOneMessage() {
        ByteBuf in = BufferKind.COMPOSITE.wrap(Bytes.concat(Encoded.backend(ReadyForQuery.IDLE), new byte[] {'Z', 0, 0}));
        try {
            assertThat(framer.next(in)).isSameAs(ReadyForQuery.IDLE);
            assertThat(in.readerIndex()).isEqualTo(6);
            assertThat(framer.next(in)).isNull();
            assertThat(in.readerIndex()).isEqualTo(6);
        } finally {
            in.release();
        }
    }

    @Test
    void framingFindsTheEndOfAMessageAndMovesNothing() {
        byte[] ready = Encoded.backend(ReadyForQuery.IDLE);
        MessageFramer pure = new MessageFramer(1 << 16);
        for (int available = 0; available <= ready.length; available++) {
            ByteBuf in = BufferKind.COMPOSITE.wrap(java.util.Arrays.copyOf(ready, available));
            try {
                // complete: the length field (5: itself and the status byte); not yet: -1
                assertThat(pure.frame(in)).as("%d bytes", available).isEqualTo(available == ready.length ? 5 : -1);
                assertThat(in.readerIndex()).isZero();
            } finally {
                in.release();
            }
        }
    }

    private void assertRejected(BackendMessageReader framer, byte[] bytes, String message) {
        ByteBuf in = BufferKind.HEAP.wrap(bytes);
        try {
            in.readerIndex(0);
            assertThatThrownBy(() -> framer.next(in)).isExactlyInstanceOf(ProtocolException.class).hasMessageContaining(message);
            assertThat(in.readerIndex()).as("left at the offending message").isZero();
            assertThat(in.refCnt()).isEqualTo(1);
        } finally {
            in.release();
        }
    }

    @Test
    void lengthBelowFourIsRejected() {
        assertRejected(framer, Bytes.of()
            .byte1('Z')   // ReadyForQuery
            .int32(3)     // length smaller than the length field itself
            .array(), "message 'Z' (0x5a) has length 3, less than the 4 bytes of the length itself");
        assertRejected(framer, Bytes.of()
            .byte1('D')   // DataRow
            .int32(-1)    // negative length
            .array(), "has length -1");
        assertRejected(framer, Bytes.of()
            .byte1('D')           // DataRow
            .int32(0x80000000)    // Integer.MIN_VALUE
            .array(), "has length -2147483648");
    }

    @Test
    void lengthAboveTheLimitIsRejectedFromTheHeaderAlone() {
        assertRejected(new BackendMessageReader(1000), Bytes.of()
            .byte1('D')       // DataRow
            .int32(1001)      // one byte over the limit; no body bytes have arrived
            .array(), "message 'D' (0x44) has length 1001, more than the limit of 1000 bytes");
        assertRejected(framer, Bytes.of()
            .byte1('d')           // CopyData
            .int32(0x7FFFFFFF)    // 2 GB
            .array(), "has length 2147483647, more than the limit");
    }

    @Test
    void lengthAtTheLimitIsAccepted() {
        BackendMessageReader exact = new BackendMessageReader(5);
        ByteBuf in = BufferKind.HEAP.wrap(Encoded.backend(ReadyForQuery.IN_TRANSACTION));
        try {
            assertThat(exact.next(in)).isSameAs(ReadyForQuery.IN_TRANSACTION);
        } finally {
            in.release();
        }
    }

    @Test
    void twoGigabyteLengthUnderAnUnlimitedFramerWaitsWithoutAllocating() {
        BackendMessageReader unlimited = new BackendMessageReader(Integer.MAX_VALUE);
        ByteBuf in = BufferKind.HEAP.wrap(Bytes.of()
            .byte1('D')           // DataRow
            .int32(0x7FFFFFFF)    // 2 GB announced
            .int16(1)             // the first body bytes
            .array());
        try {
            assertThat(unlimited.next(in)).isNull();
            assertThat(in.readerIndex()).isZero();
            assertThat(in.capacity()).isEqualTo(7);
        } finally {
            in.release();
        }
    }

    @Test
    void unknownTypeIsRejectedFromTheHeaderAlone() {
        assertRejected(framer, Bytes.of()
            .byte1('x')       // no backend message has type 'x'; the first byte is enough to tell
            .array(), "unknown backend message type 'x' (0x78)");
        assertRejected(framer, Bytes.of()
            .byte1('x')           // no backend message has type 'x'
            .int32(0x7FFFFFFF)    // and the length does not matter
            .array(), "unknown backend message type 'x' (0x78)");
        assertRejected(framer, Bytes.of()
            .byte1(0x16)          // a TLS handshake record where a message should be
            .int32(0x03010200)
            .array(), "unknown backend message type 0x16");
    }

    @Test
    void malformedBodyLeavesTheInputAtTheMessageAndRetainsNothing() {
        assertRejected(framer, Bytes.of()
            .byte1('D')       // DataRow
            .int32(10)        // length: 4 + 2 + 4
            .int16(1)         // one column
            .int32(50)        // whose length runs past the message
            .array(), "DataRow: column 0 length 50 runs past the end of the message (0 bytes left)");
    }

    @Test
    void rowsDecodedFromTheStreamStayValidAfterTheStreamMoves() {
        byte[] row = Encoded.backend(DataRow.of(new byte[] {7, 7, 7}));
        Cumulation cumulation = new Cumulation();
        try {
            cumulation.append(row, 0, row.length);
            DataRow first = (DataRow) framer.next(cumulation.buffer());
            cumulation.append(row, 0, row.length);
            DataRow second = (DataRow) framer.next(cumulation.buffer());
            assertThat(first.buffer().getByte(first.offset(0))).isEqualTo((byte) 7);
            assertThat(second.buffer().getByte(second.offset(0) + 2)).isEqualTo((byte) 7);
        } finally {
            cumulation.release();
        }
    }

    @Test
    void limitMustCoverTheLengthField() {
        assertThatIllegalArgumentException().isThrownBy(() -> new BackendMessageReader(3));
        assertThat(new BackendMessageReader(4).maxMessageSize()).isEqualTo(4);
    }
}
