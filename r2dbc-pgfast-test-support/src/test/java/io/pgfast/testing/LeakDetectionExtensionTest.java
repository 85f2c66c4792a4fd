package io.pgfast.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.ResourceLeakDetector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

class LeakDetectionExtensionTest {
    private static final String RUN_LEAKY_CASE = "pgfast.test.runLeakyCase";
    /** How long a positive test waits for the GC to find a leaked buffer. */
    private static final long LEAK_DEADLINE_MILLIS = 5_000;

    private ResourceLeakDetector.Level previousLevel;

    @BeforeEach
    void trackEveryBuffer() {
        previousLevel = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
    }

    @AfterEach
    void restoreLevel() {
        ResourceLeakDetector.setLevel(previousLevel);
    }

    @Test
    void recordingDetectorsWereInstalledBeforeTheByteBufClasses() {
        assertThat(LeakChecker.installationProblem()).isEmpty();
    }

    @Test
    void leakedPooledBufferIsReportedWithItsHint() {
        String hint = uniqueHint();
        leakPooledBuffer(hint);

        List<LeakRecord> leaks = awaitLeaks(hint);

        assertThat(leaks).singleElement().satisfies(leak -> {
            assertThat(leak.resourceType()).isEqualTo("ByteBuf");
            assertThat(leak.records()).contains(hint).contains("leakPooledBuffer");
        });
    }

    /** Unpooled heap buffers are not tracked by Netty (the GC frees them); direct ones are. */
    @Test
    void leakedUnpooledDirectBufferIsReported() {
        String hint = uniqueHint();
        leakUnpooledBuffer(hint);

        assertThat(awaitLeaks(hint)).hasSize(1);
    }

    @Test
    void releasedBufferReportsNothing() {
        String hint = uniqueHint();
        ByteBuf buffer = PooledByteBufAllocator.DEFAULT.directBuffer(32);
        buffer.writeLong(7).touch(hint);
        assertThat(buffer.release()).isTrue();

        assertThat(LeakChecker.collectLeaks(leak -> leak.records().contains(hint))).isEmpty();
    }

    @Test
    void extensionFailsTheClassThatLeaks() {
        String hint = uniqueHint();
        LeakyCase.hint = hint;
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClass(LeakyCase.class))
                .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
                .configurationParameter(RUN_LEAKY_CASE, "true")
                .build(), listener);

        TestExecutionSummary summary = listener.getSummary();
        assertThat(summary.getTestsSucceededCount()).isEqualTo(1);
        assertThat(summary.getFailures()).singleElement().satisfies(failure -> {
            assertThat(failure.getTestIdentifier().isContainer()).isTrue();
            assertThat(failure.getException()).isInstanceOf(AssertionError.class)
                    .hasMessageContaining("leak(s) reported")
                    .hasMessageContaining(hint);
        });
    }

    /** Polls until the leak carrying {@code hint} is reported (the GC decides when), then returns those leaks. */
    private static List<LeakRecord> awaitLeaks(String hint) {
        long deadline = System.currentTimeMillis() + LEAK_DEADLINE_MILLIS;
        List<LeakRecord> leaks;
        do {
            leaks = LeakChecker.collectLeaks(leak -> leak.records().contains(hint));
        } while (leaks.isEmpty() && System.currentTimeMillis() < deadline);
        return leaks;
    }

    private static String uniqueHint() {
        return "pgfast-deliberate-leak-" + UUID.randomUUID();
    }

    /** In its own method so no local variable of the caller keeps the buffer reachable. */
    private static void leakPooledBuffer(String hint) {
        PooledByteBufAllocator.DEFAULT.buffer(32).writeInt(1).touch(hint);
    }

    private static void leakUnpooledBuffer(String hint) {
        Unpooled.directBuffer(8).writeByte(1).touch(hint);
    }

    /** Run only by {@link #extensionFailsTheClassThatLeaks()}, through its own launcher. */
    @ExtendWith(OnlyWhenLaunchedByTheTest.class)
    static class LeakyCase {
        static volatile String hint;

        @Test
        void leaksABuffer() {
            leakPooledBuffer(hint);
        }
    }

    static class OnlyWhenLaunchedByTheTest implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return context.getConfigurationParameter(RUN_LEAKY_CASE).isPresent()
                    ? ConditionEvaluationResult.enabled("launched by LeakDetectionExtensionTest")
                    : ConditionEvaluationResult.disabled("leaks on purpose; run by LeakDetectionExtensionTest only");
        }
    }
}
