package io.pgfast.bench;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/** The programs the bench runs besides the JVMs: taskset to pin them, wrk to load the app mode. */
public final class Executables {

    private Executables() {
    }

    /** Whether an executable named {@code command} is in a directory of the PATH. */
    public static boolean onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
