package io.pgfast.codec.builtin;

import static io.pgfast.codec.builtin.DiscoveredTypes.PAIR;
import static io.pgfast.codec.builtin.DiscoveredTypes.PAIR_ARRAY;
import static io.pgfast.codec.builtin.DiscoveredTypes.REGISTRY;
import static io.pgfast.codec.builtin.TypesTestSupport.decode;
import static io.pgfast.codec.builtin.TypesTestSupport.decodeText;
import static io.pgfast.codec.builtin.TypesTestSupport.encodeText;
import static io.pgfast.codec.builtin.TypesTestSupport.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Record;
import io.pgfast.codec.type.Record.Field;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Golden bytes and literals from PostgreSQL 15's record_send and record_out ({@code pair} is (a int4, b text)). */
class RecordCodecTest {

    /** {@code record_send(row(1, 'x y')::pair)}. */
    private static final byte[] PAIR_1_XY = hex(
            "00000002", // 2 fields
            "00000017", "00000004", "00000001", // int4, length 4, 1
            "00000019", "00000003", "782079"); // text, length 3, "x y"

    @Test
    void binaryCompositeUsesThePlannedFieldDecoders() {
        Record expected = Record.of(new Field(Oid.INT4, 1), new Field(Oid.TEXT, "x y"));
        assertThat(REGISTRY.javaType(PAIR.oid())).isEqualTo(Record.class);
        assertThat(decode(REGISTRY.decoder(PAIR.oid(), Format.BINARY), PAIR_1_XY)).isEqualTo(expected);
        assertThat(decode(REGISTRY.decoder(PAIR.oid(), Format.BINARY, String.class), PAIR_1_XY)).isEqualTo("(1,\"x y\")");
    }

    @Test
    void anonymousRecordFieldsAreDecodedByTheirOids() {
        byte[] golden = hex(
                "00000003", // 3 fields
                "00000017", "00000004", "00000001", // int4 1
                "000003ef", "00000024", // int4[] (1007), 36 bytes:
                "00000001", "00000000", "00000017", "00000002", "00000001", // 1 dimension, no NULLs, int4, 2 elements from 1
                "00000004", "00000001", "00000004", "00000002", // {1,2}
                "000008c9", "00000017", // record (2249), 23 bytes:
                "00000002", // 2 fields
                "000002c1", "00000003", "612062", // unknown (705) 'a b'
                "000002c1", "ffffffff"); // unknown NULL
        Record decoded = (Record) decode(REGISTRY.decoder(Oid.RECORD, Format.BINARY), golden);
        assertThat(decoded.get(0)).isEqualTo(1);
        assertThat(decoded.get(1)).isEqualTo(new Integer[] {1, 2});
        assertThat(decoded.get(2)).isEqualTo(Record.of(new Field(705, "a b"), new Field(705, null)));
        assertThat(decode(REGISTRY.decoder(Oid.RECORD, Format.BINARY, String.class), golden)).isEqualTo("(1,\"{1,2}\",\"(\"\"a b\"\",)\")");
    }

    @Test
    void fieldsOfUnknownTypesStayRawBytes() {
        byte[] golden = hex("00000001", "00004e20", "00000002", "abcd"); // 1 field of type 20000, 2 bytes
        Record decoded = (Record) decode(REGISTRY.decoder(Oid.RECORD, Format.BINARY), golden);
        assertThat(decoded).isEqualTo(Record.of(new Field(20000, new byte[] {(byte) 0xab, (byte) 0xcd})));
        assertThatThrownBy(() -> decode(REGISTRY.decoder(Oid.RECORD, Format.BINARY, String.class), golden))
                .isInstanceOf(CodecException.class);
    }

    private static Record pairText(String literal) {
        return (Record) decodeText(REGISTRY.decoder(PAIR.oid(), Format.TEXT), literal);
    }

    @Test
    void textQuotingAsRecordOutWritesIt() {
        assertThat(decodeText(REGISTRY.decoder(PAIR.oid(), Format.TEXT), "(1,\"x y\")"))
                .isEqualTo(Record.of(new Field(Oid.INT4, 1), new Field(Oid.TEXT, "x y")));
        assertThat(decodeText(REGISTRY.decoder(PAIR.oid(), Format.TEXT), "(,\"\")"))
                .isEqualTo(Record.of(new Field(Oid.INT4, null), new Field(Oid.TEXT, "")));
        assertThat(pairText("(1,\"a\"\"b\\\\c\")").get(1)).isEqualTo("a\"b\\c");
        assertThat(pairText("(2,\"(,)\")").get(1)).isEqualTo("(,)");
        assertThat(pairText("(1,a\"b c\"d)").get(1)).isEqualTo("ab cd");
        assertThat(pairText("(1,a\\,b)").get(1)).isEqualTo("a,b");
    }

    @Test
    void anonymousTextRecordsHoldStrings() {
        assertThat(decodeText(REGISTRY.decoder(Oid.RECORD, Format.TEXT), "(1,\"{1,2}\",\"(\"\"a b\"\",)\")"))
                .isEqualTo(Record.ofText("1", "{1,2}", "(\"a b\",)"));
        assertThat(decodeText(REGISTRY.decoder(Oid.RECORD, Format.TEXT), "(1,1.5,x,t)")).isEqualTo(Record.ofText("1", "1.5", "x", "t"));
        assertThat(decodeText(REGISTRY.decoder(Oid.RECORD, Format.TEXT), "()")).isEqualTo(Record.of());
        assertThat(decode(REGISTRY.decoder(Oid.RECORD, Format.BINARY), hex("00000000"))).isEqualTo(Record.of());
    }

    @Test
    void encodesRecordsAsTextLiterals() {
        Encoder<Record> untyped = REGISTRY.encoder(Record.class);
        assertThat(untyped.oid(null)).isZero();
        assertThat(encodeText(untyped, Record.ofText("1", "x y", null))).isEqualTo("(1,\"x y\",)");
        assertThat(encodeText(untyped, Record.ofText("", "a\"b\\c", "(,)"))).isEqualTo("(\"\",\"a\"\"b\\\\c\",\"(,)\")");
        assertThat(encodeText(untyped, Record.of(new Field(0, 7), new Field(0, new BigDecimal("1.50")), new Field(0, new Integer[] {1, 2}))))
                .isEqualTo("(7,1.50,\"{1,2}\")");
        Encoder<Record> typed = REGISTRY.encoder(PAIR.oid(), Record.class);
        assertThat(typed.oid(null)).isEqualTo(PAIR.oid());
        assertThat(encodeText(typed, Record.ofText("1", "x"))).isEqualTo("(1,x)");
        assertThatThrownBy(() -> encodeText(untyped, Record.of(new Field(20000, new byte[] {1})))).isInstanceOf(CodecException.class);
    }

    @Test
    void compositeArrays() {
        byte[] golden = hex(
                "00000001", "00000000", "00004097", // 1 dimension, no NULLs, element type pair (16535)
                "00000002", "00000001", // 2 elements from 1
                "00000019", // element 1: 25 bytes
                "00000002", "00000017", "00000004", "00000001", "00000019", "00000001", "61", // (1,a)
                "00000018", // element 2: 24 bytes
                "00000002", "00000017", "00000004", "00000002", "00000019", "ffffffff"); // (2,)
        Object decoded = decode(REGISTRY.decoder(PAIR_ARRAY.oid(), Format.BINARY), golden);
        Record[] expected = {
            Record.of(new Field(Oid.INT4, 1), new Field(Oid.TEXT, "a")),
            Record.of(new Field(Oid.INT4, 2), new Field(Oid.TEXT, null))};
        assertThat(decoded).isEqualTo(expected);
        assertThat(decode(REGISTRY.decoder(PAIR_ARRAY.oid(), Format.BINARY, String.class), golden)).isEqualTo("{\"(1,a)\",\"(2,)\"}");
        assertThat(decodeText(REGISTRY.decoder(PAIR_ARRAY.oid(), Format.TEXT), "{\"(1,a)\",\"(2,)\"}")).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "(", "1,2)", "(1,2", "(1,x))", "(1,\"x)", "(1,x\\)", "(1)", "(1,2,3)", "(x,y)", ") (", "(1,x)y"})
    void malformedTextIsACodecException(String literal) {
        assertThatThrownBy(() -> decodeText(REGISTRY.decoder(PAIR.oid(), Format.TEXT), literal)).isInstanceOf(CodecException.class);
    }

    @Test
    void malformedBinaryIsACodecException() {
        assertThatThrownBy(() -> decode(REGISTRY.decoder(PAIR.oid(), Format.BINARY), hex("00000001", "00000017", "00000004", "00000001")))
                .isInstanceOf(CodecException.class).hasMessageContaining("type has 2");
        assertThatThrownBy(() -> decode(REGISTRY.decoder(Oid.RECORD, Format.BINARY), hex("7fffffff"))).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> decode(REGISTRY.decoder(Oid.RECORD, Format.BINARY), hex("00000001", "00000017", "00000009", "00000001")))
                .isInstanceOf(CodecException.class).hasMessageContaining("exceeds");
        assertThatThrownBy(() -> decode(REGISTRY.decoder(Oid.RECORD, Format.BINARY), hex("00000001", "00000017", "00000002", "0001")))
                .isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> decode(REGISTRY.decoder(Oid.RECORD, Format.BINARY), hex("00000000", "00")))
                .isInstanceOf(CodecException.class).hasMessageContaining("trailing");
    }
}
