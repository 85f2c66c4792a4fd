package io.pgfast.bench.driver;

import io.vertx.sqlclient.Row;

/** Reads every column of a row of each shape with vertx's typed getter, into the row's value array. */
final class VertxRows {

    private VertxRows() {
    }

    /** {@code jsonb} is read with {@link Row#getJsonObject}, vertx's own type for it. */
    static Object[] allTypes(Row r) {
        return new Object[]{
                r.getInteger(0), r.getLong(1), r.getBigDecimal(2), r.getString(3), r.getString(4), r.getBoolean(5),
                r.getDouble(6), r.getLocalDate(7), r.getOffsetDateTime(8), r.getUUID(9), r.getBuffer(10),
                r.getJsonObject(11)};
    }

    static Object[] simpleTypes(Row r) {
        return new Object[]{r.getInteger(0), r.getLong(1), r.getString(2), r.getBoolean(3), r.getDouble(4)};
    }

    static Object[] shortColumns(Row r) {
        return new Object[]{r.getInteger(0), r.getInteger(1), r.getBoolean(2), r.getInteger(3), r.getString(4)};
    }
}
