package io.pgfast.security;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.flow.BatchedInsert;
import io.pgfast.flow.Binding;
import io.pgfast.it.Pg;
import io.pgfast.protocol.WireFormat;
import io.pgfast.protocol.frontend.Bind;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * CVE-2024-27304 (pgx): a message whose length overflows the Int32 length field is sent with a wrapped length,
 * and the server reads the rest of the value as further messages of the attacker's choosing. Here every message
 * is refused, before anything of it is written, when its length field would exceed
 * {@link WireFormat#MAX_MESSAGE_LENGTH} (PostgreSQL's {@code PQ_LARGE_MESSAGE_LIMIT}, 1 GiB - 2, far below the
 * Int32 range; lengths are summed as longs): a Bind from the known sizes of its values (bytes, ByteBuffers,
 * strings) before it is rendered, and every message again when it ends (a value of unknown size). The
 * statement fails with an {@code R2dbcException} saying why; the connection stays usable. The
 * {@code rewriteBatchedInserts} rewrite splits a chunk rather than merge bindings that fit one Bind each into
 * one that does not. COPY data needs no check: it is sent in CopyData messages of 64 KiB.
 *
 * <p>The oversized values are views of a sparse file ({@link SparseFile}): nothing of them is ever read, so the
 * test needs no gigabytes of memory, and a regression (a value rendered or sent) would show as a failure.
 */
@RequiresPostgres
class Cve2024_27304OversizedMessageTest {

    private static final int GIB_AND_A_HALF = 3 << 29;
    private static final int OVER_A_GIB = (1 << 30) + (1 << 20);
    private static final int HALF_A_GIB = 1 << 29;
    private static final CodecRegistry CODECS = DefaultCodecRegistry.builtins();

    private static SparseFile sparse;
    private static Connection c;
    private static Connection rewriting;

    @BeforeAll
    static void connect() {
        sparse = new SparseFile(GIB_AND_A_HALF);
        c = Pg.connect(Pg.config().rewriteBatchedInserts(false).build());
        rewriting = Pg.connect(Pg.config().rewriteBatchedInserts(true).build());
        TestDb.run(c, "DROP TABLE IF EXISTS sec_big");
        TestDb.run(c, "CREATE TABLE sec_big (n int, b bytea)");
    }

    @AfterAll
    static void close() throws Exception {
        try {
            TestDb.run(c, "DROP TABLE IF EXISTS sec_big");
        } finally {
            TestDb.close(rewriting);
            TestDb.close(c);
            sparse.close();
        }
    }

    @SuppressWarnings("unchecked")
    private static Binding binding(Object... values) {
        Binding b = new Binding(values.length);
        for (int i = 0; i < values.length; i++) {
            b.set(i, values[i], (Encoder<Object>) CODECS.encoder(values[i].getClass()));
        }
        return b;
    }

    @Test
    void cve2024_27304_lengthsAreCheckedAsLongsAgainstTheServersLimit() {
        WireFormat.checkMessageLength(WireFormat.MAX_MESSAGE_LENGTH, 'B');
        assertThatThrownBy(() -> WireFormat.checkMessageLength(WireFormat.MAX_MESSAGE_LENGTH + 1L, 'B'))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Bind");
        // 4 GiB + 10 would wrap to 10 in the Int32 field
        assertThatThrownBy(() -> WireFormat.checkMessageLength((1L << 32) + 10, 'P'))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("4294967306");
    }

    @Test
    void cve2024_27304_bindEncoder_refusesBeforeWritingAByte() {
        ByteBuf out = Unpooled.buffer(16);
        try {
            out.writeByte('S');
            // two values summing past the Int32 range, and one value past the server's 1 GiB
            for (Binding b : new Binding[] {binding(sparse.view(GIB_AND_A_HALF), sparse.view(GIB_AND_A_HALF)),
                binding(sparse.view(OVER_A_GIB)), binding(sparse.view(HALF_A_GIB), "x", sparse.view(HALF_A_GIB))}) {
                assertThatThrownBy(() -> Bind.encode(out, "", "", b, null))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 GiB").hasMessageContaining("nothing was sent");
                assertThat(out.writerIndex()).isEqualTo(1);
                assertThat(out.capacity()).as("nothing rendered").isLessThan(1 << 20);
            }
        } finally {
            out.release();
        }
    }

    @Test
    void cve2024_27304_extendedQuery_oversizedBindFailsTheStatementOnly() {
        Object[][] cases = {
            {sparse.view(GIB_AND_A_HALF), sparse.view(GIB_AND_A_HALF)},
            {sparse.view(OVER_A_GIB), ByteBuffer.wrap(new byte[1])},
            {sparse.view(HALF_A_GIB), sparse.view(HALF_A_GIB)},
        };
        for (int round = 0; round < 2; round++) {
            // the first round prepares the statement (Bind written after the Describe), the second finds it cached
            for (Object[] values : cases) {
                Statement s = c.createStatement("SELECT length($1), length($2)").bind(0, values[0]).bind(1, values[1]);
                assertThatThrownBy(() -> TestDb.rows(s)).isInstanceOf(R2dbcException.class).hasMessageContaining("1 GiB");
                assertThat(TestDb.one(c, "SELECT 1", Integer.class)).as("the connection after the refusal").isEqualTo(1);
            }
        }
        assertThat(TestDb.rows(c.createStatement("SELECT length($1), length($2)").bind(0, ByteBuffer.wrap(new byte[3]))
                .bind(1, ByteBuffer.wrap(new byte[4])))).containsExactly(List.of(3, 4));
    }

    @Test
    void cve2024_27304_unnamedStatements_oversizedBindFailsTheStatementOnly() {
        // without a statement cache, Parse and Bind go out together: neither may be written
        Connection unnamed = Mono.from(new PgfastConnectionFactory(Pg.config().preparedStatementCacheQueries(0).build()).create())
                .block(TestDb.TIMEOUT);
        try {
            Statement s = unnamed.createStatement("SELECT length($1)").bind(0, sparse.view(OVER_A_GIB)).fetchSize(10);
            assertThatThrownBy(() -> TestDb.rows(s)).isInstanceOf(R2dbcException.class).hasMessageContaining("1 GiB");
            assertThat(TestDb.rows(unnamed.createStatement("SELECT length($1)").bind(0, ByteBuffer.wrap(new byte[5])))).containsExactly(List.of(5));
        } finally {
            TestDb.close(unnamed);
        }
    }

    @Test
    void cve2024_27304_statementAddAndRewrite_nothingOfTheBatchRuns() {
        for (Connection conn : new Connection[] {c, rewriting}) {
            Statement s = conn.createStatement("INSERT INTO sec_big (n, b) VALUES ($1, $2)");
            s.bind(0, 1).bind(1, ByteBuffer.wrap(new byte[1])).add();
            s.bind(0, 2).bind(1, sparse.view(OVER_A_GIB)).add();
            s.bind(0, 3).bind(1, ByteBuffer.wrap(new byte[1]));
            assertThatThrownBy(() -> Flux.from(s.execute()).concatMap(Result::getRowsUpdated).blockLast(TestDb.TIMEOUT))
                    .isInstanceOf(R2dbcException.class).hasMessageContaining("1 GiB");
            assertThat(TestDb.one(conn, "SELECT count(*) FROM sec_big", Long.class)).as("rows of the refused batch").isZero();
        }
    }

    @Test
    void cve2024_27304_rewriteBatchedInserts_splitsInsteadOfMergingPastTheLimit() {
        BatchedInsert insert = BatchedInsert.of("INSERT INTO sec_big (n, b) VALUES ($1, $2)", 2);
        List<Binding> big = new ArrayList<>();
        List<Binding> small = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            // 4 x 400 MiB: 1.6 GiB as one chunk, 800 MiB as two
            big.add(binding(i, sparse.view(400 << 20)));
            small.add(binding(i, sparse.view(100 << 20)));
        }
        assertThat(insert.rewrite(big)).extracting(Binding::count).containsExactly(4, 4);
        assertThat(insert.rewrite(small)).extracting(Binding::count).containsExactly(8);
    }
}
