package io.pgfast.codec.builtin;

import static io.pgfast.codec.builtin.TypesTestSupport.INT4_BINARY;
import static io.pgfast.codec.builtin.TypesTestSupport.INT4_TEXT;
import static io.pgfast.codec.builtin.TypesTestSupport.TEXT;
import static io.pgfast.codec.builtin.TypesTestSupport.decode;
import static io.pgfast.codec.builtin.TypesTestSupport.encode;
import static org.assertj.core.api.Assertions.assertThat;

import io.pgfast.codec.CodecException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class ArrayRoundTripProperties {

    @Provide
    Arbitrary<String[][]> stringMatrices() {
        Arbitrary<String> element = Arbitraries.oneOf(
                Arbitraries.strings().withChars("{}\",\\ \tNUL;a€").ofMaxLength(6),
                Arbitraries.strings().all().ofMaxLength(4).filter(ArrayRoundTripProperties::encodable),
                Arbitraries.of("NULL", "null", "", " "),
                Arbitraries.just(null));
        return Arbitraries.integers().between(0, 4).flatMap(cols ->
                element.array(String[].class).ofSize(cols).array(String[][].class).ofMinSize(1).ofMaxSize(4));
    }

    @Property(tries = 150)
    void stringArraysSurviveTextEncodeDecode(@ForAll("stringMatrices") String[][] value) {
        ArrayTextEncoder encoder = new ArrayTextEncoder("text[]", String[][].class, 0, ArrayTextCodecTest.STRING_TEXT, ',');
        ArrayTextDecoder decoder = new ArrayTextDecoder("text[]", TEXT, ',', ArrayTarget.of(String[][].class));
        Object decoded = decode(decoder, encode(encoder, value));
        assertThat(decoded).isEqualTo(value[0].length == 0 ? new String[0][] : value);
    }

    @Property(tries = 150)
    void intArraysSurviveBinaryAndTextEncodeDecode(@ForAll @Size(max = 3) int[] @Size(min = 1, max = 3) [] rows,
            @ForAll @IntRange(min = 0, max = 3) int cols) {
        int[][] value = new int[rows.length][cols];
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < cols; c++) {
                value[r][c] = r * 31 + c * (rows[r].length > 0 ? rows[r][0] : 7);
            }
        }
        int[][] expected = cols == 0 ? new int[0][] : value;
        Object binary = decode(new ArrayBinaryDecoder("int4[]", 23, INT4_BINARY, ArrayTarget.of(int[][].class)),
                encode(ArrayBinaryEncoder.forPrimitive(int[][].class), value));
        assertThat(binary).isEqualTo(expected);
        Object text = decode(new ArrayTextDecoder("int4[]", INT4_TEXT, ',', ArrayTarget.of(int[][].class)),
                encode(new ArrayTextEncoder("int4[]", int[][].class, 1007, null, ','), value));
        assertThat(text).isEqualTo(expected);
    }

    @Property(tries = 250)
    void arbitraryBytesNeverFailWithAnythingButCodecException(@ForAll @Size(max = 64) byte[] bytes) {
        assertOnlyCodecException(() -> decode(new ArrayBinaryDecoder("int4[]", 0, INT4_BINARY, ArrayTarget.natural(Integer.class)), bytes));
        assertOnlyCodecException(() -> decode(new ArrayTextDecoder("text[]", TEXT, ',', ArrayTarget.list(String.class)), bytes));
    }

    @Property(tries = 250)
    void arbitraryArrayishTextNeverFailsWithAnythingButCodecException(
            @ForAll("arrayish") String text) {
        assertOnlyCodecException(() -> decode(new ArrayTextDecoder("int4[]", INT4_TEXT, ',', ArrayTarget.natural(Integer.class)),
                TypesTestSupport.utf8(text)));
        assertOnlyCodecException(() -> decode(new ArrayTextDecoder("text[]", TEXT, ',', ArrayTarget.natural(String.class)),
                TypesTestSupport.utf8(text)));
    }

    @Provide
    Arbitrary<String> arrayish() {
        return Arbitraries.strings().withChars("{}[]:=,\"\\ 1-aNUL").ofMaxLength(24);
    }

    /** Strings PostgreSQL can hold and UTF-8 can encode: no NUL, no unpaired surrogate. */
    static boolean encodable(String s) {
        return s.indexOf('\0') < 0 && s.equals(new String(TypesTestSupport.utf8(s), java.nio.charset.StandardCharsets.UTF_8));
    }

    static void assertOnlyCodecException(Runnable r) {
        try {
            r.run();
        } catch (CodecException expected) {
            // the one allowed failure
        }
    }
}
