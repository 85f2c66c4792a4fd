package io.pgfast.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@RequiresPostgres
class RoleLoginTest {
    private final TestServer server = TestPostgres.get();

    @ParameterizedTest
    @EnumSource(value = AuthMethod.class, names = {"TRUST", "PASSWORD", "MD5", "SCRAM"})
    void roleLogsInOverPlainTcp(AuthMethod method) throws SQLException {
        PgJdbc.requireMethod(server, method);
        PgJdbc.Session session = PgJdbc.login(server, credentials(method, "sslmode", "disable"));

        assertThat(session.user()).isEqualTo(method.roleName());
        assertThat(session.ssl()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(value = AuthMethod.class, names = {"TRUST", "PASSWORD", "MD5", "SCRAM"})
    void roleLogsInOverVerifiedTls(AuthMethod method) throws SQLException {
        PgJdbc.requireMethod(server, method);
        PgJdbc.requireVerifiableTls(server);
        Map<String, String> parameters = credentials(method, "sslmode", "verify-full",
                "sslrootcert", server.caCert().toString());

        PgJdbc.Session session = PgJdbc.login(server, parameters);

        assertThat(session.user()).isEqualTo(method.roleName());
        assertThat(session.ssl()).isTrue();
    }

    @ParameterizedTest
    @EnumSource(value = AuthMethod.class, names = {"PASSWORD", "MD5", "SCRAM"})
    void passwordRoleRejectsAWrongPassword(AuthMethod method) {
        PgJdbc.requireMethod(server, method);
        Map<String, String> parameters = PgJdbc.params("user", method.roleName(), "password", "wrong",
                "sslmode", "disable");

        assertThatThrownBy(() -> PgJdbc.login(server, parameters))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("password authentication failed");
    }

    @Test
    void trustRoleNeedsNoPassword() throws SQLException {
        PgJdbc.requireMethod(server, AuthMethod.TRUST);
        PgJdbc.Session session = PgJdbc.login(server,
                PgJdbc.params("user", AuthMethod.TRUST.roleName(), "sslmode", "disable"));

        assertThat(session.user()).isEqualTo(AuthMethod.TRUST.roleName());
    }

    /** pg_hba.conf decides the method: each role's first TCP line must name its own method. */
    @ParameterizedTest
    @EnumSource(AuthMethod.class)
    void hbaLineOfEachRoleNamesItsMethod(AuthMethod method) throws SQLException {
        PgJdbc.requireMethod(server, method);
        try (Connection c = server.jdbc();
             PreparedStatement ps = c.prepareStatement("SELECT type, auth_method, options FROM pg_hba_file_rules"
                     + " WHERE ? = ANY(user_name) AND type LIKE 'host%' ORDER BY line_number LIMIT 1")) {
            ps.setString(1, method.roleName());
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString("type")).isEqualTo(method == AuthMethod.CERT ? "hostssl" : "host");
                assertThat(rs.getString("auth_method")).isEqualTo(method.hbaRuleName());
            }
        }
    }

    /** The md5 method runs SCRAM instead when the stored verifier is SCRAM, so the MD5 role must store MD5. */
    @ParameterizedTest
    @EnumSource(value = AuthMethod.class, names = {"PASSWORD", "MD5", "SCRAM"})
    void storedVerifierMatchesTheMethod(AuthMethod method) throws SQLException {
        PgJdbc.requireMethod(server, method);
        try (Connection c = server.jdbc();
             PreparedStatement ps = c.prepareStatement("SELECT rolpassword FROM pg_authid WHERE rolname = ?")) {
            ps.setString(1, method.roleName());
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).startsWith(method == AuthMethod.MD5 ? "md5" : "SCRAM-SHA-256$");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(AuthMethod.class)
    void everyRoleCanCreateATableInSchemaPublic(AuthMethod method) throws SQLException {
        PgJdbc.requireMethod(server, method);
        TestRole role = server.role(method);
        assertThat(role.user()).isEqualTo(method.roleName());
        assertThat(role.password()).isEqualTo(method.roleName() + "_pw");
        Map<String, String> parameters = method == AuthMethod.CERT
                ? ClientCertificateLoginTest.clientCertificate(server)
                : credentials(method, "sslmode", "disable");
        String table = "harness_create_" + method.name().toLowerCase();
        try (Connection c = Jdbc.connect(Jdbc.url(server.host(), server.port(), server.database(), parameters))) {
            Jdbc.execute(c, "CREATE TABLE public." + table + " (id int)", "DROP TABLE public." + table);
        }
    }

    @Test
    void verifyFullAgainstTheWrongCaFails() {
        PgJdbc.requireMethod(server, AuthMethod.SCRAM);
        Assumptions.assumeTrue(server.tlsEnabled(), "server without TLS");
        Map<String, String> parameters = credentials(AuthMethod.SCRAM, "sslmode", "verify-full",
                "sslrootcert", server.wrongCaCert().toString());

        assertThatThrownBy(() -> PgJdbc.login(server, parameters)).isInstanceOf(SQLException.class);
    }

    @Test
    void serverAdvertisesTlsAndUnixSocket() {
        PgJdbc.requireVerifiableTls(server);
        assertThat(server.tlsEnabled()).isTrue();
        if (server.kind() == TestServer.Kind.LOCAL_BINARIES) {
            assertThat(server.socketDirectory()).hasValueSatisfying(dir ->
                    assertThat(dir.resolve(".s.PGSQL." + server.port())).exists());
        }
    }

    private static Map<String, String> credentials(AuthMethod method, String... more) {
        Map<String, String> parameters = PgJdbc.params(more);
        parameters.put("user", method.roleName());
        if (method != AuthMethod.TRUST) {
            parameters.put("password", method.password());
        }
        return parameters;
    }
}
