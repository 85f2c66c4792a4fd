package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.protocol.BackendEncoder;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.backend.CopyData;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.testing.LeakChecker;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A CopyData's content is a retained slice of the handler's cumulation, which a consumer may keep after the
 * handler has dropped that cumulation (COPY TO STDOUT consumed on another thread; a cumulation replaced by
 * a larger one while slices point into it). The slice's release is then the cumulation's last one, and the
 * leak detector must see it: a slice of the buffer a leak-detection wrapper wraps frees the memory without
 * closing the wrapper's record, which is then reported as a leak (Netty's default SIMPLE detection logs
 * one buffer in 128 as LEAK). Found by the COPY_OUT fault cases (1-byte fragments, rows consumed on
 * another thread), whose leak check is where the reports show; here the slices' tracking is checked.
 */
class RetainedSliceLeakTrackingTest {

    private static final int ROWS = 40;

    @Test
    void copyDataReleasedAfterTheirCumulationAreNotReportedAsLeaks() {
        LeakChecker.collectLeaks();
        EmbeddedChannel channel = new EmbeddedChannel();
        Transport transport = new Transport(channel, TestTransports.embeddedSettings(1 << 20, 16));
        channel.pipeline().addLast(transport.handler());
        List<CopyData> kept = new ArrayList<>();
        transport.submit(new Conversation() {
            @Override
            protected void writeTo(ByteBuf out) {
                out.writeByte('Q');
            }

            @Override
            protected boolean onMessage(BackendMessage message) {
                if (message instanceof CopyData) {
                    kept.add((CopyData) message);
                }
                return message instanceof ReadyForQuery;
            }

            @Override
            protected void onConnectionFailure(Throwable failure) {
            }
        });
        releaseOutbound(channel);
        ByteBuf all = Unpooled.buffer();
        for (int i = 0; i < ROWS; i++) {
            BackendEncoder.encode(new CopyData(Unpooled.copiedBuffer("row " + i + "\n", StandardCharsets.UTF_8)), all);
        }
        BackendEncoder.encode(ReadyForQuery.IDLE, all);
        // one byte per read, in tracked buffers (PARANOID in the tests): the handler grows new cumulations
        // while the rows it has handed over still point into the old ones
        while (all.isReadable()) {
            channel.writeInbound(ByteBufAllocator.DEFAULT.directBuffer(1).writeByte(all.readByte()));
        }
        all.release();
        assertThat(kept).hasSize(ROWS);
        assertThat(kept.get(ROWS - 1).content().toString(StandardCharsets.UTF_8)).isEqualTo("row " + (ROWS - 1) + "\n");
        // each slice is tracked as the buffer it was cut from (Netty's leak-aware wrapper shares the record),
        // so whichever release comes last closes the record
        assertThat(kept).allSatisfy(row -> assertThat(row.content()).matches(LeakWrappers::isWrapper, "a leak wrapper"));
        // released on another thread, as a consumer behind publishOn does
        java.util.concurrent.CompletableFuture.runAsync(() -> kept.forEach(CopyData::release)).join();
        kept.clear();
        channel.finishAndReleaseAll();
        assertThat(LeakChecker.collectLeaks()).isEmpty();
    }

    private static void releaseOutbound(EmbeddedChannel channel) {
        Object m;
        while ((m = channel.readOutbound()) != null) {
            ReferenceCountUtil.release(m);
        }
    }
}
