package io.pgfast.testing;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class when Netty reports a leaked buffer (or other tracked resource) by the time it has finished.
 * Registered in every module's tests through {@code META-INF/services/org.junit.jupiter.api.extension.Extension}
 * with {@code junit.jupiter.extensions.autodetection.enabled=true}.
 *
 * <p>A leak is seen once the garbage collector has found the leaked object unreachable, so it is charged to the
 * class that was running then: usually the one that leaked, possibly an earlier one (the records show where the
 * buffer was made and last used).
 */
public final class LeakDetectionExtension implements AfterAllCallback {
    static {
        // before JUnit runs any test class, hence before any ByteBuf class is initialised
        LeakChecker.install();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        List<LeakRecord> leaks = LeakChecker.collectLeaks();
        String problem = LeakChecker.installationProblem().orElse(null);
        if (problem != null) {
            throw new AssertionError(problem);
        }
        if (!leaks.isEmpty()) {
            throw new AssertionError(leaks.size() + " leak(s) reported by Netty's ResourceLeakDetector by the end of "
                    + context.getDisplayName() + ":\n" + leaks.stream().map(LeakRecord::toString)
                    .collect(Collectors.joining("\n\n")));
        }
    }
}
