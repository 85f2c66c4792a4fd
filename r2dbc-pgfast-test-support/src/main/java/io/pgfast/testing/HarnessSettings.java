package io.pgfast.testing;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the user asked for, from system properties (which win) and environment variables:
 * <ul>
 *   <li>{@code pgfast.test.url} / {@code PGFAST_TEST_URL}: use this server, e.g. {@code postgresql://postgres:secret@host:5432/db}</li>
 *   <li>{@code pgfast.test.pg} / {@code PGFAST_TEST_PG}: the major to run (12..18)</li>
 *   <li>{@code pgfast.test.binaries}: {@code jar} (default, the binaries jar on the classpath) or {@code local}</li>
 *   <li>{@code pgfast.test.docker}: {@code false} skips the Testcontainers attempt</li>
 *   <li>{@code pgfast.test.sslrootcert} / {@code PGFAST_TEST_SSLROOTCERT}: the CA of an external server</li>
 *   <li>{@code pgfast.test.cache}: where the binaries jar is unpacked (default {@code java.io.tmpdir})</li>
 * </ul>
 */
record HarnessSettings(Optional<String> url, OptionalInt major, boolean localBinaries, boolean dockerAllowed,
                       Optional<Path> externalCa, Path cacheRoot) {
    static final int OLDEST_MAJOR = 12;

    static HarnessSettings fromEnvironment() {
        Optional<String> url = value("pgfast.test.url", "PGFAST_TEST_URL");
        OptionalInt major = value("pgfast.test.pg", "PGFAST_TEST_PG").map(HarnessSettings::parseMajor)
                .map(OptionalInt::of).orElse(OptionalInt.empty());
        String binaries = value("pgfast.test.binaries", null).orElse("jar").toLowerCase(Locale.ROOT);
        if (!binaries.equals("jar") && !binaries.equals("local")) {
            throw new IllegalArgumentException("pgfast.test.binaries must be 'jar' or 'local', not '" + binaries + "'");
        }
        boolean docker = !value("pgfast.test.docker", null).map(v -> v.equalsIgnoreCase("false")).orElse(false);
        Optional<Path> ca = value("pgfast.test.sslrootcert", "PGFAST_TEST_SSLROOTCERT").map(Path::of);
        Path cache = Path.of(value("pgfast.test.cache", null).orElse(System.getProperty("java.io.tmpdir")));
        return new HarnessSettings(url, major, binaries.equals("local"), docker, ca, cache);
    }

    private static int parseMajor(String value) {
        try {
            int major = Integer.parseInt(value.trim());
            if (major >= OLDEST_MAJOR) {
                return major;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("pgfast.test.pg must be a PostgreSQL major >= " + OLDEST_MAJOR
                + ", not '" + value + "'");
    }

    private static Optional<String> value(String property, String environment) {
        String v = System.getProperty(property);
        if ((v == null || v.isBlank()) && environment != null) {
            v = System.getenv(environment);
        }
        return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.trim());
    }
}
