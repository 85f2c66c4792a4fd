package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BufferKind;
import io.pgfast.protocol.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DataRowTest {

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void theRowIsOneRetainedSliceThatOutlivesTheInput(BufferKind kind) {
        ByteBuf body = kind.wrap(Bytes.of()
            .int16(2)         // two columns
            .int32(5)         // column 0 length
            .text("hello")    // column 0 value
            .int32(5)         // column 1 length
            .text("world")    // column 1 value
            .array());
        OwnedDataRow row = DataRow.decode(body);
        assertThat(body.refCnt()).as("the row holds a reference to the input").isEqualTo(2);
        body.release();
        assertThat(body.refCnt()).isEqualTo(1);
        assertThat(row.buffer().toString(row.offset(1), row.length(1), StandardCharsets.US_ASCII)).isEqualTo("world");
        assertThat(row.buffer().toString(row.offset(0), row.length(0), StandardCharsets.US_ASCII)).isEqualTo("hello");
        assertThat(row.retain()).isSameAs(row);
        assertThat(row.release()).isFalse();
        assertThat(row.release()).isTrue();
        assertThat(body.refCnt()).isZero();
    }

    @Test
    void offsetsAreAbsoluteIndicesIntoTheBuffer() {
        ByteBuf input = BufferKind.HEAP.wrap(Bytes.of()
            .byte1('x').byte1('x').byte1('x')   // bytes before the body, as in a cumulation
            .int16(1)                           // one column
            .int32(3)                           // column 0 length
            .text("abc")                        // column 0 value
            .array());
        try {
            ByteBuf body = input.slice(3, input.readableBytes() - 3);
            OwnedDataRow row = DataRow.decode(body);
            try {
                int offset = row.offset(0);
                assertThat(row.buffer().getByte(offset)).isEqualTo((byte) 'a');
                assertThat(row.buffer().getByte(offset + 2)).isEqualTo((byte) 'c');
            } finally {
                row.release();
            }
        } finally {
            input.release();
        }
    }

    @Test
    void zeroColumns() {
        ByteBuf body = BufferKind.HEAP.wrap(Bytes.of()
            .int16(0)     // no columns
            .array());
        try {
            OwnedDataRow row = DataRow.decode(body);
            assertThat(row.columnCount()).isZero();
            assertThat(row).hasToString("DataRow[]");
            row.release();
        } finally {
            body.release();
        }
    }

    @Test
    void columnIndexOutOfRangeIsTheCallersError() {
        OwnedDataRow row = DataRow.of(new byte[] {1});
        try {
            assertThatThrownBy(() -> row.length(1)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> row.offset(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        } finally {
            row.release();
        }
    }

    @Test
    void maximumColumnCountIsUnsigned() {
        Bytes bytes = Bytes.of().int16(0xFFFF);   // 65535 columns: PostgreSQL reads the count unsigned
        for (int i = 0; i < 0xFFFF; i++) {
            bytes.int32(-1);                      // all NULL
        }
        ByteBuf body = BufferKind.HEAP.wrap(bytes.array());
        try {
            OwnedDataRow row = DataRow.decode(body);
            assertThat(row.columnCount()).isEqualTo(65535);
            assertThat(row.isNull(65534)).isTrue();
            row.release();
        } finally {
            body.release();
        }
    }
}
