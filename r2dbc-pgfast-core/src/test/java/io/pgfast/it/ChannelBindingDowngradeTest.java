package io.pgfast.it;

import io.pgfast.config.ChannelBindingMode;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.config.SslMode;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;
import io.pgfast.transport.tls.TestPki;
import io.r2dbc.spi.R2dbcPermissionDeniedException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code channelBinding=require} is never downgraded (CVE-2025-49146, CVE-2026-54291 and their class):
 * against a real server, every way of authenticating without SCRAM-SHA-256-PLUS bound to the server's
 * certificate is refused before a secret leaves the client:
 * <ul>
 *   <li>trust, cleartext password and MD5, over the server's own verified TLS;</li>
 *   <li>the same and SCRAM without -PLUS behind a TLS-terminating man in the middle, whose relay shows
 *       that no password (and no SASL response) was sent;</li>
 *   <li>a server whose certificate is signed with Ed25519 or Ed448, for which RFC 5929 defines no
 *       tls-server-end-point hash, so no binding is possible (the server is switched to such a
 *       certificate by ALTER SYSTEM and a reload, and back afterwards; the wait for the reload is
 *       bounded only to end a broken run, not timed).</li>
 * </ul>
 * Each refusal has a control that connects with {@code channelBinding=prefer} through the same path,
 * so the refusal is the option's doing and not a broken setup.
 */
@RequiresPostgres
class ChannelBindingDowngradeTest {

    private static final Duration RELOAD_WAIT = Duration.ofSeconds(60);

    private static PgfastConnectionConfigurationBuilder overServerTls(AuthMethod method) {
        TestServer s = TestDb.server();
        assumeTrue(s.tlsEnabled() && s.tlsVerifiable(), "the test server has no verifiable TLS");
        assumeTrue(s.supports(method), method + " is not set up on the test server");
        return Pg.config(method).sslMode(SslMode.VERIFY_FULL).sslRootCert(s.caCert());
    }

    @ParameterizedTest
    @EnumSource(value = AuthMethod.class, names = {"TRUST", "PASSWORD", "MD5"})
    void requireRefusesEveryMethodWithoutScramPlus(AuthMethod method) {
        PgfastConnectionConfigurationBuilder config = overServerTls(method);
        assertThatThrownBy(() -> Pg.connect(config.channelBinding(ChannelBindingMode.REQUIRE).build()))
                .isInstanceOf(R2dbcPermissionDeniedException.class)
                .hasMessageContaining("channelBinding=require");
        // control: the same login without the requirement works
        PgfastConnection c = Pg.connect(config.channelBinding(ChannelBindingMode.PREFER).build());
        TestDb.close(c);
    }

    /**
     * sslMode allow tries plaintext first, where the server offers SCRAM without -PLUS; prefer falls back to it
     * when TLS fails. With channelBinding=require a plaintext SCRAM login is refused; whatever the driver tries
     * next, a connection it hands out is bound to the server's certificate, so it runs over TLS.
     */
    @ParameterizedTest
    @EnumSource(value = SslMode.class, names = {"ALLOW", "PREFER"})
    void requireNeverHandsOutAnUnboundConnection(SslMode mode) {
        TestServer s = TestDb.server();
        assumeTrue(s.tlsEnabled() && s.supports(AuthMethod.SCRAM), "the test server has no TLS or no SCRAM role");
        PgfastConnection c;
        try {
            c = Pg.connect(Pg.config(AuthMethod.SCRAM).sslMode(mode).channelBinding(ChannelBindingMode.REQUIRE).build());
        } catch (R2dbcPermissionDeniedException refused) {
            assertThat(refused).hasMessageContaining("channelBinding=require");
            return;
        }
        try {
            assertThat(TestDb.one(c, "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", Boolean.class)).isTrue();
        } finally {
            TestDb.close(c);
        }
        // and plaintext alone is refused before a SASL response is sent
        assertThatThrownBy(() -> Pg.connect(Pg.config(AuthMethod.SCRAM).sslMode(SslMode.DISABLE)
                .channelBinding(ChannelBindingMode.REQUIRE).build())).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @EnumSource(value = AuthMethod.class, names = {"PASSWORD", "MD5", "SCRAM"})
    void requireSendsNoSecretToAManInTheMiddle(AuthMethod method) throws Exception {
        TestServer s = TestDb.server();
        assumeTrue(s.supports(method));
        KeyPair keys = TestPki.ec();
        try (TlsTerminatingProxy proxy = new TlsTerminatingProxy(s.host(), s.port(), keys,
                TestPki.selfSigned(keys, "SHA256withECDSA"))) {
            TestRole role = s.role(method);
            PgfastConnectionConfigurationBuilder config = Pg.config(method).host("127.0.0.1").port(proxy.port())
                    .sslMode(SslMode.REQUIRE);

            assertThatThrownBy(() -> Pg.connect(config.channelBinding(ChannelBindingMode.REQUIRE).build()))
                    .isInstanceOf(R2dbcPermissionDeniedException.class)
                    .hasMessageContaining("channelBinding=require");
            byte[] sent = proxy.clientBytes();
            assertThat(new String(sent, StandardCharsets.ISO_8859_1)).as("what the client sent through the proxy")
                    .doesNotContain(role.password());
            // 'p' is PasswordMessage, SASLInitialResponse and SASLResponse alike; a Terminate may follow the refusal
            assertThat(messageTypes(sent)).as("messages after the StartupMessage").doesNotContain('p');

            // control: without the requirement the relay is transparent and the login goes through
            PgfastConnection c = Pg.connect(config.channelBinding(ChannelBindingMode.PREFER).build());
            try {
                assertThat(TestDb.one(c, "SELECT current_user", String.class)).isEqualTo(role.user());
            } finally {
                TestDb.close(c);
            }
        }
    }

    /** The type bytes of the messages after the StartupMessage (which has none) in a client byte stream. */
    private static List<Character> messageTypes(byte[] stream) {
        List<Character> types = new ArrayList<>();
        int pos = readInt(stream, 0);
        while (pos + 5 <= stream.length) {
            types.add((char) stream[pos]);
            pos += 1 + readInt(stream, pos + 1);
        }
        return types;
    }

    private static int readInt(byte[] b, int at) {
        return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | (b[at + 3] & 0xFF);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Ed25519", "Ed448"})
    void requireRefusesAServerCertificateWithoutABindingHash(String algorithm) throws Exception {
        TestServer s = TestDb.server();
        assumeTrue(s.tlsEnabled() && s.tlsVerifiable() && s.supports(AuthMethod.SCRAM));
        assumeTrue(s.kind() != TestServer.Kind.EXTERNAL, "the server's certificate is only switched on servers the harness started");
        KeyPair keys = TestPki.generate(algorithm, 0);
        X509Certificate certificate = TestPki.selfSigned(keys, algorithm);
        String original = serverSignatureAlgorithm(s);
        Path directory = s.caCert().getParent();
        Path certificateFile = directory.resolve("pgfast-" + algorithm.toLowerCase(Locale.ROOT) + ".crt");
        Path keyFile = directory.resolve("pgfast-" + algorithm.toLowerCase(Locale.ROOT) + ".key");
        try {
            write(certificateFile, TestPki.pem("CERTIFICATE", certificate.getEncoded()));
            write(keyFile, TestPki.pem("PRIVATE KEY", keys.getPrivate().getEncoded()));
            s.execute("ALTER SYSTEM SET ssl_cert_file = '" + certificateFile + "'", "ALTER SYSTEM SET ssl_key_file = '" + keyFile + "'",
                    "SELECT pg_reload_conf()");
            awaitServerSignatureAlgorithm(s, algorithm);

            PgfastConnectionConfigurationBuilder config = Pg.config(AuthMethod.SCRAM).sslMode(SslMode.REQUIRE);
            assertThatThrownBy(() -> Pg.connect(config.channelBinding(ChannelBindingMode.REQUIRE).build()))
                    .isInstanceOf(R2dbcPermissionDeniedException.class)
                    .hasMessageContaining("channelBinding=require")
                    .hasMessageContaining(algorithm)
                    .hasMessageContaining("no tls-server-end-point channel binding is defined");

            // control: the server works with that certificate; prefer authenticates with SCRAM, unbound
            PgfastConnection c = Pg.connect(config.channelBinding(ChannelBindingMode.PREFER).build());
            try {
                assertThat(TestDb.one(c, "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", Boolean.class)).isTrue();
            } finally {
                TestDb.close(c);
            }
        } finally {
            s.execute("ALTER SYSTEM RESET ssl_cert_file", "ALTER SYSTEM RESET ssl_key_file", "SELECT pg_reload_conf()");
            awaitServerSignatureAlgorithm(s, original);
            Files.deleteIfExists(certificateFile);
            Files.deleteIfExists(keyFile);
        }
    }

    /**
     * Beside the server's own certificates, mode 0600 as PostgreSQL demands of a key; the server reads it
     * when it runs as this JVM's user or in a user namespace of it, as the harness starts it here.
     */
    private static void write(Path file, String content) throws Exception {
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, content, StandardCharsets.US_ASCII);
    }

    /** Reloading is asynchronous: new connections get the new certificate once the postmaster has read it. */
    private static void awaitServerSignatureAlgorithm(TestServer s, String expected) throws Exception {
        long deadline = System.nanoTime() + RELOAD_WAIT.toNanos();
        String seen;
        do {
            seen = serverSignatureAlgorithm(s);
            if (seen.equalsIgnoreCase(expected)) {
                return;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("the server still presents a certificate signed with " + seen + ", not " + expected
                + ", " + RELOAD_WAIT + " after pg_reload_conf()");
    }

    /** The signature algorithm of the certificate the server presents now (SSLRequest, then a JDK handshake). */
    private static String serverSignatureAlgorithm(TestServer s) throws Exception {
        try (Socket socket = new Socket(s.host(), s.port())) {
            socket.setSoTimeout(10_000);
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            out.writeInt(8);
            out.writeInt(80877103);
            out.flush();
            assertThat(new DataInputStream(socket.getInputStream()).readByte()).isEqualTo((byte) 'S');
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {new AcceptAll()}, null);
            try (SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(socket, s.host(), s.port(), false)) {
                tls.startHandshake();
                return ((X509Certificate) tls.getSession().getPeerCertificates()[0]).getSigAlgName();
            }
        }
    }

    /** Only for reading which certificate the server presents. */
    private static final class AcceptAll implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
