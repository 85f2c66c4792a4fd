package io.pgfast.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The guard of a cluster ({@link ShellGuard}): once the JVM is gone it stops the cluster with
 * {@code pg_ctl -m immediate} (or SIGKILL to the postmaster) and deletes its directories.
 */
final class OrphanGuard {
    private static final String SCRIPT = String.join("\n",
            "jvm=$1; data=$2; base=$3; sockets=$4; shift 4",
            "while kill -0 \"$jvm\" 2>/dev/null; do sleep 1; done",
            "if [ -f \"$data/postmaster.pid\" ]; then",
            "  \"$@\" || kill -9 \"$(head -n 1 \"$data/postmaster.pid\")\"",
            "fi",
            "rm -rf \"$base\" \"$sockets\"");

    private OrphanGuard() {
    }

    /**
     * @param stopCommand run when the JVM has died and the cluster still has a postmaster.pid
     * @param sockets     the socket directory, which may lie outside {@code base}
     */
    static ShellGuard watch(List<String> stopCommand, Path data, Path base, Path sockets) {
        List<String> args = new ArrayList<>(List.of(data.toString(), base.toString(), sockets.toString()));
        args.addAll(stopCommand);
        return ShellGuard.start("pgfast-orphan-guard", SCRIPT, args);
    }
}
