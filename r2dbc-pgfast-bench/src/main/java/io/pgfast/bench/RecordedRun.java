package io.pgfast.bench;

import io.pgfast.bench.report.MachineInfo;
import io.pgfast.bench.report.RunDescription;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A run read back from the files it wrote ({@code measurements.csv}, {@code warmup.csv}, {@code results.json}), so
 * that its rows can be judged again under the current rule ({@code --rejudge DIR}) without measuring anything:
 * the same windows, the verdicts of today's {@link io.pgfast.bench.stats.Ratios}. The settings (mode, rounds,
 * window, warm-up) and the machine come from {@code results.json}, the scenarios and peers from the measurements.
 */
public final class RecordedRun {
    private static final Pattern SETTINGS = Pattern.compile("\"settings\"\\s*:\\s*\\{([^}]*)}");
    private static final Pattern MACHINE = Pattern.compile("\"machine\"\\s*:\\s*\\{([^}]*)}");
    private static final Pattern STARTED = Pattern.compile("\"startedAt\"\\s*:\\s*\"([^\"]*)\"");

    private RecordedRun() {
    }

    /**
     * @param directory where the run wrote its files
     * @param output    where the judged-again reports go
     * @throws IllegalArgumentException if a file is missing or is not what this version of the bench writes
     */
    public static RunDescription read(Path directory, Path output) {
        String json = text(directory.resolve("results.json"));
        String settings = group(SETTINGS, json, "settings");
        String machine = group(MACHINE, json, "machine");
        String mode = string(settings, "mode");
        int rounds = (int) number(settings, "rounds");
        double seconds = number(settings, "seconds");
        boolean judged = Boolean.parseBoolean(raw(settings, "judged"));
        List<LoopShape> shapes = new ArrayList<>();
        for (String id : strings(settings, "shapes")) {
            shapes.add(LoopShape.byId(id));
        }
        int passes = (int) number(settings, "warmupPasses");
        List<RunResults.Entry> measured = new ArrayList<>();
        for (String[] row : csv(directory.resolve("measurements.csv"))) {
            Measurement m = measurement(row, 6);
            measured.add(new RunResults.Entry(Integer.parseInt(row[0]) - 1, Integer.parseInt(row[1]) - 1,
                    new Slot(Peer.byId(row[2]), Integer.parseInt(row[3])), row[4].isEmpty() ? null : Peer.byId(row[4]),
                    row[5].isEmpty() ? null : LoopShape.byId(row[5]), m));
        }
        Set<Scenario> scenarios = new LinkedHashSet<>();
        Set<Peer> peers = new LinkedHashSet<>();
        for (RunResults.Entry e : measured) {
            scenarios.add(e.measurement().scenario());
            if (e.slot().peer() != Peer.PGFAST && !peers.contains(e.slot().peer())) {
                peers.add(e.slot().peer());
            }
        }
        BenchOptions options = new BenchOptions(mode, rounds, seconds, number(settings, "warmupSeconds"), passes,
                passes, number(settings, "operationTimeoutSeconds"), Boolean.parseBoolean(raw(settings,
                "jvmPerScenario")), judged, List.copyOf(scenarios), List.copyOf(peers), shapes, output, List.of(), false);
        RunResults results = new RunResults(rounds, judged, options.margin());
        for (RunResults.Entry e : measured) {
            results.add(e.round(), e.position(), e.slot(), e.block(), e.table(), e.measurement());
        }
        Path warmup = directory.resolve("warmup.csv");
        if (Files.exists(warmup)) {
            for (String[] row : csv(warmup)) {
                results.addWarmup(Integer.parseInt(row[0]) - 1, new Slot(Peer.byId(row[1]), Integer.parseInt(row[2])),
                        List.of(new WarmupSlice(Integer.parseInt(row[3]), measurement(row, 4))));
            }
        }
        MachineInfo info = new MachineInfo(string(machine, "jvm"), string(machine, "cpu"),
                (int) number(machine, "cores"), string(machine, "os"), string(machine, "server"));
        Matcher started = STARTED.matcher(json);
        return new RunDescription(options, results, info, started.find() ? started.group(1) : "unknown");
    }

    /**
     * The measurement in the columns from {@code first} on: scenario, shape, then {@code CsvReport}'s measurement
     * columns (status, operations, queries and rows per operation, elapsed ns, q/s, ms/op, CPU ns, CPU µs/op,
     * allocated bytes, B/op, B/row, threads ended, compile ms, message).
     */
    static Measurement measurement(String[] row, int first) {
        if (row.length != first + 17) {
            throw new IllegalArgumentException("a measurement row has " + (first + 17) + " columns, not " + row.length
                    + ": " + String.join(",", row));
        }
        Scenario scenario = Scenario.byId(row[first]);
        LoopShape shape = LoopShape.byId(row[first + 1]);
        Measurement.Status status = Measurement.Status.valueOf(row[first + 2]);
        long operations = Long.parseLong(row[first + 3]);
        long elapsed = Long.parseLong(row[first + 6]);
        WindowCost cost = status == Measurement.Status.OK
                ? new WindowCost(Long.parseLong(row[first + 9]), Long.parseLong(row[first + 11]),
                Integer.parseInt(row[first + 14]), Long.parseLong(row[first + 15]))
                : WindowCost.NONE;
        return new Measurement(scenario, shape, status, operations, elapsed, cost, row[first + 16]);
    }

    /** The rows of a CSV file after its header (RFC 4180: quoted fields, doubled quotes, no line breaks inside). */
    static List<String[]> csv(Path file) {
        List<String> lines = List.of(text(file).split("\n"));
        List<String[]> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            if (!lines.get(i).isEmpty()) {
                rows.add(fields(lines.get(i)));
            }
        }
        return rows;
    }

    static String[] fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("an unclosed quote in: " + line);
        }
        out.add(field.toString());
        return out.toArray(new String[0]);
    }

    private static String text(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static String group(Pattern p, String json, String what) {
        Matcher m = p.matcher(json);
        if (!m.find()) {
            throw new IllegalArgumentException("results.json has no \"" + what + "\" object");
        }
        return m.group(1);
    }

    /** The raw value of {@code "key": value} in a flat JSON object's body (up to the next comma or the end). */
    private static String raw(String object, String key) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(key) + "\"\\s*:\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|\\[[^]]*]|[^,]+)")
                .matcher(object);
        if (!m.find()) {
            throw new IllegalArgumentException("results.json has no \"" + key + "\"");
        }
        return m.group(1).trim();
    }

    private static String string(String object, String key) {
        String v = raw(object, key);
        if (v.length() < 2 || v.charAt(0) != '"') {
            throw new IllegalArgumentException("\"" + key + "\" is not a string: " + v);
        }
        return v.substring(1, v.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
    }

    private static double number(String object, String key) {
        String v = raw(object, key);
        try {
            return Double.parseDouble(v.toLowerCase(Locale.ROOT));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + key + "\" is not a number: " + v, e);
        }
    }

    private static List<String> strings(String object, String key) {
        String v = raw(object, key);
        if (!v.startsWith("[") || !v.endsWith("]")) {
            throw new IllegalArgumentException("\"" + key + "\" is not a list: " + v);
        }
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("\"([^\"]*)\"").matcher(v);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
