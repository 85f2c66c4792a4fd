package io.pgfast.tck;

import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiPredicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The conformance rows of extension types (PostGIS, pgvector), for servers that have them: each row's
 * expression read through our driver by simple and by extended query, in its mapping and as a String, against
 * what pgjdbc reads of the same expression on the same server, turned into our type by an independent parser.
 *
 * <p>pgjdbc's values are all read first, on one connection that is then closed, and our driver's afterwards:
 * a PGlite server serves one connection at a time.
 */
final class ExtensionConformance {

    static final Duration TIMEOUT = Duration.ofSeconds(60);

    /** One row: an expression, the class our default mapping must give, and how pgjdbc's text becomes it. */
    record Row(String family, String expression, Class<?> javaType, Reference reference, BiPredicate<Object, Object> same) {
    }

    /** pgjdbc's text of the expression (null for SQL NULL) made into our Java type. */
    @FunctionalInterface
    interface Reference {
        Object parse(String text) throws Exception;
    }

    /** pgjdbc's text of each row. */
    static Map<Row, Optional<String>> pgjdbcTexts(java.sql.Connection pgjdbc, List<Row> rows) throws SQLException {
        Map<Row, Optional<String>> texts = new LinkedHashMap<>();
        try (Statement st = pgjdbc.createStatement()) {
            for (Row row : rows) {
                try (ResultSet rs = st.executeQuery("SELECT " + row.expression())) {
                    assertThat(rs.next()).as(row.expression()).isTrue();
                    texts.put(row, Optional.ofNullable(rs.getString(1)));
                }
            }
        }
        return texts;
    }

    /** Checks every row by both protocols in both views; returns the number of checks that passed. */
    static int check(ConnectionFactory factory, Map<Row, Optional<String>> texts) throws Exception {
        Connection ours = Mono.from(factory.create()).block(TIMEOUT);
        int passed = 0;
        try {
            for (Map.Entry<Row, Optional<String>> e : texts.entrySet()) {
                Row row = e.getKey();
                String text = e.getValue().orElse(null);
                Object theirs = text == null ? null : row.reference().parse(text);
                for (Protocol protocol : Protocol.values()) {
                    ConformanceCase c = new ConformanceCase(row.family(), row.expression(), null, 0);
                    String context = row.expression() + " by " + protocol.label();
                    Object value = read(ours, protocol, c, Object.class);
                    String string = (String) read(ours, protocol, c, String.class);
                    if (theirs == null) {
                        assertThat(value).as(context + ": pgjdbc reads NULL").isNull();
                        assertThat(string).as(context + ": pgjdbc reads NULL").isNull();
                    } else {
                        assertThat(value).as(context).isInstanceOf(row.javaType());
                        assertThat(row.same().test(value, theirs)).as("%s: ours %s, pgjdbc %s", context, value, theirs).isTrue();
                        assertThat(string).as(context + " as String").isEqualTo(text);
                    }
                    passed += 2;
                }
            }
        } finally {
            Mono.from(ours.close()).block(TIMEOUT);
        }
        return passed;
    }

    private static Object read(Connection ours, Protocol protocol, ConformanceCase c, Class<?> type) {
        List<Optional<Object>> values = Flux.from(protocol.statement(ours, c).execute())
                .concatMap(result -> result.map((row, metadata) -> Optional.<Object>ofNullable(row.get(0, type))))
                .collectList().block(TIMEOUT);
        assertThat(values).as(c.expression() + " by " + protocol.label()).hasSize(1);
        return values.get(0).orElse(null);
    }

    /** The elements of an array's text ({@code {a,"b c",NULL}}), one level, unquoted; NULL as null. */
    static List<String> arrayElements(String text, char delimiter) {
        List<String> out = new ArrayList<>();
        int i = 1;
        while (i < text.length() - 1) {
            StringBuilder element = new StringBuilder();
            boolean quoted = text.charAt(i) == '"';
            if (quoted) {
                i++;
                while (text.charAt(i) != '"') {
                    element.append(text.charAt(i) == '\\' ? text.charAt(++i) : text.charAt(i));
                    i++;
                }
                i++;
            } else {
                while (i < text.length() - 1 && text.charAt(i) != delimiter) {
                    element.append(text.charAt(i++));
                }
            }
            String s = element.toString();
            out.add(!quoted && s.equals("NULL") ? null : s);
            i++; // the delimiter
        }
        return out;
    }

    static BiPredicate<Object, Object> equal() {
        return Objects::equals;
    }

    private ExtensionConformance() {
    }
}
