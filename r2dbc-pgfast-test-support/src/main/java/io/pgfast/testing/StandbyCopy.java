package io.pgfast.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;

/**
 * Makes one server of a {@link ReplicatedCluster} a streaming standby of the other: a base backup of the
 * running primary into the standby's (empty) data directory, with pg_basebackup when there is one, otherwise
 * with the low-level backup API ({@link OnlineCopy}); then {@code standby.signal} and a
 * {@code postgresql.auto.conf} holding only {@code primary_conninfo} (PostgreSQL 12+, docs "Setting Up a
 * Standby Server"). Replacing postgresql.auto.conf also drops what {@code ALTER SYSTEM} set on the primary
 * (its {@code synchronous_standby_names}): a standby promoted later starts without a synchronous standby.
 */
final class StandbyCopy {
    /** The {@code application_name} standbys connect with, which {@code synchronous_standby_names} names. */
    static final String STANDBY_NAME = "pgfast_standby";
    private static final Duration BASE_BACKUP_TIMEOUT = Duration.ofSeconds(120);

    private final ReplicationBinaries binaries;
    private final ServerUser user;
    private final Path base;

    StandbyCopy(ReplicationBinaries binaries, ServerUser user, Path base) {
        this.binaries = binaries;
        this.user = user;
        this.base = base;
    }

    /**
     * Copies the running {@code primary} into {@code standby}'s data directory, which must not exist, and
     * configures the copy as its standby (not started). {@code session}: a superuser session on the primary.
     *
     * @return how the copy was made
     */
    String make(ClusterNode primary, ClusterNode standby, Connection session, int major) {
        String method;
        if (binaries.baseBackup().isPresent()) {
            Path output = base.resolve(standby.name() + "-copy.out");
            List<String> command = user.wrap(List.of(binaries.baseBackup().get().toString(), "-h", LocalCluster.HOST,
                    "-p", Integer.toString(primary.port()), "-U", ReplicatedCluster.USER, "-D", standby.data().toString(),
                    "-X", "stream", "-c", "fast", "--no-sync"));
            CommandRunner.Result r = CommandRunner.run(command, BASE_BACKUP_TIMEOUT, output);
            if (!r.succeeded()) {
                throw new IllegalStateException("pg_basebackup failed (exit " + r.exitCode() + "): "
                        + String.join(" ", command) + "\n" + r.output());
            }
            method = "standby made with pg_basebackup (" + binaries.baseBackup().get() + ")";
        } else {
            try {
                OnlineCopy.copy(session, major, primary.data(), standby.data());
            } catch (SQLException e) {
                throw new IllegalStateException("the low-level backup of the " + primary.name() + " failed: " + e.getMessage(), e);
            }
            method = "standby made with the low-level backup API (pg_backup_start, a copy of the files, pg_backup_stop)";
        }
        try {
            Files.deleteIfExists(standby.data().resolve("postmaster.pid"));
            Files.writeString(standby.data().resolve("standby.signal"), "", StandardCharsets.UTF_8);
            Files.writeString(standby.data().resolve("postgresql.auto.conf"),
                    "# written by io.pgfast.testing.StandbyCopy\n"
                            + "primary_conninfo = 'host=" + LocalCluster.HOST + " port=" + primary.port() + " user="
                            + ReplicatedCluster.USER + " application_name=" + STANDBY_NAME + "'\n",
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot configure " + standby.data() + " as a standby", e);
        }
        user.takeOwnership(base);
        return method;
    }
}
