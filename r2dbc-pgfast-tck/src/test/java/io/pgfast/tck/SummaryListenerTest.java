package io.pgfast.tck;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

class SummaryListenerTest {

    private static final Map<Class<?>, SummaryListener.Suite> SUITES = Map.of(
            Passing.class, SummaryListener.Suite.TCK,
            Mixed.class, SummaryListener.Suite.TCK,
            BrokenSetup.class, SummaryListener.Suite.TCK,
            Dynamic.class, SummaryListener.Suite.CONFORMANCE);

    @TempDir
    Path dir;

    @Test
    void countsPassedAgainstEveryTestThatShouldHaveRun() throws IOException {
        Path file = dir.resolve("target/pgfast-summary.txt");
        String printed = run(file, OptionalInt.of(16), Passing.class, Mixed.class, BrokenSetup.class, Dynamic.class, Uncounted.class);

        // TCK: Passing 2/2, Mixed 1/3 (one fails, one is disabled), BrokenSetup 0/2; conformance: 2 of 3 dynamic tests
        String line = "[pgfast-summary] PostgreSQL 16: TCK 3/7, conformance 2/3";
        assertThat(printed).isEqualTo(line + System.lineSeparator());
        assertThat(Files.readAllLines(file)).containsExactly(line);
    }

    @Test
    void printsNothingWhenNoCountedTestRan() {
        Path file = dir.resolve("pgfast-summary.txt");
        assertThat(run(file, OptionalInt.of(17), Uncounted.class)).isEmpty();
        assertThat(file).doesNotExist();
    }

    @Test
    void aRunReplacesTheLineOfItsMajorAndKeepsTheOthers() throws IOException {
        Path file = dir.resolve("pgfast-summary.txt");
        Files.write(file, List.of(
                "[pgfast-summary] PostgreSQL 12: TCK 1/2, conformance 0/0",
                "[pgfast-summary] PostgreSQL 17: TCK 0/9, conformance 0/0"));
        run(file, OptionalInt.of(17), Passing.class);
        assertThat(Files.readAllLines(file)).containsExactly(
                "[pgfast-summary] PostgreSQL 12: TCK 1/2, conformance 0/0",
                "[pgfast-summary] PostgreSQL 17: TCK 2/2, conformance 0/0");
    }

    @Test
    void namesAServerThatNeverStarted() {
        String printed = run(dir.resolve("s.txt"), OptionalInt.empty(), BrokenSetup.class);
        assertThat(printed).startsWith("[pgfast-summary] PostgreSQL (not started): TCK 0/2,");
    }

    @Test
    void mergeDropsBlankLinesAndSorts() {
        assertThat(SummaryFile.merge(List.of("b", "", "a: old"), "a:", "a: new")).containsExactly("a: new", "b");
    }

    /** Runs the classes in a launcher of their own with only the listener under test. */
    private static String run(Path file, OptionalInt major, Class<?>... classes) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        SummaryListener listener = new SummaryListener(c -> Optional.ofNullable(SUITES.get(c)), file, out, () -> major);
        Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
                .enableTestExecutionListenerAutoRegistration(false)
                .addTestExecutionListeners(listener)
                .build());
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
        for (Class<?> c : classes) {
            request.selectors(selectClass(c));
        }
        LauncherDiscoveryRequest built = request.build();
        launcher.execute(built);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    // sample classes, run only by the launcher above (surefire does not pick up nested classes)

    static class Passing {
        @Test
        void one() {
        }

        @Test
        void two() {
        }
    }

    static class Mixed {
        @Test
        void passes() {
        }

        @Test
        void fails() {
            fail("on purpose");
        }

        @Test
        @Disabled("on purpose")
        void skipped() {
        }
    }

    static class BrokenSetup {
        @BeforeAll
        static void setUp() {
            throw new IllegalStateException("on purpose");
        }

        @Test
        void one() {
        }

        @Test
        void two() {
        }
    }

    static class Dynamic {
        @TestFactory
        Stream<DynamicTest> cases() {
            return Stream.of(
                    DynamicTest.dynamicTest("a", () -> { }),
                    DynamicTest.dynamicTest("b", () -> fail("on purpose")),
                    DynamicTest.dynamicTest("c", () -> { }));
        }
    }

    static class Uncounted {
        @Test
        void passes() {
        }
    }
}
