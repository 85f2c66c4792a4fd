package io.pgfast.reliability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Random;

/**
 * The knobs shared by the reliability tests: the run mode, the seed, and where the figures go.
 *
 * <ul>
 * <li>{@code -Dpgfast.reliability.long=true}: the long mode (more fuzz cases, every fault position,
 *     a one-hour soak); the default CI mode keeps every class well under a minute.</li>
 * <li>{@code -Dpgfast.reliability.seed=N}: replays a run; otherwise a new seed is drawn and printed,
 *     so any failure can be reproduced with the seed its message names.</li>
 * </ul>
 *
 * <p>Every test prints its figures as a {@code [reliability]} line and appends it to
 * {@code target/reliability-figures.txt}, which RELIABILITY.md quotes.
 */
final class Reliability {

    static final String LONG_PROPERTY = "pgfast.reliability.long";
    static final String SEED_PROPERTY = "pgfast.reliability.seed";

    private static final long BASE_SEED = Long.getLong(SEED_PROPERTY, new Random().nextLong());

    private Reliability() {
    }

    static boolean isLong() {
        return Boolean.getBoolean(LONG_PROPERTY);
    }

    /** {@code ci} in the default mode, {@code longMode} with {@code -Dpgfast.reliability.long=true}. */
    static int scale(int ci, int longMode) {
        return isLong() ? longMode : ci;
    }

    static Duration scale(Duration ci, Duration longMode) {
        return isLong() ? longMode : ci;
    }

    /** The seed of one target: the run's seed mixed with the target's name, so targets do not share streams. */
    static long seed(String target) {
        return BASE_SEED ^ (target.hashCode() * 0x9E3779B97F4A7C15L);
    }

    /** The run's seed, as {@code -Dpgfast.reliability.seed} takes it. */
    static long baseSeed() {
        return BASE_SEED;
    }

    /** Prints one figures line and appends it to {@code target/reliability-figures.txt}. */
    static void report(String target, String figures) {
        String line = "[reliability] " + target + " (" + (isLong() ? "long" : "ci") + " mode, seed " + BASE_SEED + "): " + figures;
        System.out.println(line);
        try {
            Files.createDirectories(Path.of("target"));
            Files.writeString(Path.of("target", "reliability-figures.txt"), Instant.now() + " " + line + System.lineSeparator(),
                    StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.out.println("[reliability] could not append to target/reliability-figures.txt: " + e);
        }
    }

    /** How to replay a failing case: the seed and the case number. */
    static String replay(String target, long caseNumber) {
        return target + " case " + caseNumber + " (replay with -D" + SEED_PROPERTY + "=" + BASE_SEED + ")";
    }
}
