package io.pgfast.tck;

import io.r2dbc.spi.test.TestKit;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Prints, when the module's tests are done, one line per run such as
 * {@code [pgfast-summary] PostgreSQL 17: TCK 68/68, conformance 538/538}, and keeps the line of each major in
 * {@code target/pgfast-summary.txt} (a run on another major adds its own line; a new run on the same major
 * replaces it). Registered through {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener}.
 *
 * <p>A test counts as passed only when it ran and succeeded: skipped tests, and the tests of a class whose
 * setup failed, count in the total only.
 */
public final class SummaryListener implements TestExecutionListener {

    static final String PREFIX = "[pgfast-summary] ";

    /** The suites summed up; other tests of the module are not counted. */
    enum Suite {
        TCK, CONFORMANCE
    }

    private final Map<Suite, int[]> counts = new EnumMap<>(Suite.class);
    private final Set<String> counted = new HashSet<>();
    private TestPlan plan;

    @Override
    public synchronized void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
        counts.clear();
        counted.clear();
        for (Suite s : Suite.values()) {
            counts.put(s, new int[2]);
        }
    }

    @Override
    public synchronized void executionSkipped(TestIdentifier identifier, String reason) {
        countTests(identifier, false);
    }

    @Override
    public synchronized void executionFinished(TestIdentifier identifier, TestExecutionResult result) {
        if (identifier.isTest()) {
            count(identifier, result.getStatus() == TestExecutionResult.Status.SUCCESSFUL);
        } else if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
            // a class whose @BeforeAll failed: its tests never ran, and failed
            countTests(identifier, false);
        }
    }

    @Override
    public synchronized void testPlanExecutionFinished(TestPlan testPlan) {
        int[] tck = counts.get(Suite.TCK);
        int[] conformance = counts.get(Suite.CONFORMANCE);
        if (tck[1] == 0 && conformance[1] == 0) {
            return;
        }
        OptionalInt major = TestDatabase.startedMajor();
        String server = "PostgreSQL " + (major.isPresent() ? Integer.toString(major.getAsInt()) : "(not started)");
        String line = PREFIX + server + ": TCK " + tck[0] + "/" + tck[1] + ", conformance " + conformance[0] + "/" + conformance[1];
        System.out.println(line);
        write(server, line);
    }

    private void countTests(TestIdentifier identifier, boolean passed) {
        if (identifier.isTest()) {
            count(identifier, passed);
        }
        for (TestIdentifier d : plan.getDescendants(identifier)) {
            if (d.isTest()) {
                count(d, passed);
            }
        }
    }

    private void count(TestIdentifier test, boolean passed) {
        if (!counted.add(test.getUniqueId())) {
            return;
        }
        Optional<Suite> suite = suite(test);
        if (suite.isPresent()) {
            int[] c = counts.get(suite.get());
            c[1]++;
            if (passed) {
                c[0]++;
            }
        }
    }

    /** The suite of the nearest enclosing test class (dynamic tests may have no source of their own). */
    private Optional<Suite> suite(TestIdentifier test) {
        for (TestIdentifier t = test; t != null; t = plan.getParent(t).orElse(null)) {
            Optional<String> className = className(t.getSource().orElse(null));
            if (className.isPresent()) {
                return suiteOf(className.get());
            }
        }
        return Optional.empty();
    }

    private static Optional<String> className(TestSource source) {
        if (source instanceof MethodSource) {
            return Optional.of(((MethodSource) source).getClassName());
        }
        if (source instanceof ClassSource) {
            return Optional.of(((ClassSource) source).getClassName());
        }
        return Optional.empty();
    }

    private static Optional<Suite> suiteOf(String className) {
        Class<?> c;
        try {
            c = Class.forName(className, false, SummaryListener.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return Optional.empty();
        }
        if (TestKit.class.isAssignableFrom(c)) {
            return Optional.of(Suite.TCK);
        }
        return c == TypeConformanceTest.class ? Optional.of(Suite.CONFORMANCE) : Optional.empty();
    }

    private static void write(String server, String line) {
        Path file = Path.of(System.getProperty("basedir", "."), "target", "pgfast-summary.txt");
        try {
            List<String> lines = new ArrayList<>();
            if (Files.exists(file)) {
                for (String old : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    if (!old.startsWith(PREFIX + server + ":")) {
                        lines.add(old);
                    }
                }
            }
            lines.add(line);
            lines.sort(null);
            Files.createDirectories(file.getParent());
            Files.write(file, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
