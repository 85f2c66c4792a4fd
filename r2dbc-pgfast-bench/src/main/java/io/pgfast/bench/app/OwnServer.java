package io.pgfast.bench.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.pgfast.testing.TestServer;

/**
 * Sets up the harness's embedded server for the {@code --app} mode, which the harness starts with settings of its own
 * only: {@code ALTER SYSTEM} writes {@code max_connections} (every variant's pool may hold {@link AppVariant#POOL_SIZE}
 * connections at once, beyond the default 100), {@code log_connections} (every TCP connection the server accepts,
 * CancelRequests included, is a "connection received" line: {@link ServerLog}) and {@code pg_stat_statements} (the
 * verifier's query counts, as TFB takes them, without delay), then {@code pg_ctl restart} makes them take effect, on
 * the same port, with the log in a file of this mode's own.
 * <p>
 * pg_ctl runs as the server does: PostgreSQL refuses root, so as root the command is wrapped as the harness wraps it,
 * by the data directory's owner: {@code unshare -U} when root owns it (a user namespace), else {@code setpriv} to its
 * owner.
 */
final class OwnServer {
    private static final long RESTART_SECONDS = 90;

    private OwnServer() {
    }

    /**
     * Restarts {@code server} with room for {@code connections} connections and the settings above.
     *
     * @return the server log that counts connections from now on
     * @throws IOException if the server is not the harness's own cluster, or the restart fails
     */
    static ServerLog restart(TestServer server, int connections) throws IOException, SQLException, InterruptedException {
        if (server.kind() != TestServer.Kind.LOCAL_BINARIES) {
            throw new IOException("the app mode needs the embedded server (the server it got is " + server.kind()
                    + "): it restarts it with max_connections=" + connections + " and counts connections in its log");
        }
        Path data;
        Path bin;
        try (Connection c = server.jdbc(); Statement s = c.createStatement()) {
            data = Path.of(text(s, "SHOW data_directory"));
            bin = Path.of(text(s, "SELECT setting FROM pg_config WHERE name = 'BINDIR'"));
            s.execute("ALTER SYSTEM SET max_connections = " + connections);
            s.execute("ALTER SYSTEM SET log_connections = 'on'");
            s.execute("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'");
        }
        // the cluster's own directory, which its user may write
        Path log = data.toAbsolutePath().getParent().resolve("app-server.log");
        List<String> command = new ArrayList<>(asServerUser(data));
        command.addAll(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-l", log.toString(),
                "-m", "fast", "-w", "-t", Long.toString(RESTART_SECONDS), "restart"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(RESTART_SECONDS + 10, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output.trim() + "\n" + tail(log));
        }
        try (Connection c = server.jdbc(); Statement s = c.createStatement()) {
            s.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
            s.execute("SELECT pg_stat_statements_reset()");
            String max = text(s, "SHOW max_connections");
            if (Integer.parseInt(max) < connections) {
                throw new IOException("the server has max_connections " + max + " after the restart, not " + connections);
            }
        }
        return new ServerLog(log);
    }

    /** How pg_ctl is run as the owner of {@code data}. */
    private static List<String> asServerUser(Path data) throws IOException {
        int uid = (Integer) Files.getAttribute(data, "unix:uid");
        int self = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        if (self != 0) {
            return List.of();
        }
        if (uid == 0) {
            return List.of("unshare", "-U");
        }
        int gid = (Integer) Files.getAttribute(data, "unix:gid");
        return List.of("setpriv", "--reuid=" + uid, "--regid=" + gid, "--clear-groups");
    }

    private static String text(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "(no server log: " + e.getMessage() + ")";
        }
    }
}
