package io.pgfast.r2dbc.migration;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.r2dbc.PgfastConnectionFactoryProvider;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestServer;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactoryOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/migrating-from-r2dbc-postgresql.md: each of its Java blocks is a marked block of
 * {@link MigrationExamples} (so it compiles), each example runs here against the server, every URL
 * of the guide is accepted, and its option table has a row for each option r2dbc-postgresql reads.
 */
@RequiresPostgres
class MigrationGuideTest {

    private static final Path GUIDE = Path.of("../docs/migrating-from-r2dbc-postgresql.md");
    private static final Path SOURCE = Path.of("src/test/java/io/pgfast/r2dbc/migration/MigrationExamples.java");
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern URL = Pattern.compile("r2dbcs?:postgres(ql)?:(failover:)?//[^\\s\"`)…]+");
    private static final Pattern ROW = Pattern.compile("^\\| `([A-Za-z_]+)`");

    private static Connection connection;

    private static String url(String driver) {
        TestServer s = TestPostgres.get();
        return "r2dbc:" + driver + "://" + enc(s.role(AuthMethod.SCRAM).user()) + ":" + enc(s.role(AuthMethod.SCRAM).password())
                + "@" + s.host() + ":" + s.port() + "/" + enc(s.database()) + "?sslMode=disable";
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @BeforeAll
    static void connect() {
        TestServer s = TestPostgres.get();
        String admin = "r2dbc:pgfast://" + enc(s.superuser()) + ":" + enc(s.superuserPassword()) + "@" + s.host() + ":" + s.port()
                + "/" + enc(s.database()) + "?sslMode=disable";
        Connection a = Mono.from(new PgfastConnectionFactoryProvider().create(ConnectionFactoryOptions.parse(admin)).create()).block(TIMEOUT);
        try {
            for (String type : List.of("mood AS ENUM ('HAPPY', 'SAD')", "sku AS ENUM ('A17', 'B2')")) {
                String name = type.substring(0, type.indexOf(' '));
                Flux.from(a.createStatement("DO $$ BEGIN IF to_regtype('" + name + "') IS NULL THEN CREATE TYPE " + type
                        + "; END IF; END $$").execute()).concatMap(r -> r.getRowsUpdated()).blockLast(TIMEOUT);
            }
        } finally {
            Mono.from(a.close()).block(TIMEOUT);
        }
        connection = Mono.from(new PgfastConnectionFactoryProvider().create(ConnectionFactoryOptions.parse(url("pgfast"))).create())
                .block(TIMEOUT);
    }

    @AfterAll
    static void close() {
        if (connection != null) {
            Mono.from(connection.close()).block(TIMEOUT);
        }
    }

    @Test
    void everyJavaBlockOfTheGuideIsTestedSource() throws IOException {
        List<String> source = Files.readAllLines(SOURCE, StandardCharsets.UTF_8);
        Set<String> snippets = new LinkedHashSet<>();
        List<String> current = null;
        for (String line : source) {
            if (line.strip().equals("// guide: begin")) {
                current = new ArrayList<>();
            } else if (line.strip().equals("// guide: end")) {
                snippets.add(normalize(current));
                current = null;
            } else if (current != null) {
                current.add(line);
            }
        }
        List<String> blocks = javaBlocks(Files.readString(GUIDE, StandardCharsets.UTF_8));
        assertThat(blocks).hasSizeGreaterThanOrEqualTo(6);
        for (String block : blocks) {
            assertThat(snippets).as("a ```java block of the guide").contains(block);
        }
    }

    private static List<String> javaBlocks(String guide) {
        List<String> blocks = new ArrayList<>();
        int at = guide.indexOf("```java\n");
        while (at >= 0) {
            int start = at + "```java\n".length();
            int end = guide.indexOf("```", start);
            blocks.add(normalize(List.of(guide.substring(start, end).split("\n"))));
            at = guide.indexOf("```java\n", end + 3);
        }
        return blocks;
    }

    private static String normalize(List<String> lines) {
        return lines.stream().map(String::strip).filter(l -> !l.isEmpty()).collect(Collectors.joining("\n"));
    }

    @Test
    void theOptionTableCoversEveryOptionOfR2dbcPostgresql() throws IOException {
        Set<String> rows = new LinkedHashSet<>();
        for (String line : Files.readAllLines(GUIDE, StandardCharsets.UTF_8)) {
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                rows.add(m.group(1));
            }
        }
        assertThat(rows).containsAll(io.pgfast.r2dbc.DropInOptionsTestAccess.r2dbcPostgresqlOptions());
    }

    @Test
    void everyUrlOfTheGuideIsAccepted() throws IOException {
        Matcher m = URL.matcher(Files.readString(GUIDE, StandardCharsets.UTF_8));
        int urls = 0;
        while (m.find()) {
            PgfastConnectionConfiguration c = PgfastConnectionFactoryProvider.fromOptions(ConnectionFactoryOptions.parse(m.group()));
            assertThat(c.username()).as(m.group()).isNotEmpty();
            urls++;
        }
        assertThat(urls).isGreaterThanOrEqualTo(2);
    }

    @Test
    void theUrlOfR2dbcPostgresqlConnects() {
        // r2dbc-postgresql is not on this module's test class path, so discovery finds this driver
        assertThat(MigrationExamples.unchangedUrl(url("postgresql") + "&schema=app")).isInstanceOf(PgfastConnectionFactory.class);
        Connection c = Mono.from(MigrationExamples.unchangedUrl(url("postgresql") + "&schema=app").create()).block(TIMEOUT);
        try {
            assertThat(Flux.from(c.createStatement("SHOW search_path").execute()).concatMap(r -> r.map((row, md) -> row.get(0)))
                    .single().block(TIMEOUT)).isEqualTo("app");
        } finally {
            Mono.from(c.close()).block(TIMEOUT);
        }
    }

    @Test
    void theTypeExamplesRun() {
        assertThat(MigrationExamples.json(connection).block(TIMEOUT)).isEqualTo("pro in {\"plan\": \"pro\"}");
        assertThat(MigrationExamples.interval(connection).block(TIMEOUT)).isEqualTo(Duration.ofMinutes(90));
        assertThat(MigrationExamples.geometric(connection).block(TIMEOUT)).isEqualTo("1.0,2.0 r=2.0");
        assertThat(MigrationExamples.enums(connection).block(TIMEOUT)).containsExactly(MigrationExamples.Mood.HAPPY, "HAPPY");
    }

    @Test
    void theCodecExampleRuns() {
        TestServer s = TestPostgres.get();
        PgfastConnectionConfiguration configuration = MigrationExamples.codecs(PgfastConnectionConfiguration.builder()
                .host(s.host()).port(s.port()).database(s.database()).username(s.role(AuthMethod.SCRAM).user())
                .password(s.role(AuthMethod.SCRAM).password()).sslMode(io.pgfast.config.SslMode.DISABLE));
        Connection c = Mono.from(new PgfastConnectionFactory(configuration).create()).block(TIMEOUT);
        try {
            Object back = Flux.from(c.createStatement("SELECT $1::sku").bind(0, new MigrationExamples.Sku("B2")).execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0))).single().block(TIMEOUT);
            assertThat(back).isEqualTo(new MigrationExamples.Sku("B2"));
        } finally {
            Mono.from(c.close()).block(TIMEOUT);
        }
    }
}
