package io.pgfast.release;

import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Our driver beside r2dbc-postgresql in one JVM, as an application with both gets them (Spring Boot 3.5
 * manages r2dbc-postgresql 1.0.x; Komapper brings it): each line of that driver brings its own
 * {@code com.ongres} SCRAM libraries, 1.0.x {@code com.ongres.scram:client} 2.1 and 1.1.x
 * {@code com.ongres.scram:scram-client} 3.x, in the same packages. When our core used scram-client 3.x, the
 * class path mixed the two and our sign-on failed with {@code NoSuchMethodError: ScramClient.builder()}; now
 * our SCRAM is our own, and both drivers sign on with SCRAM to the same server.
 *
 * <p>Runs twice (pom.xml): in the default execution with r2dbc-postgresql
 * {@code pgfast.r2dbcPostgresql.version} 1.0.x, and in the execution {@code r2dbc-postgresql-1.1} with
 * 1.1.x; Reactor and Netty are the versions this build manages for our driver (Reactor 2025.0, Netty 4.2),
 * on which the other driver runs too.
 */
@RequiresPostgres
class SideBySideTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String R2DBC_POSTGRESQL_VERSION = System.getProperty("pgfast.r2dbcPostgresql.version", "");

    private static Path codeSource(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    @Test
    void theClassPathHoldsTheOtherDriverAndItsScramLibrary() throws Exception {
        assertThat(R2DBC_POSTGRESQL_VERSION).matches("1\\.[01]\\.\\d+\\.RELEASE");
        Class<?> provider = Class.forName("io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider");
        assertThat(codeSource(provider).getFileName()).hasToString("r2dbc-postgresql-" + R2DBC_POSTGRESQL_VERSION + ".jar");
        Class<?> scramClient = Class.forName("com.ongres.scram.client.ScramClient");
        boolean builder = Arrays.stream(scramClient.getMethods()).anyMatch(m -> m.getName().equals("builder"));
        if (R2DBC_POSTGRESQL_VERSION.startsWith("1.0.")) {
            // com.ongres.scram:client 2.1: the API without ScramClient.builder() that our sign-on once tripped over
            assertThat(codeSource(scramClient).getFileName()).hasToString("client-2.1.jar");
            assertThat(builder).isFalse();
        } else {
            assertThat(codeSource(scramClient).getFileName().toString()).startsWith("scram-client-3.");
            assertThat(builder).isTrue();
        }
    }

    @Test
    void ourDriverNamesNoComOngresClass() throws Exception {
        Path core = codeSource(io.pgfast.r2dbc.PgfastConnectionFactory.class);
        List<String> offenders = new ArrayList<>();
        byte[] needle = "com/ongres".getBytes(StandardCharsets.US_ASCII);
        if (Files.isDirectory(core)) {
            try (Stream<Path> files = Files.walk(core)) {
                for (Path file : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
                    if (contains(Files.readAllBytes(file), needle)) {
                        offenders.add(core.relativize(file).toString());
                    }
                }
            }
        } else {
            try (JarFile jar = new JarFile(core.toFile())) {
                for (JarEntry entry : (Iterable<JarEntry>) jar.stream()::iterator) {
                    if (entry.getName().endsWith(".class")) {
                        try (InputStream in = jar.getInputStream(entry)) {
                            if (contains(in.readAllBytes(), needle)) {
                                offenders.add(entry.getName());
                            }
                        }
                    }
                }
            }
        }
        assertThat(offenders).as("classes of " + core + " that refer to com.ongres").isEmpty();
        assertThat(core.toString()).contains("r2dbc-pgfast-core");
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static String url(String driver, TestServer s, TestRole role, String options) {
        return "r2dbc:" + driver + "://" + encode(role.user()) + ":" + encode(role.password()) + "@" + s.host() + ":" + s.port()
                + "/" + encode(s.database()) + "?" + options;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** Signs on, then answers who the session is and (PostgreSQL 16 and later) how it authenticated. */
    private static List<String> signOn(ConnectionFactory factory, int major) {
        String sql = major >= 16 ? "SELECT current_user, system_user" : "SELECT current_user, current_user";
        return Mono.usingWhen(factory.create(),
                (Connection c) -> Flux.from(c.createStatement(sql).execute())
                        .concatMap(r -> r.map((row, md) -> List.of(row.get(0, String.class), row.get(1, String.class))))
                        .single(),
                Connection::close).block(TIMEOUT);
    }

    private static void assertScram(List<String> session, TestRole role, int major) {
        assertThat(session.get(0)).isEqualTo(role.user());
        if (major >= 16) {
            // system_user: the authentication method and the identity it established
            assertThat(session.get(1)).isEqualTo("scram-sha-256:" + role.user());
        }
    }

    @Test
    void bothDriversSignOnWithScramInOneJvm() {
        TestServer s = TestPostgres.get();
        TestRole role = s.role(AuthMethod.SCRAM);
        int major = s.majorVersion();
        ConnectionFactory theirs = ConnectionFactories.get(url("postgresql", s, role, "sslMode=disable"));
        ConnectionFactory ours = ConnectionFactories.get(url("pgfast", s, role, "sslMode=disable"));
        assertThat(theirs.getClass().getName()).isEqualTo("io.r2dbc.postgresql.PostgresqlConnectionFactory");
        assertThat(ours.getClass().getName()).isEqualTo("io.pgfast.r2dbc.PgfastConnectionFactory");

        // theirs first, so its com.ongres classes are loaded and initialized before ours signs on; then each again
        assertScram(signOn(theirs, major), role, major);
        assertScram(signOn(ours, major), role, major);
        assertScram(signOn(theirs, major), role, major);
        assertScram(signOn(ours, major), role, major);
        if (s.tlsEnabled()) {
            // SCRAM-SHA-256-PLUS: the channel binding part of our SCRAM as well
            ConnectionFactory bound = ConnectionFactories.get(url("pgfast", s, role, "sslMode=require&channelBinding=require"));
            assertScram(signOn(bound, major), role, major);
        }
    }
}
