package io.pgfast.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@RequiresPostgres
class ClientCertificateLoginTest {
    private final TestServer server = TestPostgres.get();

    @BeforeEach
    void requireCertificateLogin() {
        PgJdbc.requireMethod(server, AuthMethod.CERT);
        PgJdbc.requireVerifiableTls(server);
    }

    /** pgjdbc reads the key as PKCS#8 DER ({@code .pk8}); no password is sent. */
    static Map<String, String> clientCertificate(TestServer server) {
        Map<String, String> parameters = PgJdbc.verifiedTls(server, AuthMethod.CERT.roleName());
        parameters.put("sslcert", server.clientCert().toString());
        parameters.put("sslkey", server.clientKeyPk8().toString());
        return parameters;
    }

    @Test
    void certRoleLogsInWithTheClientCertificate() throws SQLException {
        PgJdbc.Session session = PgJdbc.login(server, clientCertificate(server));

        assertThat(session.user()).isEqualTo(AuthMethod.CERT.roleName());
        assertThat(session.ssl()).isTrue();
        assertThat(session.clientDn()).isEqualTo("/CN=" + AuthMethod.CERT.roleName());
    }

    @Test
    void certRoleWithoutAClientCertificateIsRejected() {
        Map<String, String> parameters = PgJdbc.verifiedTls(server, AuthMethod.CERT.roleName());
        // an absent file, so that pgjdbc does not fall back to ~/.postgresql/postgresql.crt
        Path none = server.clientCert().resolveSibling("absent.crt");
        parameters.put("sslcert", none.toString());
        parameters.put("password", AuthMethod.CERT.password());

        assertThatThrownBy(() -> PgJdbc.login(server, parameters))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("certificate");
    }

    @Test
    void certRoleWithoutTlsHasNoHbaLine() {
        Map<String, String> parameters = PgJdbc.params("user", AuthMethod.CERT.roleName(),
                "password", AuthMethod.CERT.password(), "sslmode", "disable");

        assertThatThrownBy(() -> PgJdbc.login(server, parameters))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("no pg_hba.conf entry");
    }

    @Test
    void clientCertificateForAnotherRoleIsRejected() {
        Map<String, String> parameters = clientCertificate(server);
        parameters.put("user", AuthMethod.SCRAM.roleName());

        // pgfast_scram's line is scram-sha-256: the certificate alone does not log in
        assertThatThrownBy(() -> PgJdbc.login(server, parameters)).isInstanceOf(SQLException.class);
    }
}
