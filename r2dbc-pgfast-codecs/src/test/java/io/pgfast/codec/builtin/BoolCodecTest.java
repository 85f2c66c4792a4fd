package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.Format;
import io.pgfast.codec.oid.Oid;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

import static io.pgfast.codec.testing.CodecAssert.REGISTRY;
import static io.pgfast.codec.testing.CodecAssert.binary;
import static io.pgfast.codec.testing.CodecAssert.encode;
import static io.pgfast.codec.testing.CodecAssert.hex;
import static io.pgfast.codec.testing.CodecAssert.roundTrip;
import static io.pgfast.codec.testing.CodecAssert.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BoolCodecTest {

    @Test
    void decodesBothFormats() {
        assertThat(text(Oid.BOOL, "t")).isEqualTo(true);
        assertThat(text(Oid.BOOL, "f")).isEqualTo(false);
        assertThat(binary(Oid.BOOL, hex("01"))).isEqualTo(true);   // boolsend: 1
        assertThat(binary(Oid.BOOL, hex("00"))).isEqualTo(false);  // boolsend: 0
        assertThat(binary(Oid.BOOL, String.class, hex("01"))).isEqualTo("t");
        assertThat(text(Oid.BOOL, String.class, "f")).isEqualTo("f");
        assertThat(REGISTRY.javaType(Oid.BOOL)).isEqualTo(Boolean.class);
        assertThat(REGISTRY.decoder(Oid.BOOL, Format.TEXT, boolean.class)).isSameAs(REGISTRY.decoder(Oid.BOOL, Format.TEXT, Boolean.class));
    }

    @Test
    void encodesBinary() {
        assertThat(encode(true)).isEqualTo(hex("01"));
        assertThat(encode(false)).isEqualTo(hex("00"));
        assertThat(REGISTRY.encoder(Boolean.class).oid(true)).isEqualTo(Oid.BOOL);
        assertThat(REGISTRY.nullOid(Boolean.class)).isEqualTo(Oid.BOOL);
        assertThat(REGISTRY.nullOid(boolean.class)).isEqualTo(Oid.BOOL);
    }

    @Test
    void rejectsMalformedValues() {
        assertThatThrownBy(() -> text(Oid.BOOL, "true")).isInstanceOf(CodecException.class).hasMessage("invalid bool text value 'true'");
        assertThatThrownBy(() -> text(Oid.BOOL, "")).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> binary(Oid.BOOL, hex("0100"))).isInstanceOf(CodecException.class)
                .hasMessage("bool binary value must be 1 byte, was 2");
    }

    @Property(tries = 20)
    void roundTrips(@ForAll boolean value) {
        assertThat(roundTrip(value, Boolean.class)).isEqualTo(value);
    }
}
