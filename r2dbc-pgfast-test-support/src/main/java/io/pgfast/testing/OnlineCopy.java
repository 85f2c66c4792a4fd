package io.pgfast.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;

/**
 * A base backup of a running server made with the low-level backup API, for machines without a pg_basebackup
 * of the server's major (the binaries jar has none): {@code pg_backup_start} (before 15
 * {@code pg_start_backup(label, fast, false)}), a copy of the data directory while the server keeps running,
 * then {@code pg_backup_stop} whose {@code labelfile} becomes the copy's {@code backup_label}. Both calls run on
 * one session, which must stay open in between (a non-exclusive backup ends with its session).
 *
 * <p>Left out of the copy, as the documentation says ("Backing Up the Data Directory"): the contents of
 * {@code pg_wal} (a standby streams the WAL from the primary, which keeps it: {@code wal_keep_size}), of
 * {@code pg_replslot}, {@code pg_dynshmem}, {@code pg_notify}, {@code pg_serial}, {@code pg_snapshots},
 * {@code pg_stat_tmp} and {@code pg_subtrans} (the directories themselves are kept), {@code postmaster.pid},
 * {@code postmaster.opts}, {@code pg_internal.init}, temporary files and recovery signal files. Files that
 * change or vanish while copied are fine: replaying the WAL from the backup's checkpoint (full-page writes
 * are forced during a backup) repairs them. {@code global/pg_control} is copied last, as pg_basebackup does.
 *
 * @see <a href="https://www.postgresql.org/docs/current/continuous-archiving.html#BACKUP-LOWLEVEL-BASE-BACKUP">Making
 * a Base Backup Using the Low Level API</a>
 */
final class OnlineCopy {
    private static final Set<String> CONTENTS_SKIPPED = Set.of("pg_wal", "pg_replslot", "pg_dynshmem", "pg_notify",
            "pg_serial", "pg_snapshots", "pg_stat_tmp", "pg_subtrans");
    private static final Set<String> FILES_SKIPPED = Set.of("postmaster.pid", "postmaster.opts", "pg_internal.init",
            "backup_label", "tablespace_map", "standby.signal", "recovery.signal", "current_logfiles");
    private static final String PG_CONTROL = "global/pg_control";

    private OnlineCopy() {
    }

    /**
     * Copies the data directory {@code source} of the server {@code session} is connected to (a superuser) into
     * {@code target}, which must not exist.
     */
    static void copy(Connection session, int major, Path source, Path target) throws SQLException {
        try (Statement st = session.createStatement()) {
            st.execute(major >= 15 ? "SELECT pg_backup_start('pgfast standby', true)"
                    : "SELECT pg_start_backup('pgfast standby', true, false)");
            boolean stopped = false;
            try {
                copyTree(source, target);
                Files.copy(source.resolve(PG_CONTROL), target.resolve(PG_CONTROL), StandardCopyOption.COPY_ATTRIBUTES);
                String stop = major >= 15 ? "SELECT labelfile, spcmapfile FROM pg_backup_stop(false)"
                        : "SELECT labelfile, spcmapfile FROM pg_stop_backup(false, false)";
                try (ResultSet rs = st.executeQuery(stop)) {
                    stopped = true;
                    rs.next();
                    write(target.resolve("backup_label"), rs.getString(1));
                    String tablespaces = rs.getString(2);
                    if (tablespaces != null && !tablespaces.isEmpty()) {
                        write(target.resolve("tablespace_map"), tablespaces);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot copy " + source + " to " + target + " during a backup", e);
            } finally {
                if (!stopped) {
                    // the session ends the backup anyway when it closes; this only makes it immediate
                    try (Statement abort = session.createStatement()) {
                        abort.execute(major >= 15 ? "SELECT pg_backup_stop(false)" : "SELECT pg_stop_backup(false, false)");
                    } catch (SQLException ignored) {
                        // the original failure is the one to report
                    }
                }
            }
        }
    }

    private static void copyTree(Path source, Path target) throws IOException {
        Files.walkFileTree(source, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Path to = target.resolve(source.relativize(dir).toString());
                Files.createDirectories(to);
                Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Path relative = source.relativize(file);
                if (skipped(relative) || !attrs.isRegularFile()) {
                    return FileVisitResult.CONTINUE;
                }
                try {
                    Files.copy(file, target.resolve(relative.toString()), StandardCopyOption.COPY_ATTRIBUTES);
                } catch (NoSuchFileException e) {
                    // dropped while copied (a relation, a temporary file): the WAL replay does without it
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }
        });
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwx------"));
    }

    /** Whether a file (path relative to the data directory) stays out of the copy. */
    static boolean skipped(Path relative) {
        String name = relative.getFileName().toString();
        if (FILES_SKIPPED.contains(name) || name.startsWith("pgsql_tmp") || relative.toString().equals(PG_CONTROL)) {
            return true;
        }
        return relative.getNameCount() > 1 && CONTENTS_SKIPPED.contains(relative.getName(0).toString());
    }

    private static void write(Path file, String content) throws IOException {
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }
}
