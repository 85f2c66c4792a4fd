package io.pgfast.flow;

import io.pgfast.flow.CopyChunker;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.pgfast.protocol.BufferKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CopyChunkerTest {

    /** Leak tracking on, so that a buffer the chunker forgets shows up in the class's leak check. */
    private final UnpooledByteBufAllocator alloc = new UnpooledByteBufAllocator(false);
    private final List<byte[]> chunks = new ArrayList<>();
    private final Consumer<ByteBuf> sink = c -> chunks.add(ByteBufUtil.getBytes(c));
    private CopyChunker chunker;

    @AfterEach
    void release() {
        if (chunker != null) {
            chunker.release();
        }
    }

    private byte[] stream() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        chunks.forEach(out::writeBytes);
        return out.toByteArray();
    }

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 7 + 1);
        }
        return b;
    }

    @Test
    void smallElementsAreGatheredUntilTheChunkIsFull() {
        chunker = new CopyChunker(alloc, 10);
        for (int i = 0; i < 7; i++) {
            assertThat(chunker.append("abc", sink)).isEqualTo(3);
        }
        // 21 bytes: two full chunks handed out, one byte left
        assertThat(chunks).extracting(c -> c.length).containsExactly(10, 10);
        assertThat(chunker.buffered()).isEqualTo(1);
        chunker.flush(sink);
        assertThat(new String(stream(), StandardCharsets.UTF_8)).isEqualTo("abc".repeat(7));
        assertThat(chunker.buffered()).isZero();
    }

    @Test
    void flushOfAnEmptyChunkerHandsOutNothing() {
        chunker = new CopyChunker(alloc, 10);
        chunker.flush(sink);
        chunker.append(new byte[0], sink);
        chunker.flush(sink);
        assertThat(chunks).isEmpty();
    }

    @Test
    void aLargeElementIsSplitIntoFullChunks() {
        chunker = new CopyChunker(alloc, 16);
        byte[] big = bytes(100);
        assertThat(chunker.append(big, sink)).isEqualTo(100);
        chunker.flush(sink);
        assertThat(chunks).extracting(c -> c.length).containsExactly(16, 16, 16, 16, 16, 16, 4);
        assertThat(stream()).isEqualTo(big);
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void byteBufElementsAreCopiedAndReleased(BufferKind kind) {
        chunker = new CopyChunker(alloc, 16);
        byte[] data = bytes(40);
        ByteBuf first = kind.wrap(data);
        ByteBuf second = kind.wrap(new byte[] {1, 2, 3});
        second.readByte();
        assertThat(chunker.append(first, sink)).isEqualTo(40);
        assertThat(chunker.append(second, sink)).isEqualTo(2);
        chunker.flush(sink);
        assertThat(first.refCnt()).isZero();
        assertThat(second.refCnt()).isZero();
        byte[] expected = new byte[42];
        System.arraycopy(data, 0, expected, 0, 40);
        expected[40] = 2;
        expected[41] = 3;
        assertThat(stream()).isEqualTo(expected);
    }

    @Test
    void byteBufferElementsKeepTheirPosition() {
        chunker = new CopyChunker(alloc, 8);
        ByteBuffer heap = ByteBuffer.wrap(bytes(20));
        heap.position(5);
        ByteBuffer direct = ByteBuffer.allocateDirect(3).put(new byte[] {9, 8, 7});
        direct.flip();
        assertThat(chunker.append(heap, sink)).isEqualTo(15);
        assertThat(chunker.append(direct, sink)).isEqualTo(3);
        chunker.flush(sink);
        assertThat(heap.position()).isEqualTo(5);
        assertThat(direct.position()).isZero();
        byte[] expected = new byte[18];
        System.arraycopy(bytes(20), 5, expected, 0, 15);
        expected[15] = 9;
        expected[16] = 8;
        expected[17] = 7;
        assertThat(stream()).isEqualTo(expected);
    }

    @Test
    void textIsUtf8AndMaySplitACharacterAcrossChunks() {
        chunker = new CopyChunker(alloc, 5);
        // "é" is 2 bytes, "€" 3, "😀" 4 (a surrogate pair): chunks of 5 cut through them
        String text = "aé€😀b\tc\n";
        long n = chunker.append(text, sink);
        chunker.append(new StringBuilder("ü"), sink);
        chunker.flush(sink);
        byte[] expected = (text + "ü").getBytes(StandardCharsets.UTF_8);
        assertThat(n).isEqualTo(text.getBytes(StandardCharsets.UTF_8).length);
        assertThat(stream()).isEqualTo(expected);
        assertThat(chunks).allSatisfy(c -> assertThat(c.length).isLessThanOrEqualTo(5));
    }

    @Test
    void shortTextFillsTheChunkExactly() {
        chunker = new CopyChunker(alloc, 6);
        chunker.append("abc", sink);
        chunker.append("def", sink);
        assertThat(chunks).hasSize(1);
        assertThat(new String(chunks.get(0), StandardCharsets.US_ASCII)).isEqualTo("abcdef");
        assertThat(chunker.buffered()).isZero();
    }

    @Test
    void anUnsupportedElementIsRefused() {
        chunker = new CopyChunker(alloc, 8);
        assertThatThrownBy(() -> chunker.append(42, sink))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ByteBuf, byte[], ByteBuffer or String")
                .hasMessageContaining("java.lang.Integer");
        assertThat(chunks).isEmpty();
    }

    @Test
    void aByteBufAppendedAfterReleaseIsReleasedAndRefused() {
        chunker = new CopyChunker(alloc, 8);
        chunker.append("abc", sink);
        chunker.release();
        ByteBuf late = alloc.buffer().writeByte(1);
        assertThatThrownBy(() -> chunker.append(late, sink)).isInstanceOf(IllegalStateException.class);
        assertThat(late.refCnt()).isZero();
        assertThat(chunker.buffered()).isZero();
    }

    @Test
    void theChunkSizeMustBePositive() {
        assertThatThrownBy(() -> new CopyChunker(alloc, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
