package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.testing.CodecAssert;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static io.pgfast.codec.testing.CodecAssert.REGISTRY;
import static io.pgfast.codec.testing.CodecAssert.binary;
import static io.pgfast.codec.testing.CodecAssert.encode;
import static io.pgfast.codec.testing.CodecAssert.encodeAs;
import static io.pgfast.codec.testing.CodecAssert.hex;
import static io.pgfast.codec.testing.CodecAssert.text;
import static io.pgfast.codec.testing.CodecAssert.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TextCodecTest {

    @ParameterizedTest
    @ValueSource(ints = {Oid.TEXT, Oid.VARCHAR, Oid.BPCHAR, Oid.NAME, Oid.UNKNOWN, Oid.REFCURSOR, Oid.XML})
    void characterTypesAreTheirUtf8BytesInBothFormats(int oid) {
        for (String value : List.of("", "ok", "héllo wörld", "日本語テキスト", "emoji 😀", "padded   ")) {
            assertThat(text(oid, value)).isEqualTo(value);
            assertThat(binary(oid, utf8(value))).isEqualTo(value);
        }
        assertThat(REGISTRY.javaType(oid)).isEqualTo(String.class);
        assertThat(REGISTRY.binaryDecodable(oid)).isTrue();
    }

    @Test
    void readsOneCharacterAsCharacter() {
        assertThat(text(Oid.BPCHAR, Character.class, "é")).isEqualTo('é');
        assertThatThrownBy(() -> text(Oid.BPCHAR, Character.class, "ab")).isInstanceOf(CodecException.class)
                .hasMessageContaining("2 characters");
    }

    @Test
    void citextIsFoundByNameOnceDiscovered() {
        PgType citext = PgType.builder(17001, "citext").schema("public").category('S').arrayOid(17006).build();
        CodecRegistry registry = REGISTRY.withTypes(List.of(citext));
        assertThat(registry.javaType(17001)).isEqualTo(String.class);
        assertThat(registry.binaryDecodable(17001)).isTrue();
        assertThat(registry.decoder(17001, Format.BINARY, String.class)).isNotNull();
    }

    @Test
    void stringsBindAsUnspecifiedText() {
        assertThat(encode("héllo")).isEqualTo(utf8("héllo"));
        assertThat(REGISTRY.encoder(String.class).oid("x")).isEqualTo(Oid.UNSPECIFIED);
        assertThat(REGISTRY.encoder(Character.class).format()).isEqualTo(Format.TEXT);
        assertThat(encode('ß')).isEqualTo(utf8("ß"));
        assertThat(REGISTRY.encoder(Oid.VARCHAR, String.class).oid("x")).isEqualTo(Oid.VARCHAR);
        assertThat(encodeAs(Oid.BPCHAR, 'x')).isEqualTo(utf8("x"));
        assertThat(REGISTRY.encoder(Oid.BPCHAR, Character.class).oid('x')).isEqualTo(Oid.BPCHAR);
    }

    @Test
    void singleByteCharInBothFormats() {
        assertThat(binary(Oid.CHAR, hex("61"))).isEqualTo("a");           // charsend('a')
        assertThat(binary(Oid.CHAR, hex("81"))).isEqualTo("\\201");       // PostgreSQL 15+ prints a high byte in octal
        assertThat(binary(Oid.CHAR, hex("00"))).isEqualTo("");
        assertThat(text(Oid.CHAR, "\\201")).isEqualTo("\\201");
        assertThat(binary(Oid.CHAR, Byte.class, hex("81"))).isEqualTo((byte) 0x81);
        assertThat(text(Oid.CHAR, Byte.class, "\\201")).isEqualTo((byte) 0x81);
        assertThat(text(Oid.CHAR, Byte.class, "r")).isEqualTo((byte) 'r');
        assertThat(text(Oid.CHAR, Byte.class, "")).isEqualTo((byte) 0);
        assertThat(encodeAs(Oid.CHAR, (byte) 'r')).isEqualTo(hex("72"));
        assertThatThrownBy(() -> binary(Oid.CHAR, hex("6162"))).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> text(Oid.CHAR, Byte.class, "\\901")).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> text(Oid.CHAR, Byte.class, "ab")).isInstanceOf(CodecException.class);
    }

    @Property(tries = 200)
    void roundTrips(@ForAll String value) {
        assertThat(CodecAssert.roundTrip(value, String.class)).isEqualTo(new String(utf8(value), java.nio.charset.StandardCharsets.UTF_8));
        assertThat(binary(Oid.TEXT, utf8(value))).isEqualTo(new String(utf8(value), java.nio.charset.StandardCharsets.UTF_8));
    }
}
