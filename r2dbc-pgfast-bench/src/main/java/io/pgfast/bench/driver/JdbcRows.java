package io.pgfast.bench.driver;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.UUID;

/** Reads every column of a row of each shape with JDBC's typed getter, into the row's value array. */
final class JdbcRows {

    private JdbcRows() {
    }

    static Object[] allTypes(ResultSet r) throws SQLException {
        return new Object[]{
                r.getInt(1), r.getLong(2), r.getBigDecimal(3), r.getString(4), r.getString(5), r.getBoolean(6),
                r.getDouble(7), r.getObject(8, LocalDate.class), r.getObject(9, OffsetDateTime.class),
                r.getObject(10, UUID.class), r.getBytes(11), r.getString(12)};
    }

    static Object[] simpleTypes(ResultSet r) throws SQLException {
        return new Object[]{r.getInt(1), r.getLong(2), r.getString(3), r.getBoolean(4), r.getDouble(5)};
    }

    static Object[] shortColumns(ResultSet r) throws SQLException {
        return new Object[]{r.getInt(1), r.getInt(2), r.getBoolean(3), r.getInt(4), r.getString(5)};
    }
}
