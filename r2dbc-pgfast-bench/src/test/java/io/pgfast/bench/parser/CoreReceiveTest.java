package io.pgfast.bench.parser;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Format;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.protocol.BackendMessageReader;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CoreReceiveTest {

    private final CodecRegistry codecs = DefaultCodecRegistry.builtins();

    @Test
    void everyDatasetDecodesToTheValuesItWasBuiltFrom() {
        for (DataRowStreams.Dataset d : DataRowStreams.Dataset.values()) {
            List<Object> expected = new ArrayList<>();
            Random random = new Random(42);
            for (int r = 0; r < DataRowStreams.ROWS; r++) {
                for (int c = 0; c < d.kinds.length; c++) {
                    String v = d.value(r, c, random);
                    expected.add(d.kinds[c] == DataRowStreams.Kind.INT ? (Object) Integer.valueOf(v) : v);
                }
            }
            ByteBuf stream = CoreStreams.build(d, codecs, UnpooledByteBufAllocator.DEFAULT);
            try {
                List<Object> seen = new ArrayList<>();
                int rows = CoreReceive.drain(stream, new BackendMessageReader(1 << 20), codecs, seen::add);
                assertThat(rows).as(d.name()).isEqualTo(DataRowStreams.ROWS);
                assertThat(seen).as(d.name()).isEqualTo(expected);
                assertThat(stream.isReadable()).isFalse();
            } finally {
                assertThat(stream.release()).isTrue();
            }
        }
    }

    @Test
    void intColumnsTravelInBinaryAsTheDriverAsksForThem() {
        assertThat(CoreStreams.format(codecs, Oid.INT4)).isEqualTo(Format.BINARY);
        ByteBuf stream = CoreStreams.build(DataRowStreams.Dataset.SHORT_5, codecs, UnpooledByteBufAllocator.DEFAULT);
        try {
            int rowDescriptionLength = stream.getInt(1);
            int firstRow = 1 + rowDescriptionLength;
            assertThat(stream.getByte(0)).isEqualTo((byte) 'T');
            assertThat(stream.getByte(firstRow)).isEqualTo((byte) 'D');
            // first column of row 1: the id 1 as int4, binary
            assertThat(stream.getInt(firstRow + 7)).isEqualTo(4);
            assertThat(stream.getInt(firstRow + 11)).isEqualTo(1);
        } finally {
            stream.release();
        }
    }

    @Test
    void aStreamCutInsideAMessageIsRefused() {
        ByteBuf whole = CoreStreams.build(DataRowStreams.Dataset.SHORT_5, codecs, UnpooledByteBufAllocator.DEFAULT);
        ByteBuf cut = whole.slice(0, whole.writerIndex() - 3);
        try {
            assertThatThrownBy(() -> CoreReceive.drain(cut, new BackendMessageReader(1 << 20), codecs, v -> { }))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("ends inside a message");
        } finally {
            whole.release();
        }
    }

    @Test
    void theBenchmarkSaysWhereItsCoreAndCodecsClassesCameFrom() {
        List<String> lines = CoreDataRowBenchmark.classesFrom().lines().toList();
        assertThat(lines).hasSize(3);
        // in this module's tests: the reactor's core and codecs, as directories or jars
        assertThat(lines.get(0)).contains("r2dbc-pgfast-core");
        assertThat(lines.get(1)).contains("r2dbc-pgfast-codecs");
        assertThat(lines.get(2)).isEqualTo("UnsignedInts.int32 present");
    }
}
