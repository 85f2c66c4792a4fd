package io.pgfast.failover;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTransientResourceException;

/** The failed operations of one load, kept whole so that the test can check each and the report can count them. */
final class Failures {

    /** One failed operation: its error and when it ended. */
    record Failure(Throwable error, long atNanos) {
        /** The class of the error and its SQLSTATE, e.g. {@code PgTransientResourceException 57P01}. */
        String kind() {
            String state = error instanceof R2dbcException ? ((R2dbcException) error).getSqlState() : null;
            return error.getClass().getSimpleName() + (state == null ? "" : " " + state);
        }
    }

    private final List<Failure> all = new ArrayList<>();

    synchronized void add(Throwable error, long atNanos) {
        all.add(new Failure(error, atNanos));
    }

    synchronized List<Failure> all() {
        return List.copyOf(all);
    }

    synchronized int size() {
        return all.size();
    }

    /** How many failures of each kind. */
    synchronized Map<String, Integer> byKind() {
        Map<String, Integer> kinds = new TreeMap<>();
        all.forEach(f -> kinds.merge(f.kind(), 1, Integer::sum));
        return kinds;
    }

    /** The first message of each kind of failure. */
    synchronized Map<String, String> samples() {
        Map<String, String> samples = new TreeMap<>();
        all.forEach(f -> samples.putIfAbsent(f.kind(), String.valueOf(f.error().getMessage())));
        return samples;
    }

    /** The failures that are not a connection-level R2DBC error (transient or non-transient resource). */
    synchronized List<Failure> notOfTheResourceKind() {
        return all.stream().filter(f -> !isResourceKind(f.error())).toList();
    }

    /** The failures whose message names none of the servers. */
    synchronized List<Failure> namingNoHost(Predicate<String> namesAHost) {
        return all.stream().filter(f -> f.error().getMessage() == null || !namesAHost.test(f.error().getMessage())).toList();
    }

    static boolean isResourceKind(Throwable e) {
        return e instanceof R2dbcTransientResourceException || e instanceof R2dbcNonTransientResourceException;
    }

    /** "3 PgTransientResourceException 57P01, 1 ..." */
    static String describe(Map<String, Integer> kinds) {
        if (kinds.isEmpty()) {
            return "none";
        }
        StringBuilder b = new StringBuilder();
        kinds.forEach((kind, n) -> b.append(b.length() == 0 ? "" : ", ").append(n).append(' ').append(kind));
        return b.toString();
    }
}
