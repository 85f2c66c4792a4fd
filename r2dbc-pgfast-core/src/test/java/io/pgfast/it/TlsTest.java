package io.pgfast.it;

import io.pgfast.config.ChannelBindingMode;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.config.SslMode;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestServer;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcPermissionDeniedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

@RequiresPostgres
class TlsTest {

    private static PgfastConnectionConfigurationBuilder tls(AuthMethod role, SslMode mode) {
        TestServer s = TestDb.server();
        assumeTrue(s.tlsEnabled() && s.tlsVerifiable(), "the test server has no verifiable TLS");
        return Pg.config(role).sslMode(mode).sslRootCert(s.caCert());
    }

    private static boolean usesTls(PgfastConnection c) {
        return TestDb.one(c, "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", Boolean.class);
    }

    @ParameterizedTest
    @EnumSource(value = AuthMethod.class, names = {"TRUST", "PASSWORD", "MD5", "SCRAM"})
    void everyPasswordMethodOverVerifiedTls(AuthMethod method) {
        assumeTrue(TestDb.server().supports(method));
        PgfastConnection c = Pg.connect(tls(method, SslMode.VERIFY_FULL).build());
        try {
            assertThat(usesTls(c)).isTrue();
            assertThat(TestDb.one(c, "SELECT current_user", String.class)).isEqualTo(TestDb.server().role(method).user());
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void preferUsesTlsWhenTheServerHasIt() {
        assumeTrue(TestDb.server().tlsEnabled());
        PgfastConnection c = Pg.connect(Pg.config(AuthMethod.SCRAM).sslMode(SslMode.PREFER).build());
        try {
            assertThat(usesTls(c)).isTrue();
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void scramPlusWithRequiredChannelBinding() {
        PgfastConnection c = Pg.connect(tls(AuthMethod.SCRAM, SslMode.VERIFY_FULL).channelBinding(ChannelBindingMode.REQUIRE).build());
        try {
            assertThat(usesTls(c)).isTrue();
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void requiredChannelBindingRefusesMd5() {
        assumeTrue(TestDb.server().supports(AuthMethod.MD5));
        PgfastConnectionConfiguration config = tls(AuthMethod.MD5, SslMode.VERIFY_FULL).channelBinding(ChannelBindingMode.REQUIRE).build();
        assertThatThrownBy(() -> Pg.connect(config))
                .isInstanceOf(R2dbcPermissionDeniedException.class)
                .hasMessageContaining("channelBinding=require");
    }

    @Test
    void verifyFullRefusesAWrongCa() {
        PgfastConnectionConfiguration config = tls(AuthMethod.SCRAM, SslMode.VERIFY_FULL).sslRootCert(TestDb.server().wrongCaCert()).build();
        assertThatThrownBy(() -> Pg.connect(config)).isInstanceOf(R2dbcException.class).hasMessageContaining("TLS");
    }

    @Test
    void verifyCaRefusesAWrongCa() {
        PgfastConnectionConfiguration config = tls(AuthMethod.SCRAM, SslMode.VERIFY_CA).sslRootCert(TestDb.server().wrongCaCert()).build();
        assertThatThrownBy(() -> Pg.connect(config)).isInstanceOf(R2dbcException.class);
    }

    @Test
    void localhostNameIsVerified() {
        PgfastConnection c = Pg.connect(tls(AuthMethod.SCRAM, SslMode.VERIFY_FULL).host("localhost").build());
        try {
            assertThat(usesTls(c)).isTrue();
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void clientCertificateLogin() {
        TestServer s = TestDb.server();
        assumeTrue(s.supports(AuthMethod.CERT));
        PgfastConnection c = Pg.connect(tls(AuthMethod.CERT, SslMode.VERIFY_FULL)
                .sslCert(s.clientCert()).sslKey(s.clientKey()).build());
        try {
            assertThat(TestDb.one(c, "SELECT current_user", String.class)).isEqualTo(s.role(AuthMethod.CERT).user());
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void clientCertificateWithEncryptedKey() {
        TestServer s = TestDb.server();
        assumeTrue(s.supports(AuthMethod.CERT));
        PgfastConnection c = Pg.connect(tls(AuthMethod.CERT, SslMode.VERIFY_FULL)
                .sslCert(s.clientCert()).sslKey(s.clientKeyEncrypted()).sslPassword(s.clientKeyPassword()).build());
        try {
            assertThat(TestDb.one(c, "SELECT current_user", String.class)).isEqualTo(s.role(AuthMethod.CERT).user());
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void certRoleWithoutACertificateIsRefused() {
        assumeTrue(TestDb.server().supports(AuthMethod.CERT));
        assertThatThrownBy(() -> Pg.connect(tls(AuthMethod.CERT, SslMode.VERIFY_FULL).build()))
                .isInstanceOf(R2dbcException.class);
    }

    @Test
    void requireNeverFallsBackToPlaintext() {
        Optional<TestServer> plain = TestPostgres.withoutTls();
        assumeTrue(plain.isPresent());
        TestServer s = plain.get();
        PgfastConnectionConfiguration config = PgfastConnectionConfiguration.builder()
                .host(s.host()).port(s.port()).database(s.database())
                .username(s.role(AuthMethod.SCRAM).user()).password(s.role(AuthMethod.SCRAM).password())
                .sslMode(SslMode.REQUIRE).build();
        assertThatThrownBy(() -> Pg.connect(config)).isInstanceOf(R2dbcException.class).hasMessageContaining("does not support TLS");
    }

    @Test
    void preferFallsBackToPlaintextAndChannelBindingRequireRefuses() {
        Optional<TestServer> plain = TestPostgres.withoutTls();
        assumeTrue(plain.isPresent());
        TestServer s = plain.get();
        PgfastConnectionConfigurationBuilder b = PgfastConnectionConfiguration.builder()
                .host(s.host()).port(s.port()).database(s.database())
                .username(s.role(AuthMethod.SCRAM).user()).password(s.role(AuthMethod.SCRAM).password())
                .sslMode(SslMode.PREFER);
        PgfastConnection c = Pg.connect(b.build());
        try {
            assertThat(TestDb.one(c, "SELECT 1", Integer.class)).isEqualTo(1);
        } finally {
            TestDb.close(c);
        }
        assertThatThrownBy(() -> Pg.connect(b.channelBinding(ChannelBindingMode.REQUIRE).build()))
                .isInstanceOf(R2dbcPermissionDeniedException.class)
                .hasMessageContaining("needs TLS");
    }

    @Test
    void allowConnectsInPlaintext() {
        PgfastConnection c = Pg.connect(Pg.config(AuthMethod.SCRAM).sslMode(SslMode.ALLOW).build());
        try {
            assertThat(usesTls(c)).isFalse();
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void directTlsNegotiationOnPostgres17AndLater() {
        PgfastConnectionConfiguration config = tls(AuthMethod.SCRAM, SslMode.VERIFY_FULL)
                .sslNegotiation(io.pgfast.config.SslNegotiation.DIRECT).build();
        if (TestDb.server().majorVersion() >= 17) {
            PgfastConnection c = Pg.connect(config);
            try {
                assertThat(usesTls(c)).isTrue();
            } finally {
                TestDb.close(c);
            }
        } else {
            // older servers read the TLS ClientHello as a startup packet and close the connection
            assertThatThrownBy(() -> Pg.connect(config)).isInstanceOf(R2dbcException.class);
        }
    }
}
