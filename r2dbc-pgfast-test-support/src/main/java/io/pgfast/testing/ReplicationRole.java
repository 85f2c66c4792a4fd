package io.pgfast.testing;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * The login role of logical replication tests, {@value #NAME}: REPLICATION (so it may open walsender
 * connections and create slots), SCRAM password {@value #PASSWORD}, allowed to create publications and
 * tables in the test database. Usable only where the server has {@code wal_level = logical}.
 *
 * @see <a href="https://www.postgresql.org/docs/current/logical-replication-security.html">Logical Replication: Security</a>
 */
final class ReplicationRole {
    static final String NAME = "pgfast_replication";
    static final String PASSWORD = NAME + "_pw";
    /** Set on clusters and containers the harness starts (postgresql.conf / {@code -c}); slots and senders for the tests. */
    static final String WAL_LEVEL = "logical";
    static final int MAX_REPLICATION_SLOTS = 16;
    static final int MAX_WAL_SENDERS = 16;
    /** Two-phase decoding tests run PREPARE TRANSACTION, which the default (0) refuses. */
    static final int MAX_PREPARED_TRANSACTIONS = 16;

    private ReplicationRole() {
    }

    static TestRole role() {
        return new TestRole(NAME, PASSWORD);
    }

    /**
     * Creates (or resets) the role, as superuser. {@code CREATE} on the database lets it create publications;
     * {@code CREATE} on schema public lets it create the tables they publish.
     *
     * @param maintenance a superuser connection (autocommit)
     * @param db          a superuser connection to {@code database}
     */
    static void apply(Connection maintenance, Connection db, String database) throws SQLException {
        String role = Jdbc.identifier(NAME);
        String verb = exists(maintenance) ? "ALTER" : "CREATE";
        Jdbc.execute(maintenance,
                "SET password_encryption = 'scram-sha-256'",
                verb + " ROLE " + role + " LOGIN REPLICATION NOSUPERUSER PASSWORD " + Jdbc.literal(PASSWORD),
                "RESET password_encryption",
                "GRANT CONNECT, TEMPORARY, CREATE ON DATABASE " + Jdbc.identifier(database) + " TO " + role);
        db.setAutoCommit(true);
        Jdbc.execute(db, "GRANT USAGE, CREATE ON SCHEMA public TO " + role);
    }

    /** Why logical replication cannot work on this server, if it cannot: the settings it needs. */
    static Optional<String> unavailableReason(Connection c) throws SQLException {
        String walLevel = setting(c, "wal_level");
        if (!WAL_LEVEL.equals(walLevel)) {
            return Optional.of("the server has wal_level = " + walLevel + "; logical replication needs wal_level = logical");
        }
        if (Integer.parseInt(setting(c, "max_replication_slots")) == 0 || Integer.parseInt(setting(c, "max_wal_senders")) == 0) {
            return Optional.of("the server has max_replication_slots or max_wal_senders = 0");
        }
        return Optional.empty();
    }

    private static boolean exists(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = " + Jdbc.literal(NAME))) {
            return rs.next();
        }
    }

    private static String setting(Connection c, String name) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SHOW " + name)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
