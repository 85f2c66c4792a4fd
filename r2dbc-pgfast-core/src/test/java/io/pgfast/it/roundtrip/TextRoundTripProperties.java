package io.pgfast.it.roundtrip;

import io.pgfast.codec.type.Json;
import io.pgfast.testing.RequiresPostgres;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.util.UUID;
import java.util.function.Function;

/** text (any Unicode but NUL), bytea, uuid and jsonb, bound and read back in both formats. */
@RequiresPostgres
@Tag(RequiresPostgres.TAG)
class TextRoundTripProperties {

    private static RoundTrip db;

    @BeforeContainer
    static void open() {
        db = RoundTrip.open();
    }

    @AfterContainer
    static void close() {
        if (db != null) {
            db.close();
        }
    }

    @Provide
    Arbitrary<String> strings() {
        return Generators.unicodeStrings(200);
    }

    @Property(tries = 100)
    void text(@ForAll("strings") String v) {
        db.check("text", v, String.class, v);
    }

    @Provide
    Arbitrary<byte[]> bytes() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(300);
    }

    @Property(tries = 100)
    void bytea(@ForAll("bytes") byte[] v) {
        db.check("bytea", v, byte[].class, ServerText.bytea(v));
    }

    @Provide
    Arbitrary<UUID> uuids() {
        return Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as(UUID::new);
    }

    @Property(tries = 100)
    void uuid(@ForAll("uuids") UUID v) {
        db.check("uuid", v, UUID.class, v.toString());
    }

    @Provide
    Arbitrary<String> jsonb() {
        return Generators.canonicalJsonb();
    }

    /** A document already in jsonb's own text form comes back as exactly that text. */
    @Property(tries = 100)
    void jsonb(@ForAll("jsonb") String canonical) {
        Json v = Json.of(canonical);
        db.check("jsonb", v, Json.class, v, canonical, Json::asString);
    }
}
