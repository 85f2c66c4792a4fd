package io.pgfast.connect;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.config.SslMode;
import io.pgfast.config.SslNegotiation;
import io.pgfast.transport.tls.TlsSettings;
import io.pgfast.transport.tls.TlsSettings.ServerCheck;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/** The R2DBC options reach the transport as its own TlsSettings, with libpq's sslmode table. */
class TlsSettingsMappingTest {

    private static PgfastConnectionConfigurationBuilder config(SslMode mode) {
        return PgfastConnectionConfiguration.builder().username("u").host("db.example.test").sslMode(mode);
    }

    @Test
    void sslModesMapToServerChecks() {
        assertThat(TlsSettingsMapping.of(config(SslMode.ALLOW).build()).serverCheck()).isEqualTo(ServerCheck.NONE);
        assertThat(TlsSettingsMapping.of(config(SslMode.PREFER).build()).serverCheck()).isEqualTo(ServerCheck.NONE);
        assertThat(TlsSettingsMapping.of(config(SslMode.REQUIRE).build()).serverCheck()).isEqualTo(ServerCheck.CHAIN_IF_ROOT_AVAILABLE);
        assertThat(TlsSettingsMapping.of(config(SslMode.VERIFY_CA).build()).serverCheck()).isEqualTo(ServerCheck.CHAIN);
        assertThat(TlsSettingsMapping.of(config(SslMode.VERIFY_FULL).build()).serverCheck()).isEqualTo(ServerCheck.CHAIN_AND_HOST);
        assertThatIllegalStateException().isThrownBy(() -> TlsSettingsMapping.of(config(SslMode.DISABLE).build()))
                .withMessageContaining("sslMode is disable");
    }

    @Test
    void everyTlsOptionIsCarried() {
        TlsSettings defaults = TlsSettingsMapping.of(config(SslMode.REQUIRE).build());
        assertThat(defaults.roots()).isEqualTo(TlsSettings.Roots.DEFAULT_FILE);
        assertThat(defaults.rootCertificateFile()).isEmpty();
        assertThat(defaults.clientCertificateFile()).isEmpty();
        assertThat(defaults.sni()).isTrue();
        assertThat(defaults.direct()).isFalse();

        TlsSettings s = TlsSettingsMapping.of(config(SslMode.VERIFY_FULL).sslRootCert(Path.of("/etc/root.crt"))
                .sslCert(Path.of("/c.crt")).sslKey(Path.of("/c.key")).sslPassword("secret")
                .sslSni(false).sslNegotiation(SslNegotiation.DIRECT).connectTimeout(Duration.ofSeconds(7)).build());
        assertThat(s.roots()).isEqualTo(TlsSettings.Roots.FILE);
        assertThat(s.rootCertificateFile()).contains(Path.of("/etc/root.crt"));
        assertThat(s.clientCertificateFile()).contains(Path.of("/c.crt"));
        assertThat(s.clientKeyFile()).contains(Path.of("/c.key"));
        assertThat(s.clientKeyPassword()).contains("secret");
        assertThat(s.sni()).isFalse();
        assertThat(s.direct()).isTrue();
        assertThat(s.handshakeTimeout()).isEqualTo(Duration.ofSeconds(7));
        assertThat(s.toString()).doesNotContain("secret");
    }

    @Test
    void systemRoots() {
        TlsSettings s = TlsSettingsMapping.of(PgfastConnectionConfiguration.builder().username("u").host("h").sslRootCert("system").build());
        assertThat(s.roots()).isEqualTo(TlsSettings.Roots.SYSTEM);
        // libpq 16: sslrootcert=system makes verify-full the default
        assertThat(s.serverCheck()).isEqualTo(ServerCheck.CHAIN_AND_HOST);
    }
}
