package io.pgfast.reliability;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.pgfast.testing.TestServer;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The password never appears in logs or exceptions. In this JVM (logging at its default, INFO) the
 * output of failing and successful logins is captured and every exception's whole stack trace
 * rendered; a child JVM runs {@link PasswordLoggingProbe} with every logger at TRACE (core logs through
 * reactor's Loggers to slf4j-simple, Netty through slf4j too). Neither may contain a password, nor the
 * md5 method's stored hash md5(password + user), which logs in as well as the password does.
 */
@RequiresPostgres
class PasswordSecrecyTest {

    private static final String WRONG = "Wr0ng-Pa55word-4711";
    private static final AuthMethod[] METHODS = {AuthMethod.PASSWORD, AuthMethod.MD5, AuthMethod.SCRAM};

    private static List<String> secrets() {
        List<String> secrets = new ArrayList<>(List.of(WRONG));
        for (AuthMethod m : METHODS) {
            if (TestDb.server().supports(m)) {
                String user = TestDb.server().role(m).user();
                String password = TestDb.server().role(m).password();
                secrets.add(password);
                secrets.add(md5Hex(password + user));
                secrets.add(md5Hex(WRONG + user));
            }
        }
        return secrets;
    }

    @Test
    void failingAndSuccessfulLoginsLogNoPasswordAtTheDefaultLevel() {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream tee = new PrintStream(captured, true, StandardCharsets.UTF_8);
        StringBuilder exceptions = new StringBuilder();
        System.setOut(tee);
        System.setErr(tee);
        try {
            for (AuthMethod m : METHODS) {
                if (!TestDb.server().supports(m)) {
                    continue;
                }
                exceptions.append(attempt(Pg.config(m).password(WRONG).build()));
                exceptions.append(attempt(Pg.config(m).build()));
            }
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        String output = captured.toString(StandardCharsets.UTF_8);
        out.print(output);
        assertThat(exceptions.toString()).as("the failed logins' exceptions").contains("28P01");
        for (String secret : secrets()) {
            assertThat(output).as("captured log output").doesNotContain(secret);
            assertThat(exceptions.toString()).as("exception stack traces").doesNotContain(secret);
        }
    }

    @Test
    void aTraceLevelRunLogsNoPassword() throws Exception {
        TestServer s = TestDb.server();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-Dorg.slf4j.simpleLogger.defaultLogLevel=trace", "-cp", testClassPath(),
                PasswordLoggingProbe.class.getName(), s.host(), Integer.toString(s.port()), s.database(),
                s.tlsVerifiable() ? s.caCert().toString() : "-", WRONG));
        for (AuthMethod m : METHODS) {
            if (s.supports(m)) {
                command.add(s.role(m).user() + "=" + s.role(m).password());
            }
        }
        Path log = Files.createTempFile("pgfast-trace-", ".log");
        try {
            Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean ended = child.waitFor(90, TimeUnit.SECONDS);
            if (!ended) {
                child.destroyForcibly();
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            assertThat(ended).as("the probe ended; its output:\n%s", output).isTrue();
            assertThat(output).contains("PROBE DONE").contains(" DEBUG ").contains(" TRACE ").contains("28P01")
                    .contains("PROBE lost a connection");
            for (String secret : secrets()) {
                assertThat(output).as("trace-level output").doesNotContain(secret);
            }
            Reliability.report("password secrecy", "trace-level run: " + output.lines().count() + " lines, "
                    + output.lines().filter(l -> l.contains(" DEBUG ") || l.contains(" TRACE ")).count()
                    + " at DEBUG/TRACE, " + secrets().size() + " secrets looked for, 0 found");
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** The test JVM's classpath: surefire's booter jar hides it from java.class.path. */
    private static String testClassPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }

    /** Connects and closes; returns the rendered stack trace of any failure. */
    private static String attempt(io.pgfast.config.PgfastConnectionConfiguration config) {
        try {
            PgfastConnection c = (PgfastConnection) Mono.from(new PgfastConnectionFactory(config).create()).block(TestDb.TIMEOUT);
            TestDb.close(c);
            return "";
        } catch (RuntimeException e) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            return trace.toString();
        }
    }

    private static String md5Hex(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
