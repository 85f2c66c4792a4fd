package io.pgfast.codec.builtin;

import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;
import java.util.List;

/**
 * Types as the core discovers them in a database (OIDs from the PostgreSQL 15 test database the
 * golden bytes came from): hstore, {@code CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy day')},
 * {@code CREATE TYPE pair AS (a int4, b text)}, a domain over int4, and their array types.
 */
final class DiscoveredTypes {

    static final PgType HSTORE = PgType.builder(16385, "hstore").schema("public").arrayOid(16390).build();
    static final PgType HSTORE_ARRAY = PgType.builder(16390, "_hstore").schema("public").category('A').elementOid(16385).build();
    static final PgType MOOD = PgType.builder(16527, "mood").schema("public").kind(PgType.Kind.ENUM).category('E')
            .arrayOid(16526).enumLabels(List.of("sad", "ok", "happy day")).build();
    static final PgType MOOD_ARRAY = PgType.builder(16526, "_mood").schema("public").category('A').elementOid(16527).build();
    static final PgType PAIR = PgType.builder(16535, "pair").schema("public").kind(PgType.Kind.COMPOSITE).category('C')
            .arrayOid(16534).attributes(List.of(new PgType.Attribute("a", Oid.INT4), new PgType.Attribute("b", Oid.TEXT))).build();
    static final PgType PAIR_ARRAY = PgType.builder(16534, "_pair").schema("public").category('A').elementOid(16535).build();
    static final PgType POSITIVE = PgType.builder(16537, "positive").schema("public").kind(PgType.Kind.DOMAIN).category('N')
            .length((short) 4).baseOid(Oid.INT4).arrayOid(16536).build();
    static final PgType POSITIVE_ARRAY = PgType.builder(16536, "_positive").schema("public").category('A').elementOid(16537).build();

    static final CodecRegistry REGISTRY = DefaultCodecRegistry.builtins()
            .withTypes(List.of(HSTORE, HSTORE_ARRAY, MOOD, MOOD_ARRAY, PAIR, PAIR_ARRAY, POSITIVE, POSITIVE_ARRAY));

    private DiscoveredTypes() {
    }
}
