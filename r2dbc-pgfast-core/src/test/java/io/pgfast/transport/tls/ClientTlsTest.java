package io.pgfast.transport.tls;

import static io.pgfast.transport.tls.TestPki.dns;
import static io.pgfast.transport.tls.TestPki.ip;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;

import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.config.SslMode;
import io.pgfast.config.SslNegotiation;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientTlsTest {

    private static final String HOST = "db.example.test";

    @TempDir
    static Path dir;

    private static TestPki.Issued ca;
    private static TestPki.Issued otherCa;
    private static TestPki.Issued server;
    private static TestPki.Issued serverWithoutSan;
    private static TestPki.Issued expiredServer;
    private static TestPki.Issued client;
    private static KeyPair clientRsaKeys;
    private static TestPki.Issued clientRsa;
    private static Path caFile;
    private static Path otherCaFile;
    private static Path missingDefaultRoot;

    @BeforeAll
    static void pki() throws Exception {
        ca = TestPki.ca("Test Root CA");
        otherCa = TestPki.ca("Other Root CA");
        server = TestPki.leaf(ca, "server", dns(HOST), dns("*.wild.example.test"), ip("127.0.0.1"), ip("::1"));
        serverWithoutSan = TestPki.leaf(ca, HOST);
        expiredServer = TestPki.leaf(ca, "expired", TestPki.ec(), "SHA256withECDSA", Duration.ofDays(-3), dns(HOST));
        client = TestPki.leaf(ca, "alice");
        clientRsaKeys = TestPki.rsa();
        clientRsa = TestPki.leaf(ca, "bob", clientRsaKeys, "SHA256withECDSA", Duration.ZERO);
        caFile = TestPki.writeCertificates(dir, "root.crt", ca.certificate());
        otherCaFile = TestPki.writeCertificates(dir, "other-root.crt", otherCa.certificate());
        missingDefaultRoot = dir.resolve("home/.postgresql/root.crt");
    }

    private static PgfastConnectionConfigurationBuilder config(SslMode mode) {
        return PgfastConnectionConfiguration.builder().username("u").host(HOST).sslMode(mode);
    }

    private static SslContext serverContext(TestPki.Issued identity, UnaryOperator<SslContextBuilder> customize) throws Exception {
        SslContextBuilder b = SslContextBuilder.forServer(identity.keys().getPrivate(), identity.certificate(), ca.certificate())
                .sslProvider(SslProvider.JDK).protocols("TLSv1.3", "TLSv1.2");
        return customize.apply(b).build();
    }

    private static TlsHandshake handshake(ClientTls tls, String host, TestPki.Issued serverIdentity) throws Exception {
        return handshake(tls, host, serverContext(serverIdentity, b -> b));
    }

    private static TlsHandshake handshake(ClientTls tls, String host, SslContext serverContext) {
        SslHandler clientHandler = tls.newHandler(ByteBufAllocator.DEFAULT, host, 5432);
        SslHandler serverHandler = serverContext.newHandler(ByteBufAllocator.DEFAULT);
        return TlsHandshake.run(clientHandler, serverHandler);
    }

    private static void assertAccepted(ClientTls tls, String host, TestPki.Issued serverIdentity) throws Exception {
        try (TlsHandshake h = handshake(tls, host, serverIdentity)) {
            assertThat(h.clientFailure()).as("client handshake failure").isNull();
            assertThat(h.succeeded()).isTrue();
        }
    }

    /** The client refused the server's certificate, for the reason given. */
    private static void assertRejected(ClientTls tls, String host, TestPki.Issued serverIdentity, String reason) throws Exception {
        try (TlsHandshake h = handshake(tls, host, serverIdentity)) {
            assertThat(h.succeeded()).isFalse();
            assertThat(h.clientFailure()).isNotNull();
            assertThat(causes(h.clientFailure())).anySatisfy(t -> assertThat(t)
                    .isInstanceOf(CertificateException.class).hasMessageContaining(reason));
        }
    }

    private static List<Throwable> causes(Throwable t) {
        List<Throwable> all = new java.util.ArrayList<>();
        for (Throwable c = t; c != null && !all.contains(c); c = c.getCause()) {
            all.add(c);
        }
        return all;
    }

    @Test
    void verifyFullAcceptsTheRightHostAndCa() throws Exception {
        ClientTls tls = ClientTls.create(config(SslMode.VERIFY_FULL).sslRootCert(caFile).build(), missingDefaultRoot);

        assertThat(tls.verifiesCertificate()).isTrue();
        assertThat(tls.verifiesHostName()).isTrue();
        assertAccepted(tls, HOST, server);
        assertAccepted(tls, "a.wild.example.test", server);
    }

    @Test
    void verifyFullRejectsAWrongHost() throws Exception {
        ClientTls tls = ClientTls.create(config(SslMode.VERIFY_FULL).sslRootCert(caFile).build(), missingDefaultRoot);

        assertRejected(tls, "other.example.test", server, "No subject alternative DNS name matching other.example.test");
        // a wildcard covers exactly one label
        assertRejected(tls, "a.b.wild.example.test", server, "No subject alternative DNS name matching");
    }

    @Test
    void verifyFullRejectsAWrongCa() throws Exception {
        ClientTls tls = ClientTls.create(config(SslMode.VERIFY_FULL).sslRootCert(otherCaFile).build(), missingDefaultRoot);

        assertRejected(tls, HOST, server, "unable to find valid certification path");
    }

    @Test
    void verifyFullChecksIpAddressSans() throws Exception {
        ClientTls tls = ClientTls.create(config(SslMode.VERIFY_FULL).sslRootCert(caFile).build(), missingDefaultRoot);

        assertAccepted(tls, "127.0.0.1", server);
        assertAccepted(tls, "::1", server);
        assertRejected(tls, "127.0.0.2", server, "No subject alternative names matching IP address 127.0.0.2");
    }

    @Test
    void verifyFullFallsBackToTheCommonNameWithoutSans() throws Exception {
        ClientTls tls = ClientTls.create(config(SslMode.VERIFY_FULL).sslRootCert(caFile).build(), missingDefaultRoot);

        assertAccepted(tls, HOST, serverWithoutSan);
        assertRejected(tls, "other.example.test", serverWithoutSan, "No name matching other.example.test");
    }

    @Test
    void verifyCaChecksTheChainButNotTheHost() throws Exception {
        ClientTls tls = ClientTls.create(config(SslMode.VERIFY_CA).sslRootCert(caFile).build(), missingDefaultRoot);

        assertThat(tls.verifiesHostName()).isFalse();
        assertAccepted(tls, "other.example.test", server);
        assertRejected(tls, HOST, expiredServer, "validity check failed");
        ClientTls wrongCa = ClientTls.create(config(SslMode.VERIFY_CA).sslRootCert(otherCaFile).build(), missingDefaultRoot);
        assertRejected(wrongCa, HOST, server, "unable to find valid certification path");
    }

    @Test
    void requireWithoutRootCertificateTrustsAnyCertificate() throws Exception {
        ClientTls tls = ClientTls.create(config(SslMode.REQUIRE).build(), missingDefaultRoot);

        assertThat(tls.verifiesCertificate()).isFalse();
        assertAccepted(tls, "other.example.test", expiredServer);
    }

    @Test
    void requireWithAnExplicitRootCertificateBehavesAsVerifyCa() throws Exception {
        ClientTls tls = ClientTls.create(config(SslMode.REQUIRE).sslRootCert(otherCaFile).build(), missingDefaultRoot);

        assertThat(tls.verifiesCertificate()).isTrue();
        assertRejected(tls, HOST, server, "unable to find valid certification path");
        assertAccepted(ClientTls.create(config(SslMode.REQUIRE).sslRootCert(caFile).build(), missingDefaultRoot),
                "other.example.test", server);
    }

    @Test
    void requireWithTheDefaultRootFilePresentBehavesAsVerifyCa() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home-with-root/.postgresql"));
        Path defaultRoot = Files.copy(otherCaFile, home.resolve("root.crt"));

        ClientTls tls = ClientTls.create(config(SslMode.REQUIRE).build(), defaultRoot);

        assertThat(tls.verifiesCertificate()).isTrue();
        assertRejected(tls, HOST, server, "unable to find valid certification path");
    }

    @Test
    void verifyCaUsesTheDefaultRootFile() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home-verify/.postgresql"));
        Path defaultRoot = Files.copy(caFile, home.resolve("root.crt"));

        assertAccepted(ClientTls.create(config(SslMode.VERIFY_CA).build(), defaultRoot), HOST, server);
    }

    @Test
    void preferAndAllowNeverCheckTheCertificate() throws Exception {
        assertAccepted(ClientTls.create(config(SslMode.PREFER).sslRootCert(otherCaFile).build(), missingDefaultRoot),
                "other.example.test", server);
        assertAccepted(ClientTls.create(config(SslMode.ALLOW).build(), missingDefaultRoot), "other.example.test", expiredServer);
    }

    @Test
    void verifyingWithoutAnyRootFileFailsClearly() {
        assertThatThrownBy(() -> ClientTls.create(config(SslMode.VERIFY_CA).build(), missingDefaultRoot))
                .isInstanceOf(TlsConfigurationException.class)
                .isInstanceOf(R2dbcNonTransientResourceException.class)
                .hasMessageContaining("root certificate file \"" + missingDefaultRoot + "\" does not exist")
                .hasMessageContaining("sslRootCert=system");
        assertThatThrownBy(() -> ClientTls.create(config(SslMode.VERIFY_FULL).sslRootCert(dir.resolve("nope.crt")).build(),
                missingDefaultRoot)).isInstanceOf(TlsConfigurationException.class).hasMessageContaining("nope.crt");
    }

    @Test
    void systemRootsDoNotTrustAPrivateCa() throws Exception {
        ClientTls tls = ClientTls.create(config(null).sslRootCert("system").build(), missingDefaultRoot);

        assertThat(tls.verifiesHostName()).isTrue();
        assertRejected(tls, HOST, server, "unable to find valid certification path");
    }

    @Test
    void rootFileWithoutCertificatesIsRejected() throws Exception {
        Path empty = TestPki.write(dir, "empty.crt", "nothing here\n");
        Path broken = TestPki.write(dir, "broken.crt", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n");
        Path unterminated = TestPki.write(dir, "open.crt", "-----BEGIN CERTIFICATE-----\nAAAA\n");
        Path badBase64 = TestPki.write(dir, "b64.crt", "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n");

        assertThatThrownBy(() -> ClientTls.create(config(SslMode.VERIFY_CA).sslRootCert(empty).build(), missingDefaultRoot))
                .isInstanceOf(TlsConfigurationException.class).hasMessageContaining("holds no PEM certificate");
        assertThatThrownBy(() -> ClientTls.create(config(SslMode.VERIFY_CA).sslRootCert(broken).build(), missingDefaultRoot))
                .isInstanceOf(TlsConfigurationException.class).hasMessageContaining("cannot be parsed");
        assertThatThrownBy(() -> ClientTls.create(config(SslMode.VERIFY_CA).sslRootCert(unterminated).build(), missingDefaultRoot))
                .isInstanceOf(TlsConfigurationException.class).hasMessageContaining("has no END line");
        assertThatThrownBy(() -> ClientTls.create(config(SslMode.VERIFY_CA).sslRootCert(badBase64).build(), missingDefaultRoot))
                .isInstanceOf(TlsConfigurationException.class).hasMessageContaining("not valid base64");
    }

    @Test
    void sniCarriesTheHostNameButNeverAnIpAddress() throws Exception {
        assertThat(requestedServerNames(config(SslMode.REQUIRE).build(), HOST)).containsExactly(new SNIHostName(HOST));
        assertThat(requestedServerNames(config(SslMode.REQUIRE).build(), "localhost")).containsExactly(new SNIHostName("localhost"));
        assertThat(requestedServerNames(config(SslMode.REQUIRE).build(), "127.0.0.1")).isEmpty();
        assertThat(requestedServerNames(config(SslMode.REQUIRE).build(), "::1")).isEmpty();
        assertThat(requestedServerNames(config(SslMode.REQUIRE).sslSni(false).build(), HOST)).isEmpty();
    }

    private static List<SNIServerName> requestedServerNames(PgfastConnectionConfiguration c, String host) throws Exception {
        try (TlsHandshake h = handshake(ClientTls.create(c, missingDefaultRoot), host, server)) {
            assertThat(h.succeeded()).isTrue();
            return ((ExtendedSSLSession) h.server.engine().getSession()).getRequestedServerNames();
        }
    }

    @Test
    void directNegotiationOffersAlpnPostgresql() throws Exception {
        ClientTls tls = ClientTls.create(config(SslMode.VERIFY_FULL).sslRootCert(caFile)
                .sslNegotiation(SslNegotiation.DIRECT).build(), missingDefaultRoot);
        SslContext alpnServer = serverContext(server, b -> b.applicationProtocolConfig(new ApplicationProtocolConfig(
                ApplicationProtocolConfig.Protocol.ALPN, ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, "postgresql")));

        try (TlsHandshake h = handshake(tls, HOST, alpnServer)) {
            assertThat(h.succeeded()).isTrue();
            assertThat(h.client.applicationProtocol()).isEqualTo("postgresql");
            assertThat(h.server.applicationProtocol()).isEqualTo("postgresql");
            tls.checkNegotiatedProtocol(h.client);
        }
        try (TlsHandshake h = handshake(tls, HOST, server)) {
            assertThat(h.succeeded()).isTrue();
            assertThatThrownBy(() -> tls.checkNegotiatedProtocol(h.client))
                    .isInstanceOf(R2dbcNonTransientResourceException.class)
                    .hasMessageContaining("did not negotiate ALPN protocol \"postgresql\"")
                    .hasMessageContaining("sslNegotiation=postgres");
        }
    }

    @Test
    void postgresNegotiationOffersNoAlpnAndNeedsNoCheck() throws Exception {
        ClientTls tls = ClientTls.create(config(SslMode.REQUIRE).build(), missingDefaultRoot);
        try (TlsHandshake h = handshake(tls, HOST, server)) {
            assertThat(h.succeeded()).isTrue();
            assertThat(h.client.applicationProtocol()).isNull();
            tls.checkNegotiatedProtocol(h.client);
        }
    }

    @Test
    void clientCertificateFromEveryKeyFormat() throws Exception {
        Path chain = TestPki.writeCertificates(dir, "alice.crt", client.certificate(), ca.certificate());
        Path rsaCert = TestPki.writeCertificates(dir, "bob.crt", clientRsa.certificate());
        assertClientCertificateSent(chain, TestPki.writePkcs8(dir, "alice.pk8", client.keys().getPrivate()), null, client);
        assertClientCertificateSent(chain, TestPki.writeEncryptedPkcs8Jdk(dir, "alice-jdk.pk8",
                client.keys().getPrivate(), "s3cret"), "s3cret", client);
        // OpenSSL derives the key from the UTF-8 bytes of the password
        assertClientCertificateSent(chain, TestPki.writeEncryptedPkcs8OpenSsl(dir, "alice-openssl.pk8",
                client.keys().getPrivate(), "pässwörd-€"), "pässwörd-€", client);
        assertClientCertificateSent(chain, TestPki.writeSec1(dir, "alice.sec1", client.keys()), null, client);
        assertClientCertificateSent(rsaCert, TestPki.writePkcs1(dir, "bob.pkcs1", clientRsaKeys.getPrivate()), null, clientRsa);
        assertClientCertificateSent(rsaCert, TestPki.writePkcs8(dir, "bob.pk8", clientRsaKeys.getPrivate()), null, clientRsa);
    }

    private static void assertClientCertificateSent(Path cert, Path key, String password, TestPki.Issued identity) throws Exception {
        ClientTls tls = ClientTls.create(config(SslMode.VERIFY_FULL).sslRootCert(caFile).sslCert(cert).sslKey(key)
                .sslPassword(password).build(), missingDefaultRoot);
        SslContext requiringServer = serverContext(server, b -> b.clientAuth(ClientAuth.REQUIRE).trustManager(ca.certificate()));
        try (TlsHandshake h = handshake(tls, HOST, requiringServer)) {
            assertThat(h.clientFailure()).as(key.getFileName().toString()).isNull();
            assertThat(h.succeeded()).isTrue();
            Certificate[] peer = h.server.engine().getSession().getPeerCertificates();
            assertThat(peer[0]).isEqualTo(identity.certificate());
        }
    }

    @Test
    void serverDemandingACertificateFailsWithoutOne() throws Exception {
        ClientTls tls = ClientTls.create(config(SslMode.VERIFY_FULL).sslRootCert(caFile).build(), missingDefaultRoot);
        SslContext requiringServer = serverContext(server, b -> b.clientAuth(ClientAuth.REQUIRE).trustManager(ca.certificate()));
        try (TlsHandshake h = handshake(tls, HOST, requiringServer)) {
            assertThat(h.succeeded()).isFalse();
        }
    }

    @Test
    void unusableClientKeysFailClearly() throws Exception {
        Path cert = TestPki.writeCertificates(dir, "alice2.crt", client.certificate());
        Path rsaCert = TestPki.writeCertificates(dir, "bob2.crt", clientRsa.certificate());
        Path encrypted = TestPki.writeEncryptedPkcs8OpenSsl(dir, "enc.pk8", client.keys().getPrivate(), "right-password");
        Path legacy = TestPki.writeLegacyEncrypted(dir, "legacy.key", clientRsaKeys.getPrivate(), "pw");
        Path otherKey = TestPki.writePkcs8(dir, "other.pk8", TestPki.ec().getPrivate());
        Path rsaKey = TestPki.writePkcs8(dir, "rsa.pk8", clientRsaKeys.getPrivate());
        Path noKey = TestPki.write(dir, "nokey.pem", "just text\n");
        Path dsaLabel = TestPki.write(dir, "dsa.pem", TestPki.pem("DSA PRIVATE KEY", new byte[] {0x30, 0x00}));
        Path truncated = TestPki.write(dir, "trunc.pk8", TestPki.pem("PRIVATE KEY", new byte[] {0x30, 0x10, 0x02}));

        assertKeyError(cert, dir.resolve("absent.key"), null, "sslKey file " + dir.resolve("absent.key") + " does not exist");
        assertKeyError(cert, encrypted, null, "is encrypted; set sslPassword");
        assertKeyError(cert, encrypted, "wrong-password", "could not be decrypted: wrong sslPassword?");
        assertKeyError(rsaCert, legacy, "pw", "legacy OpenSSL key encryption, which is not supported; convert it with: openssl pkcs8");
        assertKeyError(cert, otherKey, null, "does not match the certificate in sslCert file");
        assertKeyError(cert, rsaKey, null, "does not match the certificate in sslCert file");
        assertKeyError(cert, noKey, null, "holds no PEM private key");
        assertKeyError(cert, dsaLabel, null, "\"DSA PRIVATE KEY\" keys are not supported");
        assertKeyError(cert, truncated, null, "cannot be decoded");
        assertKeyError(dir.resolve("absent.crt"), otherKey, null, "sslCert file " + dir.resolve("absent.crt") + " does not exist");
    }

    private static void assertKeyError(Path cert, Path key, String password, String message) {
        PgfastConnectionConfiguration c = config(SslMode.REQUIRE).sslCert(cert).sslKey(key).sslPassword(password).build();
        assertThatThrownBy(() -> ClientTls.create(c, missingDefaultRoot))
                .isInstanceOf(TlsConfigurationException.class)
                .hasMessageContaining(message)
                .satisfies(e -> {
                    if (password != null) {
                        assertThat(e.getMessage()).doesNotContain(password);
                    }
                });
    }

    @Test
    void handshakeTimeoutFollowsConnectTimeout() {
        ClientTls tls = ClientTls.create(config(SslMode.REQUIRE).connectTimeout(Duration.ofSeconds(3)).build(), missingDefaultRoot);
        assertThat(tls.newHandler(ByteBufAllocator.DEFAULT, HOST, 5432).getHandshakeTimeoutMillis()).isEqualTo(3000);
        ClientTls unbounded = ClientTls.create(config(SslMode.REQUIRE).connectTimeout(Duration.ZERO).build(), missingDefaultRoot);
        assertThat(unbounded.newHandler(ByteBufAllocator.DEFAULT, HOST, 5432).getHandshakeTimeoutMillis()).isZero();
        assertThat(tls.sslContext().isClient()).isTrue();
    }

    @Test
    void disableNeedsNoTls() {
        assertThatThrownBy(() -> ClientTls.create(config(SslMode.DISABLE).build()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("sslMode is disable");
        ClientTls tls = ClientTls.create(config(SslMode.REQUIRE).build(), missingDefaultRoot);
        assertThatThrownBy(() -> tls.newHandler(ByteBufAllocator.DEFAULT, "", 5432)).isInstanceOf(IllegalArgumentException.class);
        assertThat(ClientTls.defaultRootCertificate().endsWith(Path.of(".postgresql", "root.crt"))).isTrue();
    }
}
