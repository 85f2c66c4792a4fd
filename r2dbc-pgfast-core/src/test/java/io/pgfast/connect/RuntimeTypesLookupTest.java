package io.pgfast.connect;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.PgType;
import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.SslMode;
import io.pgfast.flow.CommandFlow;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link RuntimeTypes} against the real server: one round trip per new set of OIDs, coalesced, absent OIDs remembered. */
@RequiresPostgres
class RuntimeTypesLookupTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private Session session;

    @BeforeAll
    static void createTypes() {
        TestPostgres.get().execute(
                "CREATE EXTENSION IF NOT EXISTS ltree",
                "DROP SCHEMA IF EXISTS rtl CASCADE",
                "CREATE SCHEMA rtl",
                "GRANT ALL ON SCHEMA rtl TO PUBLIC");
    }

    @BeforeEach
    void connect() {
        TestServer s = TestPostgres.get();
        TestRole r = s.role(AuthMethod.SCRAM);
        PgfastConnectionConfiguration config = PgfastConnectionConfiguration.builder()
                .host(s.host()).port(s.port()).database(s.database())
                .username(r.user()).password(r.password()).sslMode(SslMode.DISABLE).build();
        session = new ConnectionBootstrap(config, DefaultCodecRegistry.builtins()).connect().block(TIMEOUT);
    }

    @AfterEach
    void close() {
        session.transport().close().block(TIMEOUT);
    }

    private int oid(String type) {
        List<List<String[]>> rows = CommandFlow.textRows(session.transport(), "SELECT '" + type + "'::regtype::oid").block(TIMEOUT);
        return (int) Long.parseLong(rows.get(0).get(0)[0]);
    }

    @Test
    void aTypeCreatedLaterIsLookedUpOnceWithItsElementAndAttributeTypes() {
        TestPostgres.get().execute(
                "CREATE TYPE rtl.color AS ENUM ('red', 'green')",
                "CREATE TYPE rtl.pixel AS (c rtl.color, tags ltree[])");
        RuntimeTypes types = session.types();
        int pixelArray = oid("rtl.pixel[]");
        assertThat(types.unknown(types.registry(), new int[] {23, pixelArray, pixelArray})).containsExactly(pixelArray);

        CodecRegistry extended = types.resolve(session.transport(), new int[] {pixelArray}).block(TIMEOUT);

        assertThat(types.lookups()).isEqualTo(1);
        assertThat(extended).isSameAs(types.registry());
        PgType pixel = extended.type(extended.type(pixelArray).orElseThrow().elementOid()).orElseThrow();
        assertThat(pixel.kind()).isEqualTo(PgType.Kind.COMPOSITE);
        assertThat(extended.typeName(pixel.attributes().get(0).typeOid())).isEqualTo("color");
        assertThat(extended.type(oid("ltree[]"))).isPresent();
        assertThat(extended.type(oid("ltree"))).isPresent();
        assertThat(types.unknown(extended, new int[] {pixelArray, oid("rtl.color"), oid("ltree[]")})).isNull();
    }

    @Test
    void concurrentLookupsOfOneOidAreOneRoundTrip() {
        TestPostgres.get().execute("CREATE DOMAIN rtl.small AS int2");
        RuntimeTypes types = session.types();
        int small = oid("rtl.small");
        Mono<CodecRegistry> first = types.resolve(session.transport(), new int[] {small});
        Mono<CodecRegistry> second = types.resolve(session.transport(), new int[] {small});
        Mono.when(first, second).block(TIMEOUT);
        assertThat(types.lookups()).isEqualTo(1);
        assertThat(types.registry().javaType(small)).isEqualTo(Short.class);
    }

    @Test
    void anOidTheCatalogDoesNotHaveIsNotLookedUpAgain() {
        RuntimeTypes types = session.types();
        int missing = (int) 4_000_000_000L;
        assertThat(types.unknown(types.registry(), new int[] {missing})).containsExactly(missing);
        types.resolve(session.transport(), new int[] {missing}).block(TIMEOUT);
        assertThat(types.lookups()).isEqualTo(1);
        assertThat(types.unknown(types.registry(), new int[] {missing})).isNull();
    }

    @Test
    void theLookupQueryOfServersBefore14AsksNoMultirangeColumnsAndAMultirangeBringsItsRange() {
        TestPostgres.get().execute("CREATE TYPE rtl.span AS RANGE (subtype = int8)");
        List<PgType> before14 = TypeDiscovery.lookUp(session.transport(), new int[] {oid("rtl.span[]")}, 12).block(TIMEOUT);
        assertThat(before14).extracting(PgType::name).containsExactlyInAnyOrder("span", "_span");
        if (TestPostgres.get().majorVersion() < 14) {
            return; // multiranges came with PostgreSQL 14
        }
        List<PgType> multirange = TypeDiscovery.lookUp(session.transport(), new int[] {oid("rtl.span_multirange")}, 17).block(TIMEOUT);
        assertThat(multirange).extracting(PgType::name).contains("span_multirange", "span");
    }
}
