package io.pgfast.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What the numbers were measured on: the JVM, the CPU and the core count, and the server. */
public record MachineInfo(String jvm, String cpu, int cores, String os, String server) {

    /** This machine (workers run the same {@code java} as the coordinator). */
    public static MachineInfo current(String serverVersion) {
        return current(serverVersion, Runtime.getRuntime().availableProcessors(), "");
    }

    /**
     * This machine with {@code cores} CPUs (those it had before the bench pinned itself), and {@code placement}
     * (where the server and the workers ran, or empty) after the server's version.
     */
    public static MachineInfo current(String serverVersion, int cores, String placement) {
        String jvm = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
        return new MachineInfo(jvm, cpuModel(), cores,
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                "PostgreSQL " + serverVersion + (placement.isEmpty() ? "" : " (" + placement + ")"));
    }

    private static String cpuModel() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
            for (String line : lines) {
                if (line.startsWith("model name")) {
                    int colon = line.indexOf(':');
                    return line.substring(colon + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through to the architecture
        }
        return System.getProperty("os.arch") + " (model unknown)";
    }

    /** One line for under the tables. */
    public String line() {
        return jvm + ", " + cpu + ", " + cores + " cores, " + os + ", " + server + ".";
    }
}
