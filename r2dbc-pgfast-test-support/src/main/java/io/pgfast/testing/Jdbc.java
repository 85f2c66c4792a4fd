package io.pgfast.testing;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

import org.postgresql.Driver;

/** Builds pgjdbc URLs and opens connections without going through {@code DriverManager}'s class-loader rules. */
final class Jdbc {
    /** Seconds pgjdbc waits for a connection before giving up, so a dead server cannot hang a test run. */
    static final int CONNECT_TIMEOUT_SECONDS = 10;
    /** Bounds the whole login (TCP, TLS, authentication): a server that accepts but never answers must not hang. */
    static final int LOGIN_TIMEOUT_SECONDS = 30;

    private Jdbc() {
    }

    /** {@code jdbc:postgresql://host:port/db?k=v&...}; values are URL-encoded. */
    static String url(String host, int port, String database, Map<String, String> parameters) {
        Map<String, String> all = new LinkedHashMap<>(parameters);
        all.putIfAbsent("connectTimeout", Integer.toString(CONNECT_TIMEOUT_SECONDS));
        all.putIfAbsent("loginTimeout", Integer.toString(LOGIN_TIMEOUT_SECONDS));
        StringBuilder url = new StringBuilder("jdbc:postgresql://")
                .append(host.indexOf(':') >= 0 ? "[" + host + "]" : host)
                .append(':').append(port).append('/').append(encode(database));
        char separator = '?';
        for (Map.Entry<String, String> e : all.entrySet()) {
            url.append(separator).append(e.getKey()).append('=').append(encode(e.getValue()));
            separator = '&';
        }
        return url.toString();
    }

    static Connection connect(String url) throws SQLException {
        Connection connection = new Driver().connect(url, new Properties());
        if (connection == null) {
            throw new SQLException("pgjdbc does not accept the URL " + url);
        }
        return connection;
    }

    /** Runs each statement in order on {@code connection}; a failure names the statement. */
    static void execute(Connection connection, String... sql) throws SQLException {
        for (String statement : sql) {
            try (var st = connection.createStatement()) {
                st.execute(statement);
            } catch (SQLException e) {
                throw new SQLException("failed: " + statement + ": " + e.getMessage(), e.getSQLState(), e);
            }
        }
    }

    /** An SQL string literal: {@code 'it''s'}. */
    static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    /** An SQL identifier: {@code "a""b"}. */
    static String identifier(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
