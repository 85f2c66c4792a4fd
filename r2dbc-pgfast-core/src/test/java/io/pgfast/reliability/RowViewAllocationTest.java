package io.pgfast.reliability;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.util.ReferenceCounted;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.BackendMessageReader;
import io.pgfast.protocol.Encoded;
import io.pgfast.protocol.backend.BorrowedDataRow;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.OwnedDataRow;
import io.pgfast.protocol.backend.ReadyForQuery;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The receive path's rows: every DataRow is the reader's one borrowed view (not reference-counted, nothing to
 * release, no allocation per row), and a copy is an owned row that outlives the view.
 */
class RowViewAllocationTest {

    private static final int ROWS = 20_000;

    /** A result of ROWS three-column rows, then a CommandComplete and a ReadyForQuery. */
    private static byte[] stream() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < ROWS; i++) {
            OwnedDataRow row = DataRow.of(new byte[] {0, 0, 0, (byte) i}, null, ("row " + i).getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(Encoded.backend(row));
            row.release();
        }
        out.writeBytes(Encoded.backend(new CommandComplete("SELECT " + ROWS)));
        out.writeBytes(Encoded.backend(ReadyForQuery.IDLE));
        return out.toByteArray();
    }

    /** Reads every message of {@code in}, every column of every row; returns the sum of the first columns. */
    private static long readAll(BackendMessageReader reader, ByteBuf in) {
        long sum = 0;
        BackendMessage message;
        while ((message = reader.next(in)) != null) {
            if (message instanceof DataRow row) {
                sum += row.buffer().getInt(row.offset(0)) + row.length(1) + row.length(2);
            }
        }
        return sum;
    }

    @Test
    void rowsAreOneBorrowedViewAndAllocateNothing() {
        byte[] bytes = stream();
        BackendMessageReader reader = new BackendMessageReader(1 << 20);
        ByteBuf in = Unpooled.wrappedBuffer(bytes);
        // the first pass decodes the tag and sizes the view's offsets; the second is the steady state
        long expected = readAll(reader, in);
        in.readerIndex(0);
        long before = AllocationMeter.allocatedBytes();
        long sum = readAll(reader, in);
        long allocated = AllocationMeter.allocatedBytes() - before;
        assertThat(sum).isEqualTo(expected);
        // a few hundred bytes at most (the counter's own reading), never bytes per row
        assertThat(allocated).as("bytes allocated for %d rows", ROWS).isLessThan(ROWS);

        in.readerIndex(0);
        BackendMessage first = reader.next(in);
        assertThat(first).isInstanceOf(BorrowedDataRow.class).isNotInstanceOf(ReferenceCounted.class);
        OwnedDataRow kept = ((DataRow) first).copy();
        assertThat(reader.next(in)).as("the same view, re-pointed").isSameAs(first);
        assertThat(kept.buffer().getInt(kept.offset(0))).isZero();
        assertThat(((DataRow) first).buffer().getInt(((DataRow) first).offset(0))).isEqualTo(1);
        assertThat(kept.refCnt()).isEqualTo(1);
        assertThat(kept.release()).isTrue();
        in.release();
    }
}
