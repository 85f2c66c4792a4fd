package io.pgfast.testing;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;

/**
 * Gives Netty a {@link RecordingLeakDetector} wherever it asks for a leak detector, and remembers them all.
 * Netty asks once per tracked type, when the type's class is initialised (ByteBuf: {@code AbstractByteBuf}).
 */
final class RecordingLeakDetectorFactory extends ResourceLeakDetectorFactory {
    private final List<RecordingLeakDetector<?>> detectors = new CopyOnWriteArrayList<>();
    private final Set<Class<?>> resources = ConcurrentHashMap.newKeySet();
    private final Consumer<LeakRecord> sink;

    RecordingLeakDetectorFactory(Consumer<LeakRecord> sink) {
        this.sink = sink;
    }

    /** {@code maxActive} has been ignored by Netty's detectors since 4.1.4; so it is here. */
    @Override
    @SuppressWarnings("deprecation")
    public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval, long maxActive) {
        return newResourceLeakDetector(resource, samplingInterval);
    }

    @Override
    public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval) {
        RecordingLeakDetector<T> detector = new RecordingLeakDetector<>(resource, samplingInterval, sink);
        detectors.add(detector);
        resources.add(resource);
        return detector;
    }

    List<RecordingLeakDetector<?>> detectors() {
        return detectors;
    }

    /** Whether Netty asked this factory for the detector of {@code resource}. */
    boolean created(Class<?> resource) {
        return resources.contains(resource);
    }
}
