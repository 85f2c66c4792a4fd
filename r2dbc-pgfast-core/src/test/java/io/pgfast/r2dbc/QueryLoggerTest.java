package io.pgfast.r2dbc;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The statement log: SQL at DEBUG under {@code io.pgfast.query}, bound values only at TRACE under
 * {@code io.pgfast.query.parameters}, nothing formatted while disabled. Levels are fixed when
 * slf4j-simple starts, so each case runs {@link QueryLoggerProbe} in a child JVM with its own levels
 * (the same approach as the password secrecy test).
 */
class QueryLoggerTest {

    @Test
    void atTheDefaultLevelNothingIsLoggedOrFormatted() throws Exception {
        String out = probe();
        assertThat(out).doesNotContain(QueryLoggerProbe.SIMPLE_SQL).doesNotContain(QueryLoggerProbe.EXTENDED_SQL)
                .doesNotContain(QueryLoggerProbe.VALUE_TEXT).contains("PROBE FORMATTED 0");
    }

    @Test
    void atDebugTheSqlIsLoggedButNoValue() throws Exception {
        String out = probe("-Dorg.slf4j.simpleLogger.log.io.pgfast.query=debug");
        assertThat(line(out, QueryLoggerProbe.SIMPLE_SQL)).contains("DEBUG").contains("io.pgfast.query").contains("[pid 4711]");
        assertThat(line(out, QueryLoggerProbe.EXTENDED_SQL)).contains("DEBUG").contains("1 binding").contains("Binding[CountingValue]");
        assertThat(out).doesNotContain(QueryLoggerProbe.VALUE_TEXT).doesNotContain("TRACE").contains("PROBE FORMATTED 0");
    }

    @Test
    void atTraceOnTheParametersLoggerTheValuesAreLogged() throws Exception {
        String out = probe("-Dorg.slf4j.simpleLogger.log.io.pgfast.query.parameters=trace");
        assertThat(line(out, QueryLoggerProbe.EXTENDED_SQL)).contains("TRACE").contains("io.pgfast.query.parameters")
                .contains("$1=" + QueryLoggerProbe.VALUE_TEXT);
        // the SQL logger itself stays at its level (INFO): the simple statement is not logged
        assertThat(out).doesNotContain(QueryLoggerProbe.SIMPLE_SQL).contains("PROBE FORMATTED 1");
    }

    @Test
    void debugOnTheSqlLoggerDoesNotEnableTheValues() throws Exception {
        // io.pgfast.query.parameters inherits DEBUG from io.pgfast.query: still below TRACE
        String out = probe("-Dorg.slf4j.simpleLogger.log.io.pgfast=debug");
        assertThat(out).contains(QueryLoggerProbe.SIMPLE_SQL).contains(QueryLoggerProbe.EXTENDED_SQL)
                .doesNotContain(QueryLoggerProbe.VALUE_TEXT).contains("PROBE FORMATTED 0");
    }

    private static String line(String output, String text) {
        return output.lines().filter(l -> l.contains(text)).findFirst()
                .orElseThrow(() -> new AssertionError("no line with " + text + " in:\n" + output));
    }

    private static String probe(String... levels) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
                "-Dorg.slf4j.simpleLogger.showLogName=true"));
        command.addAll(List.of(levels));
        command.addAll(List.of("-cp", testClassPath(), QueryLoggerProbe.class.getName()));
        Path log = Files.createTempFile("pgfast-query-log-", ".log");
        try {
            Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean ended = child.waitFor(60, TimeUnit.SECONDS);
            if (!ended) {
                child.destroyForcibly();
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            assertThat(ended).as("the probe ended; its output:\n%s", output).isTrue();
            assertThat(child.exitValue()).as("the probe's exit code; its output:\n%s", output).isZero();
            return output;
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** The test JVM's classpath: surefire's booter jar hides it from java.class.path. */
    private static String testClassPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }
}
