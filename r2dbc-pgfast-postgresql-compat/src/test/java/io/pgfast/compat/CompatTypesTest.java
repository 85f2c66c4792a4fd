package io.pgfast.compat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.compat.internal.CompatTypes;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.codec.type.PgVector;
import io.r2dbc.postgresql.codec.Box;
import io.r2dbc.postgresql.codec.Circle;
import io.r2dbc.postgresql.codec.Interval;
import io.r2dbc.postgresql.codec.Json;
import io.r2dbc.postgresql.codec.Line;
import io.r2dbc.postgresql.codec.Lseg;
import io.r2dbc.postgresql.codec.Path;
import io.r2dbc.postgresql.codec.Point;
import io.r2dbc.postgresql.codec.Polygon;
import io.r2dbc.postgresql.codec.Vector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * r2dbc-postgresql's value classes (here from r2dbc-pgfast-postgresql-compat) through the registry: the encoder of
 * each class and of its subclasses, the decoder of each as a column's requested class, in both formats, checked
 * against the bytes the driver's own types give.
 */
class CompatTypesTest {

    private static final CodecRegistry REGISTRY = DefaultCodecRegistry.builtins();
    private static final PgType VECTOR = PgType.builder(16390, "vector").schema("public").arrayOid(16397).build();
    private static final PgType HALFVEC = PgType.builder(16710, "halfvec").schema("public").arrayOid(16717).build();

    @SuppressWarnings("unchecked")
    private static byte[] encode(CodecRegistry registry, Object value) {
        return write((Encoder<Object>) registry.encoder(value.getClass()), value);
    }

    private static byte[] write(Encoder<Object> encoder, Object value) {
        ByteBuf out = Unpooled.buffer();
        try {
            encoder.encode(value, out);
            return ByteBufUtil.getBytes(out);
        } finally {
            out.release();
        }
    }

    private static <T> T decode(CodecRegistry registry, int oid, Format format, Class<T> type, byte[] bytes) {
        Decoder<T> decoder = registry.decoder(oid, format, type);
        ByteBuf in = Unpooled.buffer(bytes.length + 4).writeInt(0xEEEEEEEE).writeBytes(bytes);
        try {
            return decoder.decode(in, 4, bytes.length);
        } finally {
            in.release();
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] jsonb(String doc) {
        byte[] text = utf8(doc);
        byte[] out = new byte[text.length + 1];
        out[0] = 1; // jsonb version
        System.arraycopy(text, 0, out, 1, text.length);
        return out;
    }

    enum JsonForm {
        STRING, BYTES, BYTE_BUFFER, BYTE_BUF, INPUT_STREAM;

        Json make(String doc) {
            switch (this) {
                case STRING: return Json.of(doc);
                case BYTES: return Json.of(utf8(doc));
                case BYTE_BUFFER: return Json.of(ByteBuffer.wrap(utf8(doc)));
                case BYTE_BUF: return Json.of(Unpooled.copiedBuffer(utf8(doc)));
                default: return Json.of(new ByteArrayInputStream(utf8(doc)));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(JsonForm.class)
    void everyJsonFormIsSentAsTextOfUnspecifiedTypeAndInBinaryWhenTyped(JsonForm form) {
        String doc = "{\"k\":  [1, \"ü\"]}";
        Json json = form.make(doc);
        @SuppressWarnings("unchecked")
        Encoder<Object> untyped = (Encoder<Object>) (Encoder<?>) REGISTRY.encoder(json.getClass());
        // the server takes it as json or jsonb, whichever the statement needs: a json column keeps the spacing
        assertThat(untyped.oid(json)).isEqualTo(Oid.UNSPECIFIED);
        assertThat(untyped.format()).isEqualTo(Format.TEXT);
        assertThat(REGISTRY.nullOid(Json.class)).isEqualTo(Oid.UNSPECIFIED);
        assertThat(write(untyped, json)).isEqualTo(utf8(doc));

        @SuppressWarnings("unchecked")
        Encoder<Object> typedJson = (Encoder<Object>) (Encoder<?>) REGISTRY.encoder(Oid.JSON, json.getClass());
        assertThat(typedJson.oid(form.make(doc))).isEqualTo(Oid.JSON);
        assertThat(typedJson.format()).isEqualTo(Format.BINARY);
        assertThat(write(typedJson, form.make(doc))).isEqualTo(utf8(doc));
        @SuppressWarnings("unchecked")
        Encoder<Object> typedJsonb = (Encoder<Object>) (Encoder<?>) REGISTRY.encoder(Oid.JSONB, json.getClass());
        assertThat(typedJsonb.oid(form.make(doc))).isEqualTo(Oid.JSONB);
        assertThat(write(typedJsonb, form.make(doc))).isEqualTo(jsonb(doc));
    }

    @Test
    void aJsonOfAByteBufIsReleasedOnceWrittenAndRefusedAfterwards() {
        ByteBuf buf = Unpooled.copiedBuffer(utf8("[1]"));
        Json json = Json.of(buf);
        assertThat(encode(REGISTRY, json)).isEqualTo(utf8("[1]"));
        assertThat(buf.refCnt()).isZero();
        assertThatThrownBy(() -> encode(REGISTRY, json)).isInstanceOf(CodecException.class)
                .hasMessageContaining("released");
    }

    @Test
    void jsonReadsFromJsonAndJsonbInBothFormats() {
        String doc = "{\"a\": \"ü\"}";
        assertThat(decode(REGISTRY, Oid.JSONB, Format.BINARY, Json.class, jsonb(doc)).asString()).isEqualTo(doc);
        assertThat(decode(REGISTRY, Oid.JSONB, Format.TEXT, Json.class, utf8(doc)).asString()).isEqualTo(doc);
        assertThat(decode(REGISTRY, Oid.JSON, Format.BINARY, Json.class, utf8(doc)).asString()).isEqualTo(doc);
        assertThat(decode(REGISTRY, Oid.JSON, Format.TEXT, Json.class, utf8(doc)).asArray()).isEqualTo(utf8(doc));
        assertThat(REGISTRY.javaType(Oid.JSONB)).as("the default stays the driver's").isEqualTo(String.class);
    }

    @Test
    void onlyTheTypesAClassStandsForDecodeToIt() {
        assertThatThrownBy(() -> REGISTRY.decoder(Oid.BYTEA, Format.BINARY, Json.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot decode bytea (oid 17) as io.r2dbc.postgresql.codec.Json");
        assertThatThrownBy(() -> REGISTRY.decoder(Oid.INT4, Format.BINARY, Point.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot decode int4 (oid 23) as io.r2dbc.postgresql.codec.Point");
        assertThatThrownBy(() -> REGISTRY.encoder(Oid.TEXT, Point.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot encode io.r2dbc.postgresql.codec.Point as text");
    }

    @Test
    void intervalGoesOutAsMonthsDaysAndMicroseconds() {
        Interval value = Interval.of(1, 14, 43, 25, 70, 61, 500_000);
        byte[] bytes = encode(REGISTRY, value);
        // the driver's own interval of the same length: months 26, days 43, 26:11:01.5
        io.pgfast.codec.type.Interval own = io.pgfast.codec.type.Interval.of(26, 43, ((26 * 60 + 11) * 60 + 1) * 1_000_000L + 500_000);
        assertThat(bytes).isEqualTo(encode(REGISTRY, own));
        assertThat(REGISTRY.nullOid(Interval.class)).isEqualTo(Oid.INTERVAL);

        Interval back = decode(REGISTRY, Oid.INTERVAL, Format.BINARY, Interval.class, bytes);
        assertThat(back).isEqualTo(Interval.of(2, 2, 43, 26, 11, 1, 500_000));
        assertThat(decode(REGISTRY, Oid.INTERVAL, Format.TEXT, Interval.class, utf8("-1 years -2 mons +3 days -04:05:06.5")))
                .isEqualTo(Interval.of(-1, -2, 3, -4, -5, -6, -500_000));
    }

    @Test
    void anIntervalBeyondTheServersRangeIsRefusedSayingWhy() {
        assertThatThrownBy(() -> encode(REGISTRY, Interval.of(Integer.MAX_VALUE, 0, 0, 0, 0, 0, 0)))
                .isInstanceOf(CodecException.class).hasMessageContaining("io.r2dbc.postgresql.codec.Interval");
        // 2^31 hours and more: the server's microseconds hold it, the class's int hours do not
        io.pgfast.codec.type.Interval huge = io.pgfast.codec.type.Interval.of(0, 0, Long.MAX_VALUE);
        byte[] bytes = encode(REGISTRY, huge);
        assertThatThrownBy(() -> decode(REGISTRY, Oid.INTERVAL, Format.BINARY, Interval.class, bytes))
                .isInstanceOf(CodecException.class).hasMessageContaining("io.r2dbc.postgresql.codec.Interval");
    }

    @Test
    void geometricTypesRoundTripThroughTheDriversEncodings() {
        List<Object> values = List.of(Point.of(1.5, -2), Box.of(0, 0, 3, 4), Circle.of(1, 2, 3), Line.of(1, -1, 0.5),
                Lseg.of(1, 2, 3, 4), Path.open(Point.of(0, 0), Point.of(1, 1)), Path.closed(Point.of(0, 0), Point.of(1, 1)),
                Polygon.of(Point.of(0, 0), Point.of(1, 0), Point.of(0, 1)));
        for (Object value : values) {
            @SuppressWarnings("unchecked")
            Encoder<Object> encoder = (Encoder<Object>) REGISTRY.encoder(value.getClass());
            int oid = encoder.oid(value);
            assertThat(REGISTRY.typeName(oid)).as(value.toString()).isEqualTo(value.getClass().getSimpleName().toLowerCase());
            byte[] bytes = write(encoder, value);
            assertThat(decode(REGISTRY, oid, Format.BINARY, value.getClass(), bytes)).as(value.toString()).isEqualTo(value);
        }
        // the server stores the upper right corner first
        Box box = decode(REGISTRY, Oid.BOX, Format.BINARY, Box.class, encode(REGISTRY, Box.of(0, 0, 3, 4)));
        assertThat(box.getA()).isEqualTo(Point.of(3, 4));
        assertThat(decode(REGISTRY, Oid.POINT, Format.TEXT, Point.class, utf8("(1.5,-2)"))).isEqualTo(Point.of(1.5, -2));
        assertThat(decode(REGISTRY, Oid.PATH, Format.TEXT, Path.class, utf8("[(0,0),(1,1)]")).isOpen()).isTrue();
    }

    @Test
    void geometryTheServerWouldRefuseIsRefusedBeforeSending() {
        assertThatThrownBy(() -> encode(REGISTRY, Polygon.of(List.of()))).isInstanceOf(CodecException.class)
                .hasMessageContaining("io.r2dbc.postgresql.codec.Polygon");
    }

    @Test
    void vectorIsSentAsTheDiscoveredTypeElseAsText() {
        Vector value = Vector.of(1, 2.5f, -3);
        @SuppressWarnings("unchecked")
        Encoder<Object> before = (Encoder<Object>) (Encoder<?>) REGISTRY.encoder(Vector.class);
        assertThat(before.oid(value)).isZero();
        assertThat(before.format()).isEqualTo(Format.TEXT);
        assertThat(new String(write(before, value), StandardCharsets.US_ASCII)).isEqualTo("[1,2.5,-3]");

        CodecRegistry discovered = REGISTRY.withTypes(List.of(VECTOR, HALFVEC));
        byte[] bytes = encode(discovered, value);
        assertThat(bytes).isEqualTo(encode(discovered, PgVector.of(1, 2.5f, -3)));
        assertThat(discovered.nullOid(Vector.class)).isEqualTo(VECTOR.oid());
        assertThat(decode(discovered, VECTOR.oid(), Format.BINARY, Vector.class, bytes)).isEqualTo(value);
        assertThat(decode(discovered, VECTOR.oid(), Format.TEXT, Vector.class, utf8("[1,2.5,-3]"))).isEqualTo(value);
        @SuppressWarnings("unchecked")
        Encoder<Object> half = (Encoder<Object>) (Encoder<?>) discovered.encoder(HALFVEC.oid(), Vector.class);
        assertThat(half.oid(value)).isEqualTo(HALFVEC.oid());
        assertThat(decode(discovered, HALFVEC.oid(), Format.BINARY, Vector.class, write(half, value))).isEqualTo(value);
    }

    @Test
    void arraysOfTheClassesUseTheElementEncoderAndDecoder() {
        Point[] points = {Point.of(1, 2), Point.of(3, 4)};
        byte[] bytes = encode(REGISTRY, points);
        assertThat(decode(REGISTRY, Oid.POINT_ARRAY, Format.BINARY, Point[].class, bytes)).containsExactly(points);
    }

    @Test
    void otherClassesAreNotTaken() {
        assertThat(CompatTypes.of(String.class)).isNull();
        assertThat(CompatTypes.of(io.pgfast.codec.type.Point.class)).isNull();
        assertThat(CompatTypes.of(Json.of("1").getClass())).isSameAs(CompatTypes.of(Json.class));
        assertThatThrownBy(() -> REGISTRY.encoder(CompatTypesTest.class)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theServiceMakesTheClassesTheColumnsDefaults() {
        CodecRegistry registry = DefaultCodecRegistry.builder().loadServiceCodecs(CompatTypesTest.class.getClassLoader()).build()
                .withTypes(List.of(VECTOR, HALFVEC));
        assertThat(registry.extensionTypeNames()).contains("vector");
        assertThat(registry.javaType(Oid.JSON)).isEqualTo(Json.class);
        assertThat(registry.javaType(Oid.JSONB)).isEqualTo(Json.class);
        assertThat(registry.javaType(Oid.INTERVAL)).isEqualTo(Interval.class);
        assertThat(registry.javaType(Oid.POINT)).isEqualTo(Point.class);
        assertThat(registry.javaType(Oid.LSEG)).isEqualTo(Lseg.class);
        assertThat(registry.javaType(VECTOR.oid())).isEqualTo(Vector.class);
        assertThat(registry.javaType(HALFVEC.oid())).as("r2dbc-postgresql has no halfvec class").isEqualTo(float[].class);

        byte[] span = encode(registry, Interval.of(0, 0, 1, 2, 0, 0, 0));
        assertThat(decode(registry, Oid.INTERVAL, Format.BINARY, Object.class, span)).isEqualTo(Interval.of(0, 0, 1, 2, 0, 0, 0));
        assertThat(decode(registry, Oid.INTERVAL, Format.BINARY, java.time.Duration.class, span)).isEqualTo(java.time.Duration.ofHours(26));
        assertThat(decode(registry, Oid.INTERVAL, Format.BINARY, io.pgfast.codec.type.Interval.class, span))
                .isEqualTo(io.pgfast.codec.type.Interval.of(0, 1, 7_200_000_000L));
        assertThat(decode(registry, Oid.INTERVAL, Format.BINARY, String.class, span)).isEqualTo("1 day 02:00:00");
        assertThat(((Json) decode(registry, Oid.JSONB, Format.BINARY, Object.class, jsonb("[1]"))).asString()).isEqualTo("[1]");
        assertThat(decode(registry, Oid.JSONB, Format.BINARY, String.class, jsonb("[1]"))).isEqualTo("[1]");
        assertThat(decode(registry, Oid.POINT, Format.TEXT, Object.class, utf8("(1,2)"))).isEqualTo(Point.of(1, 2));
        assertThat(decode(registry, VECTOR.oid(), Format.TEXT, Object.class, utf8("[1,2]"))).isEqualTo(Vector.of(1, 2));
        // binding is the same with or without the service
        assertThat(encode(registry, Json.of("{}"))).isEqualTo(encode(REGISTRY, Json.of("{}")));
        assertThat(encode(registry, io.pgfast.codec.type.Interval.of(1, 2, 3))).isEqualTo(encode(REGISTRY, io.pgfast.codec.type.Interval.of(1, 2, 3)));
    }

    @Test
    void theBuiltInRegistryKeepsTheDriversOwnDefaults() {
        assertThat(REGISTRY.javaType(Oid.JSONB)).isEqualTo(String.class);
        assertThat(REGISTRY.javaType(Oid.INTERVAL)).isEqualTo(io.pgfast.codec.type.Interval.class);
        assertThat(REGISTRY.javaType(Oid.POINT)).isEqualTo(io.pgfast.codec.type.Point.class);
    }

    @Test
    void theCodecNeedsTheClasses() {
        ClassLoader empty = new ClassLoader(null) {
        };
        assertThatThrownBy(() -> new io.pgfast.codec.compat.R2dbcPostgresqlTypes(empty))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("io.r2dbc.postgresql.codec.Json");
    }
}
