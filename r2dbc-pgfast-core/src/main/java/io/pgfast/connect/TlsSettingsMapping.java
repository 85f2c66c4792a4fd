package io.pgfast.connect;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.SslMode;
import io.pgfast.config.SslNegotiation;
import io.pgfast.transport.tls.TlsSettings;

import java.nio.file.Path;

/**
 * Turns the TLS options of a configuration into the transport's {@link TlsSettings}, so that the
 * transport never reads the R2DBC configuration. sslMode maps to the server check of libpq's table
 * (docs, "SSL Support"): allow and prefer check nothing, require checks the chain only when a root
 * certificate is available, verify-ca the chain, verify-full the chain and the host name.
 */
final class TlsSettingsMapping {

    private TlsSettingsMapping() {
    }

    /** @throws IllegalStateException for sslMode=disable, which never uses TLS */
    static TlsSettings of(PgfastConnectionConfiguration configuration) {
        TlsSettings.Builder settings = TlsSettings.builder(serverCheck(configuration.sslMode()))
                .sni(configuration.sslSni())
                .direct(configuration.sslNegotiation() == SslNegotiation.DIRECT)
                .handshakeTimeout(configuration.connectTimeout());
        configuration.sslRootCert().ifPresent(root -> {
            if (PgfastConnectionConfiguration.SSL_ROOT_CERT_SYSTEM.equals(root)) {
                settings.systemRoots();
            } else {
                settings.rootCertificateFile(Path.of(root));
            }
        });
        if (configuration.sslCert().isPresent() && configuration.sslKey().isPresent()) {
            settings.clientCertificate(configuration.sslCert().get(), configuration.sslKey().get(),
                    configuration.sslPassword().orElse(null));
        }
        configuration.sslContextBuilderCustomizer().ifPresent(settings::contextCustomizer);
        configuration.sslHostnameVerifier().ifPresent(settings::hostnameVerifier);
        return settings.build();
    }

    private static TlsSettings.ServerCheck serverCheck(SslMode mode) {
        switch (mode) {
            case ALLOW:
            case PREFER:
                return TlsSettings.ServerCheck.NONE;
            case REQUIRE:
                return TlsSettings.ServerCheck.CHAIN_IF_ROOT_AVAILABLE;
            case VERIFY_CA:
                return TlsSettings.ServerCheck.CHAIN;
            case VERIFY_FULL:
                return TlsSettings.ServerCheck.CHAIN_AND_HOST;
            default:
                throw new IllegalStateException("sslMode is " + mode.libpqName() + ": this configuration never uses TLS");
        }
    }
}
