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
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * Every row of {@link ConformanceTable}, selected through our driver by simple and by extended query, must
 * give the value pgjdbc gives for the same query on the same server, in the Java type of the row's
 * {@link Mapping} and as a String (the server's text); where the row reads the default mapping, the column
 * metadata's Java type must admit the value.
 *
 * <p>Both drivers' sessions use the time zone Asia/Kolkata: +05:30 today and, before 1854, local mean time
 * +05:53:28, so timestamptz text carries half-hour and seconds offsets. A second pgjdbc session at UTC gives
 * the reference text of a binary timestamptz read as String (see {@link Mapping#ZONED_AS_STRING}).
 */
@RequiresPostgres
@Tag("conformance")
class TypeConformanceTest {

    static final ZoneId SESSION_ZONE = ZoneId.of("Asia/Kolkata");
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final int SHOWN_CHARACTERS = 120;

    private static final Map<Mapping.Session, java.sql.Connection> PGJDBC = new EnumMap<>(Mapping.Session.class);
    private static Connection ours;

    @BeforeAll
    static void connect() throws SQLException {
        TestDatabase db = TestDatabase.get();
        db.executeAsSuperuser(ConformanceTable.EXTENSIONS);
        db.jdbcOperations().batchUpdate(ConformanceTable.SETUP.toArray(new String[0]));
        ours = Mono.from(new PgfastConnectionFactory(db.configuration().timeZone(SESSION_ZONE).build()).create()).block(TIMEOUT);
        db.jdbcOperations().batchUpdate(ConformanceTable.SETUP_LATER.toArray(new String[0]));
        PGJDBC.put(Mapping.Session.LOCAL, session(db, SESSION_ZONE.getId()));
        PGJDBC.put(Mapping.Session.UTC, session(db, "UTC"));
    }

    private static java.sql.Connection session(TestDatabase db, String timeZone) throws SQLException {
        java.sql.Connection c = db.newJdbcConnection();
        try (Statement st = c.createStatement()) {
            st.execute("SET TimeZone = '" + timeZone + "'");
        }
        return c;
    }

    @AfterAll
    static void close() throws SQLException {
        if (ours != null) {
            Mono.from(ours.close()).block(TIMEOUT);
        }
        for (java.sql.Connection c : PGJDBC.values()) {
            c.close();
        }
        PGJDBC.clear();
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

    /** Per protocol, the value in the case's mapping and as a String. */
    private static Stream<DynamicTest> tests(ConformanceCase c) {
        ReferenceValues references = new ReferenceValues(c);
        return Stream.of(Protocol.values()).flatMap(p -> Stream.of(c.mapping(), c.mapping().stringView())
                .map(m -> dynamicTest(c.expression() + " [" + p.label() + "] as " + m.name(),
                        () -> check(c, p, m, references.get(m, m.session(p))))));
    }

    private static void check(ConformanceCase c, Protocol protocol, Mapping mapping, Object theirs) {
        Read read = read(c, protocol, mapping);
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

    private static Read read(ConformanceCase c, Protocol protocol, Mapping mapping) {
        Class<?> requested = mapping.requested();
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
        } else if (value instanceof Object[]) {
            text = Arrays.deepToString((Object[]) value);
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

    /** pgjdbc's values of a case, each mapping and session read once for both protocols. */
    private static final class ReferenceValues {
        private final ConformanceCase c;
        private final Map<String, Optional<Object>> values = new HashMap<>();

        ReferenceValues(ConformanceCase c) {
            this.c = c;
        }

        Object get(Mapping mapping, Mapping.Session session) throws SQLException {
            String key = mapping.name() + "@" + session;
            Optional<Object> value = values.get(key);
            if (value == null) {
                value = Optional.ofNullable(mapping.reference(PGJDBC.get(session), c.expression()));
                values.put(key, value);
            }
            return value.orElse(null);
        }
    }
}
