package io.pgfast.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

@RequiresPostgres
class WithoutTlsTest {

    @Test
    void offeredExactlyWhenTheMainServerIsALocalCluster() {
        boolean local = TestPostgres.get().kind() == TestServer.Kind.LOCAL_BINARIES;

        assertThat(TestPostgres.withoutTls()).as("withoutTls() on %s", TestPostgres.get().kind())
                .matches(o -> o.isPresent() == local);
    }

    private static TestServer plainServer() {
        Optional<TestServer> plain = TestPostgres.withoutTls();
        Assumptions.assumeTrue(plain.isPresent(), "no second cluster next to a " + TestPostgres.get().kind() + " server");
        return plain.get();
    }

    @Test
    void secondClusterRefusesTls() {
        TestServer plain = plainServer();
        Map<String, String> parameters = PgJdbc.params("user", AuthMethod.SCRAM.roleName(),
                "password", AuthMethod.SCRAM.password(), "sslmode", "require");

        assertThatThrownBy(() -> PgJdbc.login(plain, parameters))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("does not support SSL");
    }

    @Test
    void secondClusterServesThePasswordRolesWithoutTls() throws SQLException {
        TestServer plain = plainServer();

        assertThat(plain.tlsEnabled()).isFalse();
        assertThat(plain.tlsVerifiable()).isFalse();
        assertThat(plain.supports(AuthMethod.CERT)).isFalse();
        assertThat(plain.port()).isNotEqualTo(TestPostgres.get().port());
        for (AuthMethod method : new AuthMethod[] {AuthMethod.PASSWORD, AuthMethod.MD5, AuthMethod.SCRAM}) {
            PgJdbc.Session session = PgJdbc.login(plain, PgJdbc.params("user", method.roleName(),
                    "password", method.password(), "sslmode", "disable"));
            assertThat(session.user()).isEqualTo(method.roleName());
        }
        assertThatThrownBy(() -> plain.role(AuthMethod.CERT)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(plain::caCert).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void secondClusterIsStartedOnce() {
        assertThat(plainServer()).isSameAs(plainServer());
    }
}
