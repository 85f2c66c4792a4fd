package io.pgfast.it;

import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Types that exist only in the database are looked up on the factory's first connection. */
@RequiresPostgres
class TypeDiscoveryTest {

    @BeforeAll
    static void createTypes() {
        TestDb.server().execute(
                "DROP DOMAIN IF EXISTS pgfast_positive CASCADE",
                "CREATE DOMAIN pgfast_positive AS int4 CHECK (VALUE > 0)",
                "DROP TYPE IF EXISTS pgfast_mood CASCADE",
                "CREATE TYPE pgfast_mood AS ENUM ('sad', 'ok', 'happy')");
    }

    @Test
    void aDomainDecodesAsItsBaseTypeInBothFormats() {
        PgfastConnection c = Pg.connect(Pg.config(AuthMethod.SCRAM).build());
        try {
            assertThat(TestDb.one(c, "SELECT 42::pgfast_positive", Object.class)).isEqualTo(42);
            Object binary = reactor.core.publisher.Flux.from(c.createStatement("SELECT $1::pgfast_positive").bind(0, 7).execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0))).single().block();
            assertThat(binary).isEqualTo(7);
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void anEnumDecodesAsString() {
        PgfastConnection c = Pg.connect(Pg.config(AuthMethod.SCRAM).build());
        try {
            assertThat(TestDb.one(c, "SELECT 'happy'::pgfast_mood", Object.class)).isEqualTo("happy");
            Object binary = reactor.core.publisher.Flux.from(c.createStatement("SELECT $1::pgfast_mood").bind(0, "ok").execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0))).single().block();
            assertThat(binary).isEqualTo("ok");
        } finally {
            TestDb.close(c);
        }
    }
}
