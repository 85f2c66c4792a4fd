package io.pgfast.r2dbc;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.r2dbc.spi.ConnectionFactoryOptions;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * Every row of OPTIONS.md must be an option the URL parser really applies: setting the row's
 * example value (under the URL name and under the libpq keyword) must change what the
 * configuration reports, and the builder method the row names must exist.
 */
class OptionsTableTest {

    /** Options that are only valid together with another one. */
    private static final Map<String, String> PARTNERS = Map.of(
            "sslCert", "&sslKey=%2Fk.pem",
            "sslKey", "&sslCert=%2Fc.pem",
            "sslNegotiation", "&sslMode=require");
    /** Options that cannot be absent while their partner is present: the baseline uses another value. */
    private static final Map<String, String> BASELINE_VALUES = Map.of(
            "sslCert", "%2Fother.crt",
            "sslKey", "%2Fother.key");
    /** Options that R2DBC URLs carry in the authority and path, never in the query string. */
    private static final List<String> AUTHORITY = List.of("user", "password", "host", "port", "database");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");

    private record Row(String urlName, String libpqName, List<String> builderMethods, String example) {
    }

    private static List<Row> rows() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("OPTIONS.md"), StandardCharsets.UTF_8)) {
            if (!line.startsWith("| `")) {
                continue;
            }
            String[] cells = line.split("\\|");
            // cells[0] is the empty text before the first '|'
            String urlName = code(cells[1]);
            String libpq = cells[2].contains("`") ? code(cells[2]) : null;
            List<String> methods = new ArrayList<>();
            Matcher m = CODE.matcher(cells[3]);
            while (m.find()) {
                methods.add(m.group(1).replaceAll("\\(.*", ""));
            }
            rows.add(new Row(urlName, libpq, methods, code(cells[6])));
        }
        return rows;
    }

    private static String code(String cell) {
        Matcher m = CODE.matcher(cell);
        if (!m.find()) {
            throw new AssertionError("no `value` in table cell: " + cell);
        }
        return m.group(1);
    }

    /** What the configuration reports for an option, read through the accessor named like the builder method. */
    private static Object reported(PgfastConnectionConfiguration c, Row row) throws Exception {
        String accessor = row.builderMethods().isEmpty() ? "sslMode" : row.builderMethods().get(0);
        Object value = PgfastConnectionConfiguration.class.getMethod(accessor).invoke(c);
        return value instanceof Mono ? ((Mono<?>) value).map(Object::toString).block() : value;
    }

    /**
     * A URL with user {@code base} on {@code basehost}, no database (so dbname can be tested) and a
     * pinned zone (so the timeZone example differs from whatever the JVM's zone is), plus
     * {@code name=value} in the authority or path for the standard options and in the query otherwise.
     */
    private static PgfastConnectionConfiguration parse(String name, String value, String query) {
        Map<String, String> parts = new HashMap<>(Map.of("user", "base", "host", "basehost"));
        String q = query;
        if (name != null && AUTHORITY.contains(name)) {
            parts.put(name, value);
        } else if (name != null) {
            q = q + "&" + name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8);
        }
        String url = "r2dbc:pgfast://" + enc(parts.get("user"))
                + (parts.containsKey("password") ? ":" + enc(parts.get("password")) : "")
                + "@" + parts.get("host") + (parts.containsKey("port") ? ":" + parts.get("port") : "")
                + (parts.containsKey("database") ? "/" + enc(parts.get("database")) : "")
                + "?timeZone=UTC" + q;
        return PgfastConnectionFactoryProvider.fromOptions(ConnectionFactoryOptions.parse(url));
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Test
    void tableListsEveryOptionOnce() throws IOException {
        List<Row> rows = rows();
        assertThat(rows).extracting(Row::urlName).doesNotHaveDuplicates().contains("host", "port", "user", "password",
                "sslMode", "sslRootCert", "connectTimeout", "options", "maxMessageSize", "readAheadLimit", "autodetectExtensions");
        assertThat(rows).hasSize(52);
    }

    @Test
    void everyTableOptionIsAppliedByTheUrlParser() throws Exception {
        for (Row row : rows()) {
            String partners = PARTNERS.getOrDefault(row.urlName(), "");
            String baselineValue = BASELINE_VALUES.get(row.urlName());
            PgfastConnectionConfiguration without = parse(null, null,
                    partners + (baselineValue == null ? "" : "&" + row.urlName() + "=" + baselineValue));
            PgfastConnectionConfiguration with = parse(row.urlName(), row.example(), partners);
            assertThat(Objects.equals(reported(with, row), reported(without, row)))
                    .as("option %s=%s changes the configuration", row.urlName(), row.example()).isFalse();
            if (row.libpqName() != null) {
                PgfastConnectionConfiguration viaLibpq = parse(row.libpqName(), row.example(), partners);
                assertThat(reported(viaLibpq, row)).as("libpq keyword %s", row.libpqName()).isEqualTo(reported(with, row));
            }
        }
    }

    @Test
    void everyBuilderMethodInTheTableExists() throws IOException {
        List<String> builderMethods = Arrays.stream(PgfastConnectionConfigurationBuilder.class.getMethods())
                .map(Method::getName).toList();
        for (Row row : rows()) {
            assertThat(builderMethods).as(row.urlName()).containsAll(row.builderMethods());
        }
    }
}
