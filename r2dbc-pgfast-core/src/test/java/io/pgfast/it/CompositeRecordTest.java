package io.pgfast.it;

import io.pgfast.codec.type.Record;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

import java.math.BigDecimal;
import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A composite type read as the driver's Record value type, and mapped onto a Java record class on request. */
@RequiresPostgres
class CompositeRecordTest {

    record Money(BigDecimal amount, String currency, LocalDate since) {
    }

    record TooShort(BigDecimal amount) {
    }

    @BeforeAll
    static void createType() {
        TestDb.server().execute("DROP TYPE IF EXISTS pgfast_money CASCADE",
                "CREATE TYPE pgfast_money AS (amount numeric(12,2), currency text, since date)");
    }

    private static <T> T read(PgfastConnection c, String sql, boolean binary, Class<T> type) {
        return Flux.from((binary ? c.createStatement(sql + " WHERE $1 = 1").bind(0, 1) : c.createStatement(sql)).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, type))).single().block(TestDb.TIMEOUT);
    }

    @Test
    void aCompositeMapsOntoAJavaRecordInBothFormats() {
        PgfastConnection c = Pg.connect(Pg.config(AuthMethod.SCRAM).build());
        try {
            String sql = "SELECT ROW(12.5, 'EUR, \"quoted\"', DATE '2024-02-29')::pgfast_money";
            Money expected = new Money(new BigDecimal("12.50"), "EUR, \"quoted\"", LocalDate.of(2024, 2, 29));
            assertThat(read(c, sql, false, Money.class)).isEqualTo(expected);
            assertThat(read(c, sql, true, Money.class)).isEqualTo(expected);
            Record plain = read(c, sql, true, Record.class);
            assertThat(plain.size()).isEqualTo(3);
            assertThat(read(c, "SELECT ROW(NULL, NULL, NULL)::pgfast_money", true, Money.class)).isEqualTo(new Money(null, null, null));
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void aRecordClassWithTheWrongShapeIsRefusedClearly() {
        PgfastConnection c = Pg.connect(Pg.config(AuthMethod.SCRAM).build());
        try {
            assertThatThrownBy(() -> read(c, "SELECT ROW(1, 'x', DATE '2020-01-01')::pgfast_money", true, TooShort.class))
                    .hasMessageContaining("3 attributes").hasMessageContaining("1 components");
        } finally {
            TestDb.close(c);
        }
    }
}
