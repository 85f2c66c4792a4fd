package io.pgfast.testing;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A PgBouncer release, as the first line of {@code pgbouncer --version} names it ({@code PgBouncer 1.18.0}). */
public record PgBouncerVersion(int major, int minor, int patch) implements Comparable<PgBouncerVersion> {
    /**
     * {@code max_prepared_statements}, which tracks named prepared statements in transaction and statement pooling,
     * appeared in 1.21. https://www.pgbouncer.org/changelog.html#pgbouncer-121x
     */
    static final PgBouncerVersion PREPARED_STATEMENTS = new PgBouncerVersion(1, 21, 0);
    private static final Pattern BANNER = Pattern.compile("PgBouncer (\\d+)\\.(\\d+)(?:\\.(\\d+))?");

    /** @throws IllegalArgumentException if {@code output} holds no {@code PgBouncer X.Y[.Z]} */
    static PgBouncerVersion parse(String output) {
        Matcher m = BANNER.matcher(output);
        if (!m.find()) {
            throw new IllegalArgumentException("no \"PgBouncer <version>\" in: " + output.strip());
        }
        return new PgBouncerVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                m.group(3) == null ? 0 : Integer.parseInt(m.group(3)));
    }

    /** Whether this release can keep named prepared statements working in transaction pooling. */
    public boolean supportsPreparedStatements() {
        return compareTo(PREPARED_STATEMENTS) >= 0;
    }

    @Override
    public int compareTo(PgBouncerVersion o) {
        int c = Integer.compare(major, o.major);
        if (c == 0) {
            c = Integer.compare(minor, o.minor);
        }
        return c != 0 ? c : Integer.compare(patch, o.patch);
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch;
    }
}
