package io.pgfast.bench.driver;

import io.pgfast.bench.Sink;

import java.util.List;

/**
 * Every operation checks that it got what the scenario asks for, so that a driver that returns fewer rows
 * cannot look fast.
 */
final class Checks {

    private Checks() {
    }

    static <T> List<T> rows(List<T> rows, int expected) {
        if (rows.size() != expected) {
            throw new IllegalStateException("expected " + expected + " rows, got " + rows.size());
        }
        Sink.take(rows);
        return rows;
    }

    static long count(long n, long expected) {
        if (n != expected) {
            throw new IllegalStateException("expected " + expected + " rows, got " + n);
        }
        return n;
    }

    static long updated(long n, long expected) {
        if (n != expected) {
            throw new IllegalStateException("expected " + expected + " rows updated, got " + n);
        }
        return n;
    }
}
