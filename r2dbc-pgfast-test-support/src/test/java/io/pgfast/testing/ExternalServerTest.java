package io.pgfast.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The external path, pointed at the harness's own server as if the user had given its URL. */
@RequiresPostgres
class ExternalServerTest {
    private final TestServer local = TestPostgres.get();

    @BeforeEach
    void requireAServerSetUpHere() {
        Assumptions.assumeTrue(local.kind() != TestServer.Kind.EXTERNAL,
                "needs a server the harness set up (superuser known, pg_hba.conf ours)");
    }

    @Test
    void superuserUrlGetsRolesAndHonestCapabilities() {
        ExternalUrl url = ExternalUrl.parse("postgresql://" + local.superuser() + ":" + local.superuserPassword()
                + "@" + local.host() + ":" + local.port() + "/");
        TestServer external = ExternalServer.connect(url, Optional.of(local.caCert()), files());

        assertThat(external.kind()).isEqualTo(TestServer.Kind.EXTERNAL);
        assertThat(external.database()).isEqualTo("pgfast");
        assertThat(external.majorVersion()).isEqualTo(local.majorVersion());
        assertThat(external.tlsEnabled()).isTrue();
        assertThat(external.tlsVerifiable()).isTrue();
        assertThat(external.socketDirectory()).isEmpty();
        for (AuthMethod method : new AuthMethod[] {AuthMethod.TRUST, AuthMethod.PASSWORD, AuthMethod.MD5, AuthMethod.SCRAM}) {
            assertThat(external.supports(method)).as(method.name()).isTrue();
        }
        assertThat(external.supports(AuthMethod.CERT)).isFalse();
        external.execute("SELECT 1");
    }

    @Test
    void nonSuperuserUrlClaimsNoRoles() {
        ExternalUrl url = ExternalUrl.parse("postgresql://" + AuthMethod.SCRAM.roleName() + ":"
                + AuthMethod.SCRAM.password() + "@" + local.host() + ":" + local.port() + "/" + local.database());
        TestServer external = ExternalServer.connect(url, Optional.empty(), files());

        assertThat(external.database()).isEqualTo(local.database());
        for (AuthMethod method : AuthMethod.values()) {
            assertThat(external.supports(method)).as(method.name()).isFalse();
        }
        assertThat(external.tlsVerifiable()).isFalse();
        assertThatThrownBy(external::caCert).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("PGFAST_TEST_SSLROOTCERT");
    }

    @Test
    void unreachableServerFailsNamingTheUrlWithoutItsPassword() {
        ExternalUrl url = ExternalUrl.parse("postgresql://postgres:topsecret@127.0.0.1:1/db");

        assertThatThrownBy(() -> ExternalServer.connect(url, Optional.empty(), files()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("127.0.0.1:1")
                .hasMessageNotContaining("topsecret");
    }

    private CertificateFiles files() {
        return new CertificateFiles(local.clientCert().getParent());
    }
}
