package io.pgfast.security;

import io.pgfast.r2dbc.PgfastConnectionFactoryProvider;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.Option;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.publisher.Mono;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CVE-2022-21724 (pgjdbc instantiated the classes named by {@code socketFactory}, {@code sslfactory},
 * {@code sslhostnameverifier} and {@code sslpasswordcallback} from connection properties, and
 * {@code loggerFile} wrote where a URL said): no option value of this driver is ever turned into a class to
 * load or instantiate, or a file to execute. Options are coerced to strings, numbers, booleans, durations,
 * enums, zones and paths ({@code OptionCoercion}); paths are only read (PEM certificates and keys, bounded in
 * size) or used as a socket directory; {@code observationRegistry} takes an object given in code and refuses a
 * string. The class names the driver does load come from its own code ({@code r2dbc-postgresql}'s provider,
 * probed without initialization) or from the class path ({@code ServiceLoader} codecs, a boolean switches it).
 *
 * <p>The test enumerates the options from the code (the {@code Option} constants of the R2DBC SPI and of
 * {@link PgfastConnectionFactoryProvider}) and requires them to be exactly OPTIONS.md's rows plus the code-only
 * ones, so a new option fails here until it is listed (and so tried below). Every option, under its R2DBC
 * name and its libpq keyword, is then given the name of a class whose initializer would leave a mark
 * ({@link OptionCanary}) and the path of an executable script that would create a file, as a plain value and
 * as URLs, with TLS off and with TLS verifying (so that certificate paths are read); each configuration is
 * built and connected when it can be. Neither mark may appear.
 */
@RequiresPostgres
class Cve2022_21724OptionValuesTest {

    /** Options set in code only, never from a URL: they take objects, not strings. */
    private static final Set<String> CODE_ONLY = Set.of("observationRegistry", "loopResources", "sslContextBuilderCustomizer",
            "sslHostnameVerifier", "gssSubject");
    /** The options that choose the driver: the R2DBC SPI resolves them (ServiceLoader over the class path). */
    private static final Set<String> DRIVER_SELECTION = Set.of("driver", "protocol");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Duration ATTEMPT = Duration.ofSeconds(20);

    private record Row(String urlName, String libpqName) {
    }

    private static List<Row> table() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("OPTIONS.md"), StandardCharsets.UTF_8)) {
            if (!line.startsWith("| `")) {
                continue;
            }
            String[] cells = line.split("\\|");
            Matcher url = CODE.matcher(cells[1]);
            Matcher libpq = CODE.matcher(cells[2]);
            rows.add(new Row(url.find() ? url.group(1) : null, libpq.find() ? libpq.group(1) : null));
        }
        return rows;
    }

    /**
     * The option names of the r2dbc-postgresql migration guide's option table: served under the
     * {@code postgresql}/{@code postgres} driver names, several of them there only.
     */
    private static Set<String> migrationGuideOptions() throws IOException {
        Set<String> names = new TreeSet<>();
        boolean inOptions = false;
        for (String line : Files.readAllLines(Path.of("../docs/migrating-from-r2dbc-postgresql.md"), StandardCharsets.UTF_8)) {
            if (line.startsWith("## ")) {
                inOptions = line.startsWith("## Options");
            } else if (inOptions && line.startsWith("| `")) {
                Matcher m = CODE.matcher(line.split("\\|")[1]);
                while (m.find()) {
                    names.add(m.group(1));
                }
            }
        }
        return names;
    }

    /** The names of the public {@code Option} constants the SPI and the provider declare. */
    private static Set<String> declaredOptions() throws IllegalAccessException {
        Set<String> names = new TreeSet<>();
        for (Class<?> type : new Class<?>[] {ConnectionFactoryOptions.class, PgfastConnectionFactoryProvider.class}) {
            for (Field f : type.getFields()) {
                if (Modifier.isStatic(f.getModifiers()) && Option.class.isAssignableFrom(f.getType())) {
                    names.add(((Option<?>) f.get(null)).name());
                }
            }
        }
        return names;
    }

    @Test
    void cve2022_21724_everyOptionIsListedSoThatItIsTried() throws Exception {
        Set<String> listed = new TreeSet<>(CODE_ONLY);
        listed.addAll(DRIVER_SELECTION);
        for (Row row : table()) {
            listed.add(row.urlName());
        }
        assertThat(declaredOptions()).as("Option constants against OPTIONS.md rows and the code-only options").isEqualTo(listed);
    }

    @Test
    void cve2022_21724_noOptionValueBecomesAClassOrACommand(@TempDir Path dir) throws Exception {
        Path marker = dir.resolve("executed");
        Path script = dir.resolve("canary.sh");
        Files.writeString(script, "#!/bin/sh\ntouch '" + marker + "'\n", StandardCharsets.US_ASCII);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<String> values = List.of(OptionCanary.NAME, OptionCanary.NAME + ".class", script.toString(),
                script.toUri().toString(), "jar:" + script.toUri() + "!/" + OptionCanary.NAME.replace('.', '/') + ".class",
                "|" + script, "$(" + script + ")");

        Set<String> names = new TreeSet<>(CODE_ONLY);
        for (Row row : table()) {
            names.add(row.urlName());
            if (row.libpqName() != null) {
                names.add(row.libpqName());
            }
        }
        Set<String> postgresqlOnly = migrationGuideOptions();
        assertThat(postgresqlOnly).as("the migration guide's option table").contains("schema", "sslHostnameVerifier", "extensions");
        postgresqlOnly.removeAll(names);
        int connected = 0;
        for (String name : names) {
            for (String value : values) {
                for (String sslMode : new String[] {"disable", "verify-full"}) {
                    connected += attempt("pgfast", name, value, sslMode) ? 1 : 0;
                }
            }
        }
        // r2dbc-postgresql's options that only its driver names serve here
        for (String name : postgresqlOnly) {
            for (String value : values) {
                connected += attempt("postgresql", name, value, "disable") ? 1 : 0;
            }
        }
        assertThat(System.getProperty(OptionCanary.PROPERTY)).as("the canary class was initialized").isNull();
        assertThat(marker).as("the script was run").doesNotExist();
        // control: the attempts did reach the server (options that take any string, e.g. applicationName)
        assertThat(connected).isPositive();
    }

    /** Builds and connects with {@code name=value} on top of a working configuration; true when it connected. */
    private static boolean attempt(String driver, String name, String value, String sslMode) {
        TestServer s = TestPostgres.get();
        TestRole r = s.role(AuthMethod.SCRAM);
        ConnectionFactoryOptions options = ConnectionFactoryOptions.builder()
                .option(ConnectionFactoryOptions.DRIVER, driver)
                .option(ConnectionFactoryOptions.HOST, s.host())
                .option(ConnectionFactoryOptions.PORT, s.port())
                .option(ConnectionFactoryOptions.USER, r.user())
                .option(ConnectionFactoryOptions.PASSWORD, r.password())
                .option(ConnectionFactoryOptions.DATABASE, s.database())
                .option(ConnectionFactoryOptions.CONNECT_TIMEOUT, Duration.ofSeconds(5))
                .option(Option.valueOf("sslMode"), sslMode)
                .option(Option.valueOf(name), value)
                .build();
        try {
            Connection c = Mono.from(ConnectionFactories.get(options).create()).block(ATTEMPT);
            TestDb.one(c, "SELECT 1", Integer.class);
            TestDb.close(c);
            return true;
        } catch (RuntimeException refused) {
            // a value the option does not take, a login it makes fail: either is fine here
            return false;
        }
    }
}
