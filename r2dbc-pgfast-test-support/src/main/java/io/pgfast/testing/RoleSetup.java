package io.pgfast.testing;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;

/**
 * Creates (or resets) the login role of each {@link AuthMethod} and the test database, as superuser over pgjdbc.
 * Re-running it on a server that already has them is harmless.
 */
final class RoleSetup {
    /** Opens a superuser connection to the named database. */
    @FunctionalInterface
    interface Connector {
        Connection open(String database) throws SQLException;
    }

    private RoleSetup() {
    }

    /**
     * @param maintenance a superuser connection to any database but {@code database}
     * @param database    the test database; created owned by the superuser if missing
     * @param connect     opens a superuser connection to a named database
     */
    static void apply(Connection maintenance, String database, Collection<AuthMethod> methods,
                      Connector connect) throws SQLException {
        maintenance.setAutoCommit(true);
        for (AuthMethod method : methods) {
            createRole(maintenance, method);
        }
        if (!exists(maintenance, "SELECT 1 FROM pg_database WHERE datname = ?", database)) {
            // CREATE DATABASE cannot run inside a transaction block; autocommit is on.
            Jdbc.execute(maintenance, "CREATE DATABASE " + Jdbc.identifier(database)
                    + " OWNER " + Jdbc.identifier(HbaConfig.SUPERUSER) + " ENCODING 'UTF8' TEMPLATE template0");
        }
        try (Connection db = connect.open(database)) {
            grant(db, database, methods);
        }
    }

    private static void createRole(Connection c, AuthMethod method) throws SQLException {
        // The stored verifier follows password_encryption at the time the password is set; an md5 login
        // needs an MD5 verifier. https://www.postgresql.org/docs/current/auth-password.html
        String encryption = method == AuthMethod.MD5 ? "md5" : "scram-sha-256";
        String role = Jdbc.identifier(method.roleName());
        String verb = exists(c, "SELECT 1 FROM pg_roles WHERE rolname = ?", method.roleName()) ? "ALTER" : "CREATE";
        Jdbc.execute(c,
                "SET password_encryption = " + Jdbc.literal(encryption),
                verb + " ROLE " + role + " LOGIN NOSUPERUSER PASSWORD " + Jdbc.literal(method.password()),
                "RESET password_encryption");
    }

    /** Since PostgreSQL 15 only the database owner may create in schema public; the tests need every role to. */
    private static void grant(Connection db, String database, Collection<AuthMethod> methods) throws SQLException {
        db.setAutoCommit(true);
        for (AuthMethod method : methods) {
            String role = Jdbc.identifier(method.roleName());
            Jdbc.execute(db,
                    "GRANT CONNECT, TEMPORARY ON DATABASE " + Jdbc.identifier(database) + " TO " + role,
                    "GRANT USAGE, CREATE ON SCHEMA public TO " + role);
        }
    }

    private static boolean exists(Connection c, String query, String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(query)) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
