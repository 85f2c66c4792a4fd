package io.pgfast.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A server given by URL. Its pg_hba.conf is not ours, so {@link TestServer#supports} is claimed for a method only
 * when pg_hba.conf has a line naming that role with that method and a pgjdbc login as the role succeeds. The
 * roles and database are created only if the URL's user is a superuser. {@link AuthMethod#CERT} is never claimed:
 * such a server does not trust the client CA generated here.
 */
final class ExternalServer {
    private static final List<AuthMethod> PASSWORD_ROLES =
            List.of(AuthMethod.TRUST, AuthMethod.PASSWORD, AuthMethod.MD5, AuthMethod.SCRAM);

    private ExternalServer() {
    }

    static RunningServer connect(ExternalUrl url, Optional<Path> serverCa, CertificateFiles clientFiles) {
        String database = url.database().orElse(ServerSetup.DATABASE);
        String maintenance = url.database().orElse(ServerSetup.MAINTENANCE_DATABASE);
        try (Connection c = Jdbc.connect(superuserUrl(url, maintenance))) {
            boolean superuser = isSuperuser(c);
            Set<AuthMethod> supported = EnumSet.noneOf(AuthMethod.class);
            Optional<String> replication = Optional.of("the URL's user is not a superuser, so the replication role was not set up");
            if (superuser) {
                RoleSetup.apply(c, database, PASSWORD_ROLES, db -> Jdbc.connect(superuserUrl(url, db)));
                for (AuthMethod method : PASSWORD_ROLES) {
                    if (hbaNames(c, method) && logsIn(url, database, method)) {
                        supported.add(method);
                    }
                }
                replication = ReplicationRole.unavailableReason(c);
                if (replication.isEmpty()) {
                    try (Connection db = Jdbc.connect(superuserUrl(url, database))) {
                        ReplicationRole.apply(c, db, database);
                    }
                    if (!logsIn(url, database, ReplicationRole.NAME, ReplicationRole.PASSWORD)) {
                        replication = Optional.of("pg_hba.conf does not let " + ReplicationRole.NAME + " log in with its password");
                    }
                }
            }
            ServerVersion version = ServerVersion.of(c);
            boolean tls = "on".equals(setting(c, "ssl"));
            return new RunningServer(TestServer.Kind.EXTERNAL, new ServerAddress(url.host(), url.port(), Optional.empty()),
                    version, database, new TestRole(url.user(), url.password()), tls, serverCa, clientFiles,
                    supported, "prefer", replication);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot use the server of PGFAST_TEST_URL " + url + ": " + e.getMessage(), e);
        }
    }

    private static String superuserUrl(ExternalUrl url, String database) {
        return Jdbc.url(url.host(), url.port(), database,
                Map.of("user", url.user(), "password", url.password(), "sslmode", "prefer"));
    }

    private static boolean isSuperuser(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    /** Whether the first valid TCP line of pg_hba.conf that names the role explicitly uses the method. */
    private static boolean hbaNames(Connection c, AuthMethod method) {
        String sql = "SELECT auth_method FROM pg_hba_file_rules WHERE error IS NULL AND type IN ('host', 'hostssl')"
                + " AND ? = ANY(user_name) ORDER BY line_number LIMIT 1";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, method.roleName());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && method.hbaRuleName().equals(rs.getString(1));
            }
        } catch (SQLException e) {
            return false;
        }
    }

    /** A trust login is tried without a password, so that success proves the server asked for none. */
    private static boolean logsIn(ExternalUrl url, String database, AuthMethod method) {
        return logsIn(url, database, method.roleName(), method == AuthMethod.TRUST ? null : method.password());
    }

    private static boolean logsIn(ExternalUrl url, String database, String user, String password) {
        Map<String, String> parameters = new HashMap<>(Map.of("user", user, "sslmode", "prefer"));
        if (password != null) {
            parameters.put("password", password);
        }
        try (Connection c = Jdbc.connect(Jdbc.url(url.host(), url.port(), database, parameters))) {
            return c.isValid(Jdbc.CONNECT_TIMEOUT_SECONDS);
        } catch (SQLException e) {
            return false;
        }
    }

    private static String setting(Connection c, String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT current_setting(?)")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }
}
