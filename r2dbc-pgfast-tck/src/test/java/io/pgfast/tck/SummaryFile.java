package io.pgfast.tck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code target/pgfast-summary.txt}: one summary line per PostgreSQL major, sorted. A run replaces the line
 * of its own major and keeps the others, so runs on several majors add up in one file.
 */
final class SummaryFile {

    private SummaryFile() {
    }

    /** The file's lines once {@code line} (which starts with {@code key}) replaces any line with that key. */
    static List<String> merge(List<String> existing, String key, String line) {
        List<String> lines = new ArrayList<>();
        for (String old : existing) {
            if (!old.startsWith(key) && !old.isBlank()) {
                lines.add(old);
            }
        }
        lines.add(line);
        lines.sort(null);
        return lines;
    }

    static void update(Path file, String key, String line) {
        try {
            List<String> existing = Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.write(file, merge(existing, key, line), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
