package io.pgfast.it;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.Codec;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** A codec registered through the configuration builder decodes and encodes a user's own type. */
@RequiresPostgres
class CustomCodecTest {

    /** An application value type carried in a PostgreSQL enum (RowDescription reports enums by their own OID). */
    record Sku(String code) {
    }

    /** Decodes the enum pgfast_sku (text format) to Sku and encodes Sku as text with OID 0 (the server infers). */
    static final class SkuCodec implements Codec {

        @Override
        public boolean handles(PgType type) {
            return type.name().equals("pgfast_sku");
        }

        @Override
        public java.util.Set<String> typeNames() {
            return java.util.Set.of("pgfast_sku");
        }

        @Override
        public Class<?> javaType(PgType type, CodecRegistry registry) {
            return Sku.class;
        }

        @Override
        public boolean binary(PgType type, CodecRegistry registry) {
            return false;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
            if (format != Format.TEXT || !target.isAssignableFrom(Sku.class)) {
                return null;
            }
            return (Decoder<T>) (Decoder<Sku>) (ByteBuf buf, int index, int length) ->
                    new Sku("SKU-" + buf.toString(index, length, StandardCharsets.UTF_8));
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
                    return 0;
                }

                @Override
                public Format format() {
                    return Format.TEXT;
                }

                @Override
                public void encode(Sku value, ByteBuf out) {
                    out.writeCharSequence(value.code().substring("SKU-".length()), StandardCharsets.UTF_8);
                }
            };
        }
    }

    @Test
    void aRegisteredCodecDecodesAndEncodesItsType() {
        TestDb.server().execute("DROP TYPE IF EXISTS pgfast_sku CASCADE", "CREATE TYPE pgfast_sku AS ENUM ('A17', 'B2')");
        PgfastConnection c = Pg.connect(Pg.config(AuthMethod.SCRAM).codecs(new SkuCodec()).build());
        try {
            Object decoded = TestDb.one(c, "SELECT 'A17'::pgfast_sku", Object.class);
            assertThat(decoded).isEqualTo(new Sku("SKU-A17"));
            Object roundTrip = Flux.from(c.createStatement("SELECT $1::pgfast_sku").bind(0, new Sku("SKU-B2")).execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0))).single().block(TestDb.TIMEOUT);
            assertThat(roundTrip).isEqualTo(new Sku("SKU-B2"));
        } finally {
            TestDb.close(c);
        }
    }
}
