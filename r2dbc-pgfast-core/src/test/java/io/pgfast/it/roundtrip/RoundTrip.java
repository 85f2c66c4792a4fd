package io.pgfast.it.roundtrip;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.LeakChecker;
import io.pgfast.testing.LeakRecord;
import io.pgfast.testing.TestDb;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A value sent to the server and read back, in both result formats:
 * <ul>
 *   <li>binary: {@code SELECT $1::type, ($1::type)::text} on a connection with the statement cache (whose
 *       results are binary for every type with a binary decoder), with fetchSize 1000; the second column is
 *       the server's own text form of the value;</li>
 *   <li>text: {@code SELECT $1::type} on a connection without the statement cache (the unnamed statement,
 *       whose results are in text format), in a session time zone with odd historical offsets
 *       (Europe/Amsterdam: +00:19:32 before 1937).</li>
 * </ul>
 * The binary connection's session is in UTC, so the text form of a timestamptz is well defined.
 */
final class RoundTrip implements AutoCloseable {

    /** A zone whose offsets were not whole minutes for a long time (Amsterdam Mean Time, +00:19:32). */
    static final ZoneId TEXT_SESSION_ZONE = ZoneId.of("Europe/Amsterdam");

    private final PgfastConnection binary;
    private final PgfastConnection text;

    private RoundTrip(PgfastConnection binary, PgfastConnection text) {
        this.binary = binary;
        this.text = text;
    }

    /** Opens both connections; installs the leak recorder first, when nothing has touched a ByteBuf yet. */
    static RoundTrip open() {
        LeakChecker.install();
        return new RoundTrip(Pg.connect(Pg.config().timeZone(ZoneOffset.UTC).build()),
                Pg.connect(Pg.config().timeZone(TEXT_SESSION_ZONE).preparedStatementCacheQueries(0).build()));
    }

    /** The value and the server's text form of it, read back in binary format. */
    record Binary<T>(T value, String text) {
    }

    <T> Binary<T> binary(String type, Object value, Class<T> javaType) {
        String sql = "SELECT $1::" + type + ", ($1::" + type + ")::text";
        List<Binary<T>> rows = Flux.from(binary.createStatement(sql).bind(0, value).fetchSize(1000).execute())
                .concatMap(r -> r.map((row, md) -> new Binary<>(row.get(0, javaType), row.get(1, String.class))))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    <T> T text(String type, Object value, Class<T> javaType) {
        List<T> rows = Flux.from(text.createStatement("SELECT $1::" + type).bind(0, value).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, javaType)))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    /**
     * Binds {@code value} as {@code type}; both formats must give {@code expected} back (compared through
     * {@code key}), and the server's text form must be {@code expectedText} unless that is null.
     */
    <T> void check(String type, Object value, Class<T> javaType, T expected, String expectedText, Function<? super T, ?> key) {
        Binary<T> b = binary(type, value, javaType);
        assertThat(key.apply(b.value())).as("binary format, read as %s", javaType.getSimpleName()).isEqualTo(key.apply(expected));
        if (expectedText != null) {
            assertThat(b.text()).as("the server's text form").isEqualTo(expectedText);
        }
        T fromText = text(type, value, javaType);
        assertThat(key.apply(fromText)).as("text format, read as %s", javaType.getSimpleName()).isEqualTo(key.apply(expected));
    }

    <T> void check(String type, T value, Class<T> javaType, String expectedText) {
        check(type, value, javaType, value, expectedText, Function.identity());
    }

    /** Closes both connections, then fails if Netty reported a leaked buffer meanwhile. */
    @Override
    public void close() {
        Mono.from(binary.close()).block(TestDb.TIMEOUT);
        Mono.from(text.close()).block(TestDb.TIMEOUT);
        // when another test class initialised ByteBuf before the recorder was installed nothing is recorded
        if (LeakChecker.installationProblem().isEmpty()) {
            List<LeakRecord> leaks = LeakChecker.collectLeaks();
            assertThat(leaks).as("buffers leaked").isEmpty();
        }
    }
}
