package io.pgfast.bench.app;

/** A row of TFB's {@code fortune} table. */
public record Fortune(int id, String message) {
}
