package io.pgfast.bench.driver;

import io.r2dbc.spi.Readable;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.UUID;

/** Reads every column of a row of each shape with R2DBC's typed getter, into the row's value array. */
final class R2dbcRows {

    private R2dbcRows() {
    }

    static Object[] allTypes(Readable r) {
        return new Object[]{
                r.get(0, Integer.class), r.get(1, Long.class), r.get(2, BigDecimal.class), r.get(3, String.class),
                r.get(4, String.class), r.get(5, Boolean.class), r.get(6, Double.class), r.get(7, LocalDate.class),
                r.get(8, OffsetDateTime.class), r.get(9, UUID.class), r.get(10, ByteBuffer.class),
                r.get(11, String.class)};
    }

    static Object[] simpleTypes(Readable r) {
        return new Object[]{
                r.get(0, Integer.class), r.get(1, Long.class), r.get(2, String.class), r.get(3, Boolean.class),
                r.get(4, Double.class)};
    }

    static Object[] shortColumns(Readable r) {
        return new Object[]{
                r.get(0, Integer.class), r.get(1, Integer.class), r.get(2, Boolean.class), r.get(3, Integer.class),
                r.get(4, String.class)};
    }
}
