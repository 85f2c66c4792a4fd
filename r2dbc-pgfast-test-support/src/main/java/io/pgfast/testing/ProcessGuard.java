package io.pgfast.testing;

import java.nio.file.Path;
import java.util.List;

/**
 * The guard of a daemon started in the foreground (pgbouncer, {@link ShellGuard}): once the JVM is gone it
 * kills that process and deletes its directory.
 */
final class ProcessGuard {
    private static final String SCRIPT = String.join("\n",
            "jvm=$1; pid=$2; dir=$3",
            "while kill -0 \"$jvm\" 2>/dev/null; do sleep 1; done",
            "kill -9 \"$pid\" 2>/dev/null",
            "rm -rf \"$dir\"");

    private ProcessGuard() {
    }

    static ShellGuard watch(long pid, Path directory) {
        return ShellGuard.start("pgfast-process-guard", SCRIPT, List.of(Long.toString(pid), directory.toString()));
    }
}
