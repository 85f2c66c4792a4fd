package io.pgfast.reliability;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bound values never become SQL text: bound through the driver, an SQL injection payload arrives as a
 * value (the table it tries to drop is still there and holds it), and on the wire the payload appears
 * only inside Bind messages, never in a Parse or Query message, which carry the SQL. The client's bytes
 * are recorded by {@link FaultProxy} and split into frontend messages here.
 */
@RequiresPostgres
class BoundValueInjectionTest {

    private static final String PAYLOAD = "'; DROP TABLE reliab_victim; --";
    private static final String[] PAYLOADS = {PAYLOAD, "\\'; DROP TABLE reliab_victim; --", "$1); DROP TABLE reliab_victim; --",
        "' OR '1'='1", "\"; DROP TABLE reliab_victim; --"};

    private static FaultProxy proxy;
    private static PgfastConnection c;

    @BeforeAll
    static void connect() {
        proxy = FaultProxy.to(TestDb.server().host(), TestDb.server().port());
        proxy.record();
        c = Pg.connect(Pg.config(AuthMethod.SCRAM, "127.0.0.1", proxy.port()).build());
        TestDb.run(c, "DROP TABLE IF EXISTS reliab_victim");
        TestDb.run(c, "CREATE TABLE reliab_victim (v text, b bytea)");
    }

    @AfterAll
    static void close() {
        try {
            TestDb.run(c, "DROP TABLE IF EXISTS reliab_victim");
            TestDb.close(c);
        } finally {
            proxy.close();
        }
    }

    @Test
    void payloadsArriveAsValuesAndTheTableSurvives() {
        for (String payload : PAYLOADS) {
            List<Long> inserted = Flux.from(c.createStatement("INSERT INTO reliab_victim (v) VALUES ($1)").bind(0, payload).execute())
                    .concatMap(Result::getRowsUpdated).collectList().block(TestDb.TIMEOUT);
            assertThat(inserted).containsExactly(1L);
            assertThat(Flux.from(c.createStatement("SELECT count(*) FROM reliab_victim WHERE v = $1").bind(0, payload).execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, Long.class))).single().block(TestDb.TIMEOUT))
                    .as("rows holding %s", payload).isEqualTo(1L);
        }
        assertThat(TestDb.one(c, "SELECT count(*) FROM pg_tables WHERE tablename = 'reliab_victim'", Long.class)).isEqualTo(1L);
        assertNeverInSql(PAYLOAD);
    }

    @Test
    void aPayloadBoundByNameInSeveralBindingsAndAsBytesStaysAValue() {
        Statement s = c.createStatement("SELECT $1::text, $2::bytea");
        for (int i = 0; i < 3; i++) {
            if (i > 0) {
                s.add();
            }
            s.bind("$1", PAYLOAD + i).bind("$2", ByteBuffer.wrap((PAYLOAD + i).getBytes(StandardCharsets.UTF_8)));
        }
        List<String> echoed = Flux.from(s.execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, String.class) + "|"
                        + StandardCharsets.UTF_8.decode(row.get(1, ByteBuffer.class))))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(echoed).containsExactly(PAYLOAD + "0|" + PAYLOAD + "0", PAYLOAD + "1|" + PAYLOAD + "1", PAYLOAD + "2|" + PAYLOAD + "2");
        assertNeverInSql(PAYLOAD + "1");
    }

    /** The bytes of {@code payload} occur in Bind messages and in no Parse ('P') or Query ('Q') message. */
    private static void assertNeverInSql(String payload) {
        byte[] needle = payload.getBytes(StandardCharsets.UTF_8);
        int inBind = 0;
        for (FaultProxy.Link link : proxy.links()) {
            for (byte[] message : split(link.sentToServer())) {
                byte type = message[0];
                boolean contains = indexOf(message, needle) >= 0;
                if (contains && (type == 'P' || type == 'Q')) {
                    throw new AssertionError("the bound value was sent as SQL text in a '" + (char) type + "' message: "
                            + new String(message, StandardCharsets.UTF_8));
                }
                if (contains && type == 'B') {
                    inBind++;
                }
            }
        }
        assertThat(inBind).as("Bind messages carrying %s", payload).isPositive();
    }

    /** The client's stream as messages: the untyped startup packet first, then type byte + Int32 length + body each. */
    private static List<byte[]> split(byte[] stream) {
        List<byte[]> messages = new ArrayList<>();
        int at = 0;
        if (stream.length >= 4) {
            int startup = ByteBuffer.wrap(stream, 0, 4).getInt();
            at = startup;
        }
        while (at + 5 <= stream.length) {
            int length = ByteBuffer.wrap(stream, at + 1, 4).getInt();
            int end = Math.min(stream.length, at + 1 + length);
            byte[] message = new byte[end - at];
            System.arraycopy(stream, at, message, 0, message.length);
            messages.add(message);
            at = end;
        }
        return messages;
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
