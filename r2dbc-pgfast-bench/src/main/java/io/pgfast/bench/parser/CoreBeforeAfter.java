package io.pgfast.bench.parser;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code --parser --core-before DIR [--core-after DIR]}: {@link CoreDataRowBenchmark} on two builds of core and
 * codecs, in the rounds of {@link ParserBench} (after, before, after', before', the order rotating every round).
 *
 * <p>The two sides run the same compiled benchmark; only the forked JVM's class path differs: a "before" fork has
 * the jars of {@code --core-before} first, so its core and codecs classes are the earlier build's (the benchmark
 * jar's own follow, for everything else). JMH builds a fork's {@code -cp} from this JVM's {@code java.class.path}
 * property, after any JVM option given to it (so a {@code -cp} among them would lose), hence the property is set
 * for the duration of each fork. Every fork writes where it loaded {@code DataRow} and {@code UnsignedInts} from;
 * a fork whose classes did not come from its side's jars fails the run: a comparison of a build with itself
 * would show "no change" whatever the change did.
 */
final class CoreBeforeAfter {

    private static final String CLASS_PATH = "java.class.path";

    private CoreBeforeAfter() {
    }

    static void run(ParserBench.Settings settings) throws Exception {
        String host = System.getProperty(CLASS_PATH);
        List<Path> beforeJars = jars(settings.coreBefore());
        List<Path> afterJars = settings.coreAfter() == null ? List.of() : jars(settings.coreAfter());
        Map<ParserRun.Path, String> classesFrom = new LinkedHashMap<>();
        ParserRun run = new ParserRun(settings.rounds(), ParserRun.Path.AFTER, ParserRun.Path.BEFORE);
        ParserBench.runRounds(settings, run, (d, round, path, copy) -> {
            List<Path> jars = path == ParserRun.Path.BEFORE ? beforeJars : afterJars;
            Path where = Files.createTempFile("pgfast-classes-from", ".txt");
            try {
                System.setProperty(CLASS_PATH, classPath(jars, host));
                ParserRun.Fork fork;
                try {
                    fork = ParserBench.fork(settings, CoreDataRowBenchmark.class, d, path, copy, round,
                            new String[] {"-D" + CoreDataRowBenchmark.WHERE_PROPERTY + "=" + where});
                } finally {
                    System.setProperty(CLASS_PATH, host);
                }
                String seen = Files.readString(where, StandardCharsets.UTF_8);
                check(path, seen, jars, beforeJars);
                if (classesFrom.putIfAbsent(path, seen.strip().replace("\n", ", ")) == null) {
                    System.err.printf("[parser] %s forks: DataRow, UnsignedInts loaded from, and the build marker: %s%n", path.label(),
                            classesFrom.get(path));
                }
                return fork;
            } finally {
                Files.deleteIfExists(where);
            }
        });
        String describe = String.format(Locale.ROOT, "%s; core's receive path (CoreDataRowBenchmark: BackendMessageReader, "
                + "DataRow, the built-in decoders); before: %s (DataRow, UnsignedInts loaded from, and the build marker: %s); after: %s (%s)",
                settings.describe(), settings.coreBefore(), classesFrom.get(ParserRun.Path.BEFORE),
                settings.coreAfter() == null ? "this jar's own" : settings.coreAfter(),
                classesFrom.get(ParserRun.Path.AFTER));
        ParserBench.report(settings, run, describe);
    }

    /**
     * The jars of {@code dir}, by name.
     *
     * @throws IllegalArgumentException if {@code dir} is not a directory or holds no jar
     */
    static List<Path> jars(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(dir + " is not a directory (expected the jars of core and codecs "
                    + "of the build to compare with: before-after.sh makes it)");
        }
        List<Path> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted()
                    .forEach(f -> out.add(f.toAbsolutePath().normalize()));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(dir + " holds no jar (expected the jars of core and codecs)");
        }
        return out;
    }

    /** {@code jars} first, then {@code host}: a class in both is loaded from {@code jars}. */
    static String classPath(List<Path> jars, String host) {
        List<String> entries = new ArrayList<>();
        for (Path jar : jars) {
            entries.add(jar.toString());
        }
        entries.add(host);
        return String.join(File.pathSeparator, entries);
    }

    /**
     * Checks a fork's {@link CoreDataRowBenchmark#classesFrom()}: both classes from one of {@code jars}, or, for
     * a side without jars of its own, from none of {@code beforeJars}.
     *
     * @throws IllegalStateException if the fork loaded its classes from elsewhere
     */
    static void check(ParserRun.Path path, String seen, List<Path> jars, List<Path> beforeJars) {
        List<String> lines = seen.lines().filter(l -> !l.isBlank()).limit(2).toList();
        if (lines.size() != 2) {
            throw new IllegalStateException("the " + path.label() + " fork did not say where its classes came from: '"
                    + seen + "'");
        }
        for (String line : lines) {
            Path location = location(line);
            boolean ok = jars.isEmpty() ? !beforeJars.contains(location) : jars.contains(location);
            if (!ok) {
                throw new IllegalStateException("the " + path.label() + " fork loaded core/codecs classes from "
                        + location + ", not from " + (jars.isEmpty() ? "this jar's class path" : jars)
                        + ": the comparison would not compare the two builds");
            }
        }
    }

    private static Path location(String url) {
        try {
            return Path.of(new URL(url).toURI()).toAbsolutePath().normalize();
        } catch (IOException | URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("not a class-path location: " + url, e);
        }
    }
}
