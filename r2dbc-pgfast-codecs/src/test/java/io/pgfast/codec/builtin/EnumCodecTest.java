package io.pgfast.codec.builtin;

import static io.pgfast.codec.builtin.DiscoveredTypes.MOOD;
import static io.pgfast.codec.builtin.DiscoveredTypes.MOOD_ARRAY;
import static io.pgfast.codec.builtin.DiscoveredTypes.REGISTRY;
import static io.pgfast.codec.builtin.TypesTestSupport.decode;
import static io.pgfast.codec.builtin.TypesTestSupport.decodeText;
import static io.pgfast.codec.builtin.TypesTestSupport.encode;
import static io.pgfast.codec.builtin.TypesTestSupport.hex;
import static io.pgfast.codec.builtin.TypesTestSupport.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import org.junit.jupiter.api.Test;

/** Golden bytes from PostgreSQL 15's enum_send and array_send for {@code mood} ('sad', 'ok', 'happy day'). */
class EnumCodecTest {

    enum Mood { sad, ok }

    enum Shouting { SAD }

    @Test
    void labelsDecodeAsStringsInBothFormats() {
        assertThat(REGISTRY.javaType(MOOD.oid())).isEqualTo(String.class);
        assertThat(REGISTRY.binaryDecodable(MOOD.oid())).isTrue();
        assertThat(decode(REGISTRY.decoder(MOOD.oid(), Format.BINARY), hex("686170707920646179"))).isEqualTo("happy day"); // label bytes
        assertThat(decodeText(REGISTRY.decoder(MOOD.oid(), Format.TEXT), "happy day")).isEqualTo("happy day");
    }

    @Test
    void labelsDecodeToAJavaEnumByName() {
        assertThat(decode(REGISTRY.decoder(MOOD.oid(), Format.BINARY, Mood.class), utf8("ok"))).isEqualTo(Mood.ok);
        assertThat(decodeText(REGISTRY.decoder(MOOD.oid(), Format.TEXT, Mood.class), "sad")).isEqualTo(Mood.sad);
        assertThatThrownBy(() -> decodeText(REGISTRY.decoder(MOOD.oid(), Format.TEXT, Mood.class), "happy day"))
                .isInstanceOf(CodecException.class).hasMessageContaining("happy day");
        assertThatThrownBy(() -> decodeText(REGISTRY.decoder(MOOD.oid(), Format.TEXT, Shouting.class), "sad"))
                .isInstanceOf(CodecException.class);
    }

    @Test
    void javaEnumsEncodeByNameTypedOrNot() {
        Encoder<Mood> untyped = REGISTRY.encoder(Mood.class);
        assertThat(untyped.oid(Mood.ok)).isZero();
        assertThat(encode(untyped, Mood.ok)).isEqualTo(utf8("ok"));
        Encoder<Mood> typed = REGISTRY.encoder(MOOD.oid(), Mood.class);
        assertThat(typed.oid(Mood.ok)).isEqualTo(MOOD.oid());
        assertThat(encode(typed, Mood.sad)).isEqualTo(utf8("sad"));
        assertThatThrownBy(() -> encode(REGISTRY.encoder(MOOD.oid(), Shouting.class), Shouting.SAD))
                .isInstanceOf(CodecException.class).hasMessageContaining("not a label");
    }

    @Test
    void enumArrays() {
        byte[] golden = hex(
                "00000001", // 1 dimension
                "00000000", // no NULLs
                "0000408f", // element type mood (16527)
                "00000002", "00000001", // 2 elements from 1
                "00000002", "6f6b", // ok
                "00000009", "686170707920646179"); // happy day
        assertThat(decode(REGISTRY.decoder(MOOD_ARRAY.oid(), Format.BINARY), golden)).isEqualTo(new String[] {"ok", "happy day"});
        assertThat(decode(REGISTRY.decoder(MOOD_ARRAY.oid(), Format.BINARY, String.class), golden)).isEqualTo("{ok,\"happy day\"}");
        assertThat(decodeText(REGISTRY.decoder(MOOD_ARRAY.oid(), Format.TEXT, Mood[].class), "{ok,sad}"))
                .isEqualTo(new Mood[] {Mood.ok, Mood.sad});
        assertThat(TypesTestSupport.encodeWith(REGISTRY, new Mood[] {Mood.ok, null})).isEqualTo(utf8("{ok,NULL}"));
        assertThat(REGISTRY.encoder(Mood[].class).oid(null)).isZero();
    }
}
