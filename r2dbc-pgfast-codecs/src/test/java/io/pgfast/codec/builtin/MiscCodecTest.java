package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.Format;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Json;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import static io.pgfast.codec.testing.CodecAssert.REGISTRY;
import static io.pgfast.codec.testing.CodecAssert.binary;
import static io.pgfast.codec.testing.CodecAssert.encode;
import static io.pgfast.codec.testing.CodecAssert.encodeAs;
import static io.pgfast.codec.testing.CodecAssert.hex;
import static io.pgfast.codec.testing.CodecAssert.text;
import static io.pgfast.codec.testing.CodecAssert.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** json/jsonb, money, oid-like types and Java enums. */
class MiscCodecTest {

    @Test
    void jsonAndJsonbInBothFormats() {
        // jsonb_send('{"a":1}'): version 1, then the text as the server normalised it
        byte[] jsonb = hex("01 7b2261223a20317d");
        assertThat(binary(Oid.JSONB, jsonb)).isEqualTo("{\"a\": 1}");
        assertThat(binary(Oid.JSONB, byte[].class, jsonb)).isEqualTo(utf8("{\"a\": 1}"));
        assertThat(binary(Oid.JSONB, ByteBuffer.class, jsonb)).isEqualTo(ByteBuffer.wrap(utf8("{\"a\": 1}")));
        assertThat(binary(Oid.JSONB, Json.class, jsonb)).isEqualTo(Json.of("{\"a\": 1}"));
        assertThat(text(Oid.JSONB, "{\"a\": \"é\"}")).isEqualTo("{\"a\": \"é\"}");
        assertThat(binary(Oid.JSON, utf8("[1, 2]"))).isEqualTo("[1, 2]");
        assertThat(text(Oid.JSON, Json.class, "[1]")).isEqualTo(Json.of(utf8("[1]")));
        assertThatThrownBy(() -> binary(Oid.JSONB, hex("02 7b7d"))).isInstanceOf(CodecException.class)
                .hasMessage("unsupported jsonb binary format version 2 (this driver reads version 1)");
        assertThatThrownBy(() -> binary(Oid.JSONB, new byte[0])).isInstanceOf(CodecException.class);
    }

    @Test
    void jsonBindsAsJsonb() {
        assertThat(encode(Json.of("{\"a\":1}"))).isEqualTo(hex("01 7b2261223a317d"));
        assertThat(REGISTRY.encoder(Json.class).oid(Json.of("1"))).isEqualTo(Oid.JSONB);
        assertThat(REGISTRY.encoder(Json.class).format()).isEqualTo(Format.BINARY);
        assertThat(encodeAs(Oid.JSON, Json.of("{}"))).isEqualTo(utf8("{}"));
        assertThat(REGISTRY.encoder(Oid.JSON, Json.class).oid(Json.of("1"))).isEqualTo(Oid.JSON);
    }

    @Property(tries = 100)
    void jsonRoundTrips(@ForAll String document) {
        String expected = Json.of(utf8(document)).asString();
        assertThat(binary(Oid.JSONB, Json.class, encode(Json.of(document)))).isEqualTo(Json.of(expected));
    }

    @Test
    void moneyIsTextOnly() {
        assertThat(text(Oid.MONEY, "$1,234.56")).isEqualTo("$1,234.56");
        assertThat(REGISTRY.binaryDecodable(Oid.MONEY)).isFalse();
        assertThatThrownBy(() -> REGISTRY.decoder(Oid.MONEY, Format.TEXT, BigDecimal.class)).isInstanceOf(IllegalArgumentException.class);
        assertThat(encodeAs(Oid.MONEY, new BigDecimal("-12.50"))).isEqualTo(utf8("-12.50"));
        assertThat(REGISTRY.encoder(Oid.MONEY, BigDecimal.class).format()).isEqualTo(Format.TEXT);
    }

    @Test
    void objectIdentifiers() {
        assertThat(REGISTRY.javaType(Oid.OID)).isEqualTo(Long.class);
        assertThat(binary(Oid.OID, hex("ffffffff"))).isEqualTo(4294967295L);   // oidsend(4294967295)
        assertThat(text(Oid.OID, "4294967295")).isEqualTo(4294967295L);
        assertThat(binary(Oid.XID, Integer.class, hex("0000002a"))).isEqualTo(42);
        assertThat(binary(Oid.OID, String.class, hex("ffffffff"))).isEqualTo("4294967295");
        assertThat(binary(Oid.XID8, hex("0000000100000000"))).isEqualTo(4294967296L);
        assertThatThrownBy(() -> binary(Oid.OID, Integer.class, hex("ffffffff"))).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> text(Oid.OID, "4294967296")).isInstanceOf(CodecException.class).hasMessageContaining("oid");
        assertThatThrownBy(() -> text(Oid.CID, "-1")).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> binary(Oid.XID8, hex("ffffffffffffffff"))).isInstanceOf(CodecException.class)
                .hasMessageContaining("18446744073709551615");
        assertThat(encodeAs(Oid.OID, 4294967295L)).isEqualTo(hex("ffffffff"));
        assertThatThrownBy(() -> encodeAs(Oid.OID, -1L)).isInstanceOf(CodecException.class);
        // a Long binds as int8 unless the parameter is typed
        assertThat(REGISTRY.nullOid(Long.class)).isEqualTo(Oid.INT8);
    }

    @Property(tries = 100)
    void objectIdentifiersRoundTrip(@ForAll @LongRange(min = 0, max = 4294967295L) long oid) {
        assertThat(binary(Oid.OID, encodeAs(Oid.OID, oid))).isEqualTo(oid);
        assertThat(text(Oid.OID, Long.toString(oid))).isEqualTo(oid);
        assertThat(binary(Oid.XID8, encodeAs(Oid.XID8, oid))).isEqualTo(oid);
    }

    @Test
    void oidAliasesAreTextNames() {
        assertThat(REGISTRY.javaType(Oid.REGCLASS)).isEqualTo(String.class);
        assertThat(REGISTRY.binaryDecodable(Oid.REGCLASS)).isFalse();
        assertThat(text(Oid.REGCLASS, "pg_class")).isEqualTo("pg_class");
        assertThat(text(Oid.REGTYPE, "integer")).isEqualTo("integer");
        assertThat(REGISTRY.encoder(Oid.REGCLASS, String.class).oid("pg_class")).isEqualTo(Oid.REGCLASS);
    }

    @Test
    void javaEnumsBindAsUnspecifiedText() {
        assertThat(encode(TimeUnit.SECONDS)).isEqualTo(utf8("SECONDS"));
        assertThat(REGISTRY.encoder(TimeUnit.class).oid(TimeUnit.SECONDS)).isEqualTo(Oid.UNSPECIFIED);
        assertThat(REGISTRY.encoder(TimeUnit.class).format()).isEqualTo(Format.TEXT);
        // a constant with a body is a subclass of its enum
        assertThat(encode(WithBody.A)).isEqualTo(utf8("A"));
        assertThat(REGISTRY.nullOid(TimeUnit.class)).isZero();
    }

    enum WithBody {
        A {
            @Override
            int value() {
                return 1;
            }
        };

        abstract int value();
    }
}
