package io.pgfast.bench.app;

/**
 * A row of TFB's {@code world} table, serialized as {@code {"id":…,"randomNumber":…}} (the record's component names are
 * the JSON keys TFB's tests expect).
 */
public record World(int id, int randomNumber) {
}
