package io.pgfast.tck;

import io.r2dbc.spi.test.TestKit;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Prints, when the module's tests are done, one line such as
 * {@code [pgfast-summary] PostgreSQL 17: TCK 68/68, conformance 538/538} and keeps it in
 * {@code target/pgfast-summary.txt} ({@link SummaryFile}). Registered through
 * {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener}; prints nothing when no TCK or
 * conformance test ran.
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

    private final Function<Class<?>, Optional<Suite>> classifier;
    private final Path file;
    private final PrintStream out;
    private final Supplier<OptionalInt> major;
    private final Map<Suite, int[]> counts = new EnumMap<>(Suite.class);
    private final Set<String> counted = new HashSet<>();
    private TestPlan plan;

    /** The listener ServiceLoader makes: the TCK kits and {@link TypeConformanceTest}, the server of this JVM. */
    public SummaryListener() {
        this(SummaryListener::suiteOf, Path.of(System.getProperty("basedir", "."), "target", "pgfast-summary.txt"),
                System.out, TestDatabase::startedMajor);
    }

    SummaryListener(Function<Class<?>, Optional<Suite>> classifier, Path file, PrintStream out, Supplier<OptionalInt> major) {
        this.classifier = classifier;
        this.file = file;
        this.out = out;
        this.major = major;
    }

    @Override
    public synchronized void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
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
        OptionalInt m = major.get();
        String key = PREFIX + "PostgreSQL " + (m.isPresent() ? Integer.toString(m.getAsInt()) : "(not started)") + ":";
        String line = key + " TCK " + tck[0] + "/" + tck[1] + ", conformance " + conformance[0] + "/" + conformance[1];
        out.println(line);
        SummaryFile.update(file, key, line);
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
        suite(test).ifPresent(s -> {
            int[] c = counts.get(s);
            c[1]++;
            if (passed) {
                c[0]++;
            }
        });
    }

    /** The suite of the nearest enclosing test class (dynamic tests may have no source of their own). */
    private Optional<Suite> suite(TestIdentifier test) {
        for (TestIdentifier t = test; t != null; t = plan.getParent(t).orElse(null)) {
            Optional<Class<?>> testClass = testClass(t.getSource().orElse(null));
            if (testClass.isPresent()) {
                return classifier.apply(testClass.get());
            }
        }
        return Optional.empty();
    }

    private static Optional<Class<?>> testClass(TestSource source) {
        if (source instanceof MethodSource) {
            return Optional.of(((MethodSource) source).getJavaClass());
        }
        if (source instanceof ClassSource) {
            return Optional.of(((ClassSource) source).getJavaClass());
        }
        return Optional.empty();
    }

    private static Optional<Suite> suiteOf(Class<?> testClass) {
        if (TestKit.class.isAssignableFrom(testClass)) {
            return Optional.of(Suite.TCK);
        }
        return testClass == TypeConformanceTest.class ? Optional.of(Suite.CONFORMANCE) : Optional.empty();
    }
}
