package io.pgfast.testing;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** What a running server says about its version. */
record ServerVersion(int major, String version) {

    /** Reads {@code server_version_num} (e.g. 170004: major = num / 10000 since PostgreSQL 10) and {@code server_version}. */
    static ServerVersion of(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery(
                     "SELECT current_setting('server_version_num')::int, current_setting('server_version')")) {
            rs.next();
            return new ServerVersion(rs.getInt(1) / 10000, rs.getString(2));
        }
    }
}
