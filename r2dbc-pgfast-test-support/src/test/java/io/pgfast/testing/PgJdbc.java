package io.pgfast.testing;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/** pgjdbc logins for the harness tests: what the server says about the session. */
final class PgJdbc {
    /** Who the server thinks is connected, and whether over TLS. */
    record Session(String user, boolean ssl, String clientDn) {
    }

    private PgJdbc() {
    }

    static Map<String, String> params(String... keyValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

    static Session login(TestServer server, Map<String, String> parameters) throws SQLException {
        try (Connection c = Jdbc.connect(Jdbc.url(server.host(), server.port(), server.database(), parameters));
             Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT current_user, ssl, client_dn FROM pg_stat_ssl"
                     + " WHERE pid = pg_backend_pid()")) {
            rs.next();
            return new Session(rs.getString(1), rs.getBoolean(2), rs.getString(3));
        }
    }

    /**
     * Skips the calling test on an external server not set up for {@code method} (its pg_hba.conf is not ours);
     * on a server the harness started every method must be there.
     */
    static void requireMethod(TestServer server, AuthMethod method) {
        if (server.kind() == TestServer.Kind.EXTERNAL) {
            Assumptions.assumeTrue(server.supports(method), () -> "external server not set up for " + method);
        } else {
            Assertions.assertThat(server.supports(method)).as("%s on %s", method, server.kind()).isTrue();
        }
    }

    /** Like {@link #requireMethod} for {@code sslmode=verify-full} against {@link TestServer#caCert()}. */
    static void requireVerifiableTls(TestServer server) {
        if (server.kind() == TestServer.Kind.EXTERNAL) {
            Assumptions.assumeTrue(server.tlsVerifiable(), "external server's CA unknown");
        } else {
            Assertions.assertThat(server.tlsVerifiable()).as("verifiable TLS on %s", server.kind()).isTrue();
        }
    }

    /** verify-full: the server certificate must chain to {@code server.caCert()} and name the host. */
    static Map<String, String> verifiedTls(TestServer server, String user) {
        return params("user", user, "sslmode", "verify-full", "sslrootcert", server.caCert().toString());
    }
}
