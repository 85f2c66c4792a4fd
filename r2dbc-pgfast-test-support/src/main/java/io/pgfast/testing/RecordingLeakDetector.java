package io.pgfast.testing;

import java.util.function.Consumer;

import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakTracker;

/**
 * A Netty leak detector that hands every leak it reports to a sink instead of Netty's log: the leak check
 * ({@link LeakDetectionExtension}) puts them in the failure message, and a test that leaks on purpose stays quiet.
 */
final class RecordingLeakDetector<T> extends ResourceLeakDetector<T> {
    private final Consumer<LeakRecord> sink;

    RecordingLeakDetector(Class<?> resourceType, int samplingInterval, Consumer<LeakRecord> sink) {
        super(resourceType, samplingInterval);
        this.sink = sink;
    }

    /**
     * Makes the detector look at its reference queue now. It otherwise does so only when it starts tracking a new
     * object, so leaks of a type that is rarely allocated could wait forever.
     */
    @SuppressWarnings("unchecked")
    void poll() {
        // Tracking is by identity and the tracked object is only held weakly, so any object serves as a probe.
        T probe = (T) new Object();
        ResourceLeakTracker<T> tracker = trackForcibly(probe);
        if (tracker != null) {
            tracker.close(probe);
        }
    }

    /** Report whatever the logger's level: the leak check must not depend on logging configuration. */
    @Override
    protected boolean needReport() {
        return true;
    }

    @Override
    protected void reportTracedLeak(String resourceType, String records) {
        sink.accept(new LeakRecord(resourceType, records));
    }

    @Override
    protected void reportUntracedLeak(String resourceType) {
        sink.accept(new LeakRecord(resourceType, ""));
    }
}
