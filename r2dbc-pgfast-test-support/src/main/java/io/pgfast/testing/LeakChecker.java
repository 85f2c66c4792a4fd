package io.pgfast.testing;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetectorFactory;

/**
 * Records every leak Netty's leak detectors report in this JVM, and can make them report now.
 *
 * <p>Installed by loading this class, which must happen before any {@code ByteBuf} class is initialised:
 * {@code AbstractByteBuf} asks {@link ResourceLeakDetectorFactory} for its detector once, in its static
 * initialiser. {@link LeakDetectionExtension} loads it when JUnit registers extensions, before any test runs.
 * Outside JUnit call {@link #install()} first thing.
 *
 * <p>Leaks are found only for buffers the detector tracks: all of them at level {@code paranoid} (the tests'
 * {@code -Dio.netty.leakDetection.level}), a sample otherwise.
 */
public final class LeakChecker {
    /** Rounds of GC and polling: weak references are cleared by a GC but queued by another thread, later. */
    private static final int ROUNDS = 3;
    private static final long PAUSE_MILLIS = 5;

    private static final Queue<LeakRecord> LEAKS = new ConcurrentLinkedQueue<>();
    private static final RecordingLeakDetectorFactory FACTORY = new RecordingLeakDetectorFactory(LEAKS::add);
    private static final String INSTALLATION_PROBLEM;

    static {
        ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(FACTORY);
        // Initialises the ByteBuf classes now, so that the check below tells whether they use our factory.
        ByteBufAllocator.DEFAULT.buffer(1).release();
        INSTALLATION_PROBLEM = FACTORY.created(ByteBuf.class) ? null
                : "ByteBuf classes were initialised before " + LeakChecker.class.getName()
                + ", so ByteBuf leaks are not recorded; load it first (LeakDetectionExtension via"
                + " junit.jupiter.extensions.autodetection.enabled=true, or LeakChecker.install())";
    }

    private LeakChecker() {
    }

    /** Installs the recording detectors (done once, when this class loads); later calls do nothing. */
    public static void install() {
        // class initialisation did the work
    }

    /** Why leaks of ByteBuf cannot be recorded, if they cannot. */
    public static Optional<String> installationProblem() {
        return Optional.ofNullable(INSTALLATION_PROBLEM);
    }

    /** Forces garbage collection and detector polling, then removes and returns every leak reported so far. */
    public static List<LeakRecord> collectLeaks() {
        return collectLeaks(leak -> true);
    }

    /**
     * Like {@link #collectLeaks()}, but removes and returns only the leaks matching {@code which}; the others stay
     * for the next check (so a test that leaks on purpose does not swallow someone else's leak).
     */
    public static List<LeakRecord> collectLeaks(Predicate<LeakRecord> which) {
        provokeReports();
        List<LeakRecord> found = new ArrayList<>();
        for (Iterator<LeakRecord> it = LEAKS.iterator(); it.hasNext(); ) {
            LeakRecord leak = it.next();
            if (which.test(leak)) {
                found.add(leak);
                it.remove();
            }
        }
        return found;
    }

    private static void provokeReports() {
        for (int round = 0; round < ROUNDS; round++) {
            System.gc();
            try {
                Thread.sleep(PAUSE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            for (RecordingLeakDetector<?> detector : FACTORY.detectors()) {
                detector.poll();
            }
            // the allocator's own tracking path polls too, as in production
            PooledByteBufAllocator.DEFAULT.directBuffer(16).release();
            PooledByteBufAllocator.DEFAULT.heapBuffer(16).release();
        }
    }
}
