package io.pgfast.failover;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

import io.pgfast.testing.PrimaryFailure;

/**
 * The figures of one failover round, as printed and appended to {@code target/failover-figures.txt}
 * (RELIABILITY.md quotes that file). Times are milliseconds after the primary was told to stop.
 */
record RoundResult(int round, PrimaryFailure how, String server, int writers, long acknowledged, int failed,
                   String failureKinds, int hung, long missing, long inDoubt, long downMs, long promotedMs, long firstWriteMs,
                   long allWritersMs, long reads, int readFailures, long readersMovedMs, long rebuildMs,
                   String listen, String streamed, String paused, int idleRefused) {

    static final Path FILE = Path.of("target", "failover-figures.txt");

    String line() {
        return String.format("round %d, %s, %s, %d writers: %d transactions acknowledged, %d failed (%s), %d hung, "
                        + "%d acknowledged keys missing on the new primary, %d failed but committed (answer lost); "
                        + "primary down at %d ms, standby promoted at %d ms, first write on it at %d ms, every writer at %d ms; "
                        + "%d preferStandby reads, %d failed; the rebuilt standby took %d ms, readers on it %d ms after; "
                        + "LISTEN %s; streaming result %s; paused result %s; idle pooled connections refused by validation: %d",
                round, how == PrimaryFailure.IMMEDIATE_SHUTDOWN ? "immediate shutdown" : "SIGKILL of the postmaster", server,
                writers, acknowledged, failed, failureKinds, hung, missing, inDoubt, downMs, promotedMs, firstWriteMs, allWritersMs,
                reads, readFailures, rebuildMs, readersMovedMs, listen, streamed, paused, idleRefused);
    }

    /** Prints the line and appends it, timestamped, to {@link #FILE}. */
    void report(String mode) {
        String line = "[failover] (" + mode + " mode) " + line();
        System.out.println(line);
        try {
            Files.createDirectories(FILE.getParent());
            Files.writeString(FILE, Instant.now() + " " + line + System.lineSeparator(), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.out.println("[failover] could not append to " + FILE + ": " + e);
        }
    }
}
