package io.pgfast.r2dbc.migration;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.Codec;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.type.Circle;
import io.pgfast.codec.type.Interval;
import io.pgfast.codec.type.Json;
import io.pgfast.codec.type.PgVector;
import io.pgfast.codec.type.Point;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.PrecisionModel;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * The code of docs/migrating-from-r2dbc-postgresql.md: each block between a {@code // guide: begin}
 * and {@code // guide: end} marker is a code block of the guide, word for word (indentation aside,
 * see MigrationGuideTest), and MigrationGuideTest runs every method here against the server (those of the
 * PostGIS and pgvector sections: ExtensionExamplesTest, on servers that have them).
 */
public final class MigrationExamples {

    private MigrationExamples() {
    }

    static ConnectionFactory unchangedUrl(String url) {
        // guide: begin
        ConnectionFactory factory = ConnectionFactories.get(url); // e.g. "r2dbc:postgresql://app@db:5432/shop?schema=app"
        // guide: end
        return factory;
    }

    static Mono<String> json(Connection connection) {
        // guide: begin
        Mono<String> plan = Flux.from(connection.createStatement("SELECT $1::jsonb ->> 'plan' AS plan, $1::jsonb AS doc")
                        .bind(0, Json.of("{\"plan\": \"pro\"}"))
                        .execute())
                .concatMap(result -> result.map((row, meta) -> row.get("plan", String.class) + " in "
                        + row.get("doc", Json.class).asString()))
                .single();
        // guide: end
        return plan;
    }

    static Mono<Duration> interval(Connection connection) {
        // guide: begin
        Mono<Duration> doubled = Flux.from(connection.createStatement("SELECT $1::interval * 2")
                        .bind(0, Interval.of(Duration.ofMinutes(45)))
                        .execute())
                .concatMap(result -> result.map((row, meta) -> row.get(0, Interval.class).toDuration()))
                .single();
        // guide: end
        return doubled;
    }

    static Mono<String> geometric(Connection connection) {
        // guide: begin
        Mono<String> shapes = Flux.from(connection.createStatement("SELECT $1::point AS p, circle($1::point, 2) AS c")
                        .bind(0, new Point(1, 2))
                        .execute())
                .concatMap(result -> result.map((row, meta) -> {
                    Point p = row.get("p", Point.class);
                    Circle c = row.get("c", Circle.class);
                    return p.x() + "," + p.y() + " r=" + c.radius();
                }))
                .single();
        // guide: end
        return shapes;
    }

    static Mono<Geometry> postgis(Connection connection) {
        // the table is created by the test: shop (location geometry), PostGIS installed
        // guide: begin
        GeometryFactory wgs84 = new GeometryFactory(new PrecisionModel(), 4326);
        Mono<Geometry> nearest = Flux.from(connection.createStatement(
                        "SELECT location FROM shop ORDER BY location <-> $1 LIMIT 1")
                        .bind(0, wgs84.createPoint(new Coordinate(2.35, 48.85)))
                        .execute())
                .concatMap(result -> result.map((row, meta) -> row.get("location", Geometry.class)))
                .single();
        // guide: end
        return nearest;
    }

    static Mono<List<Long>> pgvector(Connection connection, float[] embedding) {
        // the table is created by the test: item (id int8, embedding vector), pgvector installed
        // guide: begin
        Mono<List<Long>> similar = Flux.from(connection.createStatement(
                        "SELECT id FROM item ORDER BY embedding <=> $1 LIMIT 5")
                        .bind(0, PgVector.of(embedding)) // float[] from the model
                        .execute())
                .concatMap(result -> result.map((row, meta) -> row.get("id", Long.class)))
                .collectList();
        // guide: end
        return similar;
    }

    // guide: begin
    enum Mood { HAPPY, SAD }
    // guide: end

    static Mono<List<Object>> enums(Connection connection) {
        // the type is created by the test: CREATE TYPE mood AS ENUM ('HAPPY', 'SAD')
        // guide: begin
        Mono<List<Object>> moods = Flux.from(connection.createStatement("SELECT $1::mood AS m")
                        .bind(0, Mood.HAPPY) // sent as its name()
                        .execute())
                .concatMap(result -> result.map((row, meta) -> List.<Object>of(
                        row.get("m", Mood.class),   // the constant of that name
                        row.get("m"))))             // by default, the label as a String
                .single();
        // guide: end
        return moods;
    }

    // guide: begin
    /** An application type for the PostgreSQL type sku (here an enum): the codecs SPI. */
    record Sku(String code) {
    }

    static final class SkuCodec implements Codec {

        @Override
        public boolean handles(PgType type) {
            return type.name().equals("sku");
        }

        @Override
        public Set<String> typeNames() {
            return Set.of("sku"); // discovered in pg_type when a connection opens
        }

        @Override
        public Class<?> javaType(PgType type, CodecRegistry registry) {
            return Sku.class;
        }

        @Override
        public boolean binary(PgType type, CodecRegistry registry) {
            return false; // ask for text
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
            if (format != Format.TEXT || !target.isAssignableFrom(Sku.class)) {
                return null;
            }
            // absolute reads only: the buffer is recycled after the row is mapped
            return (Decoder<T>) (Decoder<Sku>) (buf, index, length) -> new Sku(buf.toString(index, length, StandardCharsets.UTF_8));
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
            if (valueClass != Sku.class) {
                return null;
            }
            return (Encoder<T>) new Encoder<Sku>() {
                @Override
                public int oid(Sku value) {
                    return 0; // unspecified: the server takes the type from the statement
                }

                @Override
                public Format format() {
                    return Format.TEXT;
                }

                @Override
                public void encode(Sku value, ByteBuf out) {
                    out.writeCharSequence(value.code(), StandardCharsets.UTF_8);
                }
            };
        }
    }
    // guide: end

    static PgfastConnectionConfiguration codecs(PgfastConnectionConfigurationBuilder connectionSettings) {
        // guide: begin
        PgfastConnectionConfiguration configuration = connectionSettings // host, user, ... as usual
                .codecs(new SkuCodec())
                .build();
        // guide: end
        return configuration;
    }
}
