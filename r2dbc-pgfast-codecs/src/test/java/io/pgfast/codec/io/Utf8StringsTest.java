package io.pgfast.codec.io;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.testing.Buffers;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static io.pgfast.codec.io.Utf8Strings.ASCII_FAST_PATH_MAX;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class Utf8StringsTest {

    private static String readAfterPrefix(Buffers kind, byte[] value) {
        ByteBuf buf = kind.withPrefix(value);
        try {
            int readerIndex = buf.readerIndex();
            String s = Utf8Strings.read(buf, Buffers.PREFIX.length, value.length);
            assertThat(buf.readerIndex()).as("reader index untouched").isEqualTo(readerIndex);
            return s;
        } finally {
            buf.release();
        }
    }

    /** An ASCII string of exactly {@code length} characters. */
    private static String ascii(int length) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length; i++) {
            sb.append((char) (' ' + (i * 7) % 95));
        }
        return sb.toString();
    }

    static Stream<Arguments> everyAsciiLength() {
        List<Arguments> args = new ArrayList<>();
        for (Buffers kind : Buffers.values()) {
            for (int length = 0; length <= 40; length++) {
                args.add(Arguments.of(kind, ascii(length)));
            }
        }
        return args.stream();
    }

    @ParameterizedTest
    @MethodSource("everyAsciiLength")
    void readsAsciiOfEveryLengthFrom0To40(Buffers kind, String value) {
        assertThat(readAfterPrefix(kind, value.getBytes(StandardCharsets.US_ASCII))).isEqualTo(value);
    }

    static Stream<Arguments> nonAscii() {
        List<String> values = new ArrayList<>(List.of(
                "é", "café", "Ærøskøbing", "日本語", "中文字符测试", "😀", "a😀b", "👍🏽 ok", "Привет", "ÿ", "\u0080", "\u07FF", "\uFFFF"));
        // non-ASCII values of every length 1..40 bytes, the multi-byte character at the start, middle and end
        for (int length = 2; length <= 40; length++) {
            values.add("é" + ascii(length - 2));
            values.add(ascii((length - 2) / 2) + "é" + ascii(length - 2 - (length - 2) / 2));
            values.add(ascii(length - 2) + "é");
        }
        for (int length = 4; length <= 40; length++) {
            values.add(ascii(length - 4) + "😀");
            values.add("日" + ascii(length - 3));
        }
        List<Arguments> args = new ArrayList<>();
        for (Buffers kind : Buffers.values()) {
            for (String value : values) {
                args.add(Arguments.of(kind, value));
            }
        }
        return args.stream();
    }

    @ParameterizedTest
    @MethodSource("nonAscii")
    void readsAccentedCjkAndEmoji(Buffers kind, String value) {
        assertThat(readAfterPrefix(kind, value.getBytes(StandardCharsets.UTF_8))).isEqualTo(value);
    }

    /**
     * The fast path must check the byte: a one-byte value at the fast-path length that is not ASCII
     * (a lone lead or Latin-1 byte) is invalid UTF-8 and decodes to U+FFFD, never to the Latin-1
     * character; a two-byte "é" just past the threshold decodes as "é", not "Ã©".
     */
    @ParameterizedTest
    @EnumSource(Buffers.class)
    void nonAsciiValueAtTheFastPathLengthIsNotBuiltAsLatin1(Buffers kind) {
        assertThat(ASCII_FAST_PATH_MAX).isEqualTo(1);
        assertThat(readAfterPrefix(kind, new byte[] {(byte) 0xE9})).isEqualTo("\uFFFD").isNotEqualTo("é");
        assertThat(readAfterPrefix(kind, new byte[] {(byte) 0xC3})).isEqualTo("\uFFFD").isNotEqualTo("Ã");
        assertThat(readAfterPrefix(kind, new byte[] {(byte) 0xC3, (byte) 0xA9})).isEqualTo("é").isNotEqualTo("Ã©");
        assertThat(readAfterPrefix(kind, new byte[] {0x7F})).isEqualTo("\u007F");
        assertThat(readAfterPrefix(kind, new byte[] {0x00})).isEqualTo("\u0000");
    }

    @ParameterizedTest
    @EnumSource(Buffers.class)
    void oneByteValuesAreSharedStrings(Buffers kind) {
        assertThat(readAfterPrefix(kind, new byte[] {'t'})).isEqualTo("t").isSameAs(readAfterPrefix(kind, new byte[] {'t'}));
    }

    @ParameterizedTest
    @EnumSource(Buffers.class)
    void lengthsStraddlingTheFastPathThresholdByOneByte(Buffers kind) {
        for (int length = ASCII_FAST_PATH_MAX - 1; length <= ASCII_FAST_PATH_MAX + 1; length++) {
            String value = ascii(length);
            assertThat(readAfterPrefix(kind, value.getBytes(StandardCharsets.US_ASCII))).isEqualTo(value);
        }
        // every one-byte value, ASCII or not, decodes as the JDK decodes it
        for (int b = 0; b < 256; b++) {
            byte[] one = {(byte) b};
            assertThat(readAfterPrefix(kind, one)).isEqualTo(new String(one, StandardCharsets.UTF_8));
        }
        String accented = "ñ";
        assertThat(accented.getBytes(StandardCharsets.UTF_8)).hasSize(ASCII_FAST_PATH_MAX + 1);
        assertThat(readAfterPrefix(kind, accented.getBytes(StandardCharsets.UTF_8))).isEqualTo(accented);
    }

    static Stream<Arguments> invalidUtf8() {
        List<byte[]> values = List.of(
                new byte[] {(byte) 0xFF},                                     // never valid in UTF-8
                new byte[] {'a', (byte) 0x80, 'b'},                           // a lone continuation byte
                new byte[] {'a', 'b', (byte) 0xC3},                           // a sequence cut at the end
                new byte[] {(byte) 0xC0, (byte) 0xAF},                        // an overlong '/'
                new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80, 'x'},      // an encoded surrogate
                new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // above U+10FFFF
                concat("0123456789abcdef0123".getBytes(StandardCharsets.US_ASCII), new byte[] {(byte) 0xFE}));
        List<Arguments> args = new ArrayList<>();
        for (Buffers kind : Buffers.values()) {
            for (byte[] value : values) {
                args.add(Arguments.of(kind, value));
            }
        }
        return args.stream();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @ParameterizedTest
    @MethodSource("invalidUtf8")
    void replacesInvalidUtf8AsTheJdkDoes(Buffers kind, byte[] value) {
        String expected = new String(value, StandardCharsets.UTF_8);
        assertThat(expected).contains("\uFFFD");
        assertThat(readAfterPrefix(kind, value)).isEqualTo(expected);
    }

    @Test
    void rejectsARangeOutsideTheBuffer() {
        ByteBuf larger = Unpooled.wrappedBuffer("xxhello-world".getBytes(StandardCharsets.US_ASCII));
        ByteBuf slice = larger.slice(2, 5);
        try {
            assertThat(Utf8Strings.read(slice, 0, 5)).isEqualTo("hello");
            // the backing array has more bytes, but they are not the slice's
            assertThatThrownBy(() -> Utf8Strings.read(slice, 0, 6)).isInstanceOf(CodecException.class)
                    .hasMessageContaining("outside the buffer");
            assertThatThrownBy(() -> Utf8Strings.read(slice, 3, 30)).isInstanceOf(CodecException.class);
            assertThatThrownBy(() -> Utf8Strings.read(slice, -1, 2)).isInstanceOf(CodecException.class);
            assertThatThrownBy(() -> Utf8Strings.read(slice, 0, -1)).isInstanceOf(CodecException.class);
        } finally {
            larger.release();
        }
    }

    @ParameterizedTest
    @EnumSource(Buffers.class)
    void readsCStringsAndConsumesTheTerminator(Buffers kind) {
        ByteBuf buf = kind.of("server_version\u000017.4 é\u0000\u0000".getBytes(StandardCharsets.UTF_8));
        try {
            assertThat(Utf8Strings.readCString(buf)).isEqualTo("server_version");
            assertThat(Utf8Strings.readCString(buf)).isEqualTo("17.4 é");
            assertThat(Utf8Strings.readCString(buf)).isEmpty();
            assertThat(buf.isReadable()).isFalse();
        } finally {
            buf.release();
        }
    }

    @ParameterizedTest
    @EnumSource(Buffers.class)
    void anUnterminatedCStringIsACodecException(Buffers kind) {
        ByteBuf buf = kind.of("no terminator".getBytes(StandardCharsets.US_ASCII));
        try {
            assertThatThrownBy(() -> Utf8Strings.readCString(buf))
                    .isInstanceOf(CodecException.class)
                    .hasMessageContaining("not NUL-terminated");
            assertThat(buf.readerIndex()).isZero();
        } finally {
            buf.release();
        }
    }

    @Test
    void cStringEndFindsTheTerminatorFromAnIndex() {
        ByteBuf buf = Unpooled.wrappedBuffer("ab\u0000cd\u0000".getBytes(StandardCharsets.US_ASCII));
        try {
            assertThat(Utf8Strings.cStringEnd(buf, 0)).isEqualTo(2);
            assertThat(Utf8Strings.cStringEnd(buf, 3)).isEqualTo(5);
        } finally {
            buf.release();
        }
    }
}
