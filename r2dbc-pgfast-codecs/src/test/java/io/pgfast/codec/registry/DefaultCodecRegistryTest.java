package io.pgfast.codec.registry;

import io.pgfast.codec.Codec;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.PgType;
import io.pgfast.codec.Format;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.CodecException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.oid.Oid;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DefaultCodecRegistryTest {

    private final CodecRegistry registry = DefaultCodecRegistry.builtins();

    private static String decode(Decoder<?> decoder, String text) {
        ByteBuf buf = Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
        try {
            return String.valueOf(decoder.decode(buf, 0, buf.readableBytes()));
        } finally {
            buf.release();
        }
    }

    @Test
    void namesBuiltinAndUnknownTypes() {
        assertThat(registry.typeName(Oid.INT4)).isEqualTo("int4");
        assertThat(registry.typeName(Oid.INT4_ARRAY)).isEqualTo("_int4");
        assertThat(registry.typeName(16390)).isEqualTo("unknown (oid 16390)");
        assertThat(registry.typeName(-1)).isEqualTo("unknown (oid 4294967295)");
        assertThat(registry.type(Oid.TEXT)).hasValueSatisfying(t -> assertThat(t.arrayOid()).isEqualTo(Oid.TEXT_ARRAY));
        assertThat(registry.type(16390)).isEmpty();
    }

    @Test
    void builtinTypeTableCarriesArrayAndRangeRelations() {
        PgType array = registry.type(Oid.INT4_ARRAY).orElseThrow();
        assertThat(array.isArray()).isTrue();
        assertThat(array.elementOid()).isEqualTo(Oid.INT4);
        PgType range = registry.type(Oid.INT8RANGE).orElseThrow();
        assertThat(range.kind()).isEqualTo(PgType.Kind.RANGE);
        assertThat(range.rangeSubtypeOid()).isEqualTo(Oid.INT8);
        PgType multirange = registry.type(Oid.INT8MULTIRANGE).orElseThrow();
        assertThat(multirange.rangeOid()).isEqualTo(Oid.INT8RANGE);
        assertThat(registry.type(Oid.BOX).orElseThrow().delimiter()).isEqualTo(';');
        // "name" has typelem char but is not an array
        assertThat(registry.type(Oid.NAME).orElseThrow().isArray()).isFalse();
    }

    /** The core picks binary before it knows the requested class, so String must follow binary everywhere. */
    @Test
    void everyBinaryDecodableTypeAlsoDecodesBinaryAsString() {
        int binary = 0;
        for (PgType type : Oid.builtinTypes()) {
            if (registry.binaryDecodable(type.oid())) {
                binary++;
                assertThat(registry.decoder(type.oid(), Format.BINARY, String.class)).as(type.name()).isNotNull();
                assertThat(registry.decoder(type.oid(), Format.BINARY)).as(type.name()).isNotNull();
                assertThat(registry.javaType(type.oid())).as(type.name()).isNotNull();
            }
            assertThat(registry.decoder(type.oid(), Format.TEXT, String.class)).as(type.name()).isNotNull();
        }
        assertThat(binary).isGreaterThanOrEqualTo(25);
    }

    @Test
    void unknownOidDecodesTextAsStringAndRefusesBinary() {
        assertThat(decode(registry.decoder(16390, Format.TEXT), "héllo")).isEqualTo("héllo");
        assertThat(registry.javaType(16390)).isEqualTo(String.class);
        assertThat(registry.binaryDecodable(16390)).isFalse();
        Decoder<?> binary = registry.decoder(16390, Format.BINARY);
        assertThatThrownBy(() -> decode(binary, "x"))
                .isInstanceOf(CodecException.class)
                .hasMessageContaining("oid 16390");
        assertThat(decode(registry.decoder(16390, Format.TEXT, String.class), "a")).isEqualTo("a");
        assertThat(decode(registry.decoder(16390, Format.TEXT, Object.class), "a")).isEqualTo("a");
        assertThatThrownBy(() -> registry.decoder(16390, Format.TEXT, UUID.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot decode unknown (oid 16390) as java.util.UUID");
    }

    @Test
    void refusesAConversionNoCodecOffers() {
        assertThatThrownBy(() -> registry.decoder(Oid.TEXT, Format.BINARY, UUID.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot decode text (oid 25) as java.util.UUID");
    }

    @Test
    void supertypesOfTheDefaultJavaTypeGetTheDefaultDecoder() {
        Decoder<?> defaults = registry.decoder(Oid.TEXT, Format.TEXT);
        assertThat(registry.decoder(Oid.TEXT, Format.TEXT, CharSequence.class)).isSameAs(defaults);
        assertThat(registry.decoder(Oid.TEXT, Format.TEXT, Object.class)).isSameAs(defaults);
        assertThat(registry.decoder(Oid.TEXT, Format.TEXT, String.class))
                .isSameAs(registry.decoder(Oid.TEXT, Format.TEXT, String.class));
    }

    @Test
    void textOfAnyTypeReadsAsString() {
        // tsvector has no codec: its text still reads as String, its binary is not decodable
        assertThat(decode(registry.decoder(Oid.TSVECTOR, Format.TEXT, String.class), "'a':1")).isEqualTo("'a':1");
        assertThat(registry.binaryDecodable(Oid.TSVECTOR)).isFalse();
        assertThatThrownBy(() -> registry.decoder(Oid.TSVECTOR, Format.BINARY, String.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot decode tsvector (oid 3614) in binary format");
    }

    @Test
    void stringsBindUnspecifiedAndAsAnyStatedType() {
        Encoder<String> encoder = registry.encoder(String.class);
        assertThat(encoder.oid("x")).isZero();
        assertThat(encoder.format()).isEqualTo(Format.TEXT);
        assertThat(registry.encoder(String.class)).isSameAs(encoder);
        assertThat(registry.nullOid(String.class)).isZero();

        Encoder<String> asUuid = registry.encoder(Oid.UUID, String.class);
        assertThat(asUuid.oid("x")).isEqualTo(Oid.UUID);
        assertThat(asUuid.format()).isEqualTo(Format.TEXT);
        ByteBuf out = Unpooled.buffer();
        try {
            asUuid.encode("0000-ü", out);
            assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("0000-ü");
        } finally {
            out.release();
        }
        assertThat(registry.encoder(16390, String.class).oid("x")).isEqualTo(16390);
    }

    @Test
    void refusesToEncodeUnknownClasses() {
        assertThatThrownBy(() -> registry.encoder(Thread.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot encode values of java.lang.Thread");
        assertThat(registry.nullOid(Thread.class)).isZero();
        assertThatThrownBy(() -> registry.encoder(16390, Thread.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot encode java.lang.Thread as unknown (oid 16390)");
    }

    @Test
    void discoveredExtensionTypesFindTheirCodecByName() {
        assertThat(registry.extensionTypeNames()).contains("citext");
        PgType citext = PgType.builder(16500, "citext").schema("public").category('S').build();
        CodecRegistry withCitext = registry.withTypes(List.of(citext));
        assertThat(withCitext.typeName(16500)).isEqualTo("citext");
        assertThat(withCitext.binaryDecodable(16500)).isTrue();
        assertThat(decode(withCitext.decoder(16500, Format.BINARY), "MiXed")).isEqualTo("MiXed");
        // the original registry is unchanged
        assertThat(registry.typeName(16500)).isEqualTo("unknown (oid 16500)");
    }

    @Test
    void domainsDecodeThroughTheirBaseType() {
        PgType email = PgType.builder(16600, "email").kind(PgType.Kind.DOMAIN).baseOid(Oid.TEXT).build();
        PgType shortEmail = PgType.builder(16601, "short_email").kind(PgType.Kind.DOMAIN).baseOid(16600).build();
        CodecRegistry withDomains = registry.withTypes(List.of(email)).withTypes(List.of(shortEmail));
        assertThat(withDomains.typeName(16601)).isEqualTo("short_email");
        assertThat(withDomains.binaryDecodable(16601)).isTrue();
        assertThat(withDomains.javaType(16601)).isEqualTo(String.class);
        assertThat(decode(withDomains.decoder(16601, Format.BINARY), "a@b")).isEqualTo("a@b");
    }

    @Test
    void registeredCodecsTakePrecedenceOverBuiltins() {
        Codec shouting = new UpperCaseTextCodec();
        CodecRegistry custom = DefaultCodecRegistry.builder().register(shouting).build();
        assertThat(decode(custom.decoder(Oid.TEXT, Format.TEXT), "abc")).isEqualTo("ABC");
        assertThat(decode(registry.decoder(Oid.TEXT, Format.TEXT), "abc")).isEqualTo("abc");
        // varchar is not claimed by the custom codec and stays with the built-in
        assertThat(decode(custom.decoder(Oid.VARCHAR, Format.TEXT), "abc")).isEqualTo("abc");
    }

    @Test
    void loadsServiceCodecs() {
        CodecRegistry loaded = DefaultCodecRegistry.builder().loadServiceCodecs(getClass().getClassLoader()).build();
        assertThat(decode(loaded.decoder(Oid.TEXT, Format.TEXT), "abc")).isEqualTo("ABC");
    }

    /** Claims text and decodes it upper-cased; loaded as a service in {@link #loadsServiceCodecs}. */
    public static final class UpperCaseTextCodec implements Codec {
        @Override
        public boolean handles(PgType type) {
            return type.oid() == Oid.TEXT;
        }

        @Override
        public Class<?> javaType(PgType type, CodecRegistry registry) {
            return String.class;
        }

        @Override
        public boolean binary(PgType type, CodecRegistry registry) {
            return false;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
            if (target != String.class) {
                return null;
            }
            return (Decoder<T>) (Decoder<String>) (buf, index, length) ->
                    buf.toString(index, length, StandardCharsets.UTF_8).toUpperCase(java.util.Locale.ROOT);
        }
    }
}
