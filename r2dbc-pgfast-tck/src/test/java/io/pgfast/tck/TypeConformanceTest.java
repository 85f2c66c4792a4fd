package io.pgfast.tck;

import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.RequiresPostgres;
import io.r2dbc.spi.Connection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.nio.ByteBuffer;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * Every row of {@link ConformanceTable}, selected through our driver by simple and by extended query, must
 * give the value pgjdbc gives for the same query on the same server, in the Java type of the row's
 * {@link Mapping}; and where the row reads the default mapping, the column metadata's Java type must admit
 * the value.
 *
 * <p>Both sessions use the time zone Asia/Kolkata: +05:30 today and, before 1854, local mean time
 * +05:53:28, so timestamptz text carries half-hour and seconds offsets.
 */
@RequiresPostgres
@Tag("conformance")
class TypeConformanceTest {

    static final ZoneId SESSION_ZONE = ZoneId.of("Asia/Kolkata");
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final int SHOWN_CHARACTERS = 120;

    private static Connection ours;
    private static java.sql.Connection pgjdbc;

    @BeforeAll
    static void connect() throws SQLException {
        TestDatabase db = TestDatabase.get();
        ours = Mono.from(new PgfastConnectionFactory(db.configuration().timeZone(SESSION_ZONE).build()).create()).block(TIMEOUT);
        pgjdbc = db.newJdbcConnection();
        try (Statement st = pgjdbc.createStatement()) {
            st.execute("SET TimeZone = '" + SESSION_ZONE.getId() + "'");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        if (ours != null) {
            Mono.from(ours.close()).block(TIMEOUT);
        }
        if (pgjdbc != null) {
            pgjdbc.close();
        }
    }

    @TestFactory
    Stream<DynamicContainer> conformance() {
        int major = TestDatabase.get().majorVersion();
        Map<String, List<ConformanceCase>> families = ConformanceTable.cases().stream()
                .filter(c -> c.sinceMajor() <= major)
                .collect(Collectors.groupingBy(ConformanceCase::family, LinkedHashMap::new, Collectors.toList()));
        return families.entrySet().stream()
                .map(f -> dynamicContainer(f.getKey(), f.getValue().stream().flatMap(TypeConformanceTest::tests)));
    }

    private static Stream<DynamicTest> tests(ConformanceCase c) {
        ReferenceValue reference = new ReferenceValue(c);
        return Stream.of(Protocol.values())
                .map(p -> dynamicTest(c.expression() + " [" + p.label() + "]", () -> check(c, p, reference.get())));
    }

    private static void check(ConformanceCase c, Protocol protocol, Object theirs) {
        Read read = read(c, protocol);
        Mapping mapping = c.mapping();
        String context = c.expression() + " by " + protocol.label() + " as " + mapping.name();
        if (theirs == null) {
            assertThat(read.value).as(context + ": pgjdbc reads NULL").isNull();
            return;
        }
        assertThat(read.value).as(context + ": pgjdbc reads " + show(theirs)).isNotNull();
        assertThat(read.value).as(context).isInstanceOf(mapping.javaType());
        assertThat(mapping.same(read.value, theirs))
                .as("%s: ours %s, pgjdbc %s", context, show(read.value), show(theirs))
                .isTrue();
        if (mapping.requested() == Object.class) {
            assertThat(read.columnType).as(context + ": the column metadata's Java type").isAssignableFrom(read.value.getClass());
        }
    }

    private static Read read(ConformanceCase c, Protocol protocol) {
        Class<?> requested = c.mapping().requested();
        List<Read> rows = Flux.from(protocol.statement(ours, c).execute())
                .concatMap(result -> result.map((row, metadata) ->
                        new Read(row.get(0, requested), metadata.getColumnMetadata(0).getJavaType())))
                .collectList()
                .block(TIMEOUT);
        assertThat(rows).as(c.expression() + " by " + protocol.label()).hasSize(1);
        return rows.get(0);
    }

    private static String show(Object value) {
        String text;
        if (value instanceof ByteBuffer) {
            ByteBuffer b = ((ByteBuffer) value).duplicate();
            StringBuilder hex = new StringBuilder("\\x");
            while (b.hasRemaining() && hex.length() < SHOWN_CHARACTERS) {
                hex.append(String.format("%02x", b.get()));
            }
            text = hex.toString();
        } else if (value instanceof String) {
            text = '"' + (String) value + '"';
        } else {
            text = String.valueOf(value);
        }
        if (text.length() > SHOWN_CHARACTERS) {
            text = text.substring(0, SHOWN_CHARACTERS) + "…(" + text.length() + " chars)";
        }
        return text + " (" + value.getClass().getSimpleName() + ")";
    }

    /** Our driver's value (null for SQL NULL) and the column metadata's Java type. */
    private static final class Read {
        final Object value;
        final Class<?> columnType;

        Read(Object value, Class<?> columnType) {
            this.value = value;
            this.columnType = columnType;
        }
    }

    /** pgjdbc's value of a case, read once for both protocols. */
    private static final class ReferenceValue {
        private final ConformanceCase c;
        private boolean read;
        private Object value;

        ReferenceValue(ConformanceCase c) {
            this.c = c;
        }

        Object get() throws SQLException {
            if (!read) {
                try (Statement st = pgjdbc.createStatement(); ResultSet rs = st.executeQuery(c.select())) {
                    assertThat(rs.next()).as("pgjdbc returns a row for " + c.select()).isTrue();
                    value = c.mapping().reference(rs);
                }
                read = true;
            }
            return value;
        }
    }
}
