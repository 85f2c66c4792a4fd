package io.pgfast.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.HexFormat;

import io.pgfast.transport.tls.TestPki;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TlsServerEndPointTest {

    private static final KeyPair RSA_KEYS = TestPki.rsa();

    private static X509Certificate resource(String name) throws Exception {
        try (InputStream in = TlsServerEndPointTest.class.getResourceAsStream("/tls/" + name)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    private static String hex(byte[] bytes) {
        return HexFormat.ofDelimiter(":").withUpperCase().formatHex(bytes);
    }

    /**
     * Certificates made with OpenSSL 3.0 ({@code openssl req -x509 ...}); the expected values are
     * what {@code openssl x509 -noout -fingerprint -<hash>} printed for the hash RFC 5929 picks.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
            // ecdsa-with-SHA384: SHA-384
            "ecdsa-sha384.crt, SHA-384, 9F:5E:B3:26:64:4A:74:69:A6:78:F4:D5:30:B0:49:62:97:DD:41:29:18:63:DA:1A:24:CD:F3:DA:B0:45:35:B1:2B:47:3B:8B:78:AE:3F:76:95:D5:35:E5:AA:1F:F3:0E",
            // sha1WithRSAEncryption: SHA-1 is replaced by SHA-256
            "rsa-sha1.crt, SHA-256, C0:8C:C9:1F:E5:8B:88:B1:E5:C5:EC:70:7A:D0:FE:63:1C:66:C7:8C:D0:20:68:B8:F7:AE:8F:0B:2F:0B:14:4B",
            // rsassaPss with hash sha512 in its parameters: SHA-512
            "rsapss-sha512.crt, SHA-512, 0B:EC:FE:4E:C7:09:65:9E:56:89:10:D0:6A:AF:28:33:80:A2:28:64:DF:E2:6D:40:EE:73:CA:CA:B9:D0:68:4F:92:BD:FC:9D:3D:35:62:4B:F9:D6:D7:E5:17:D7:B5:EC:05:5B:5F:9E:70:ED:69:1B:9A:50:33:15:6C:4C:7D:36",
    })
    void matchesOpenSslFingerprints(String file, String hash, String expected) throws Exception {
        X509Certificate certificate = resource(file);

        assertThat(TlsServerEndPoint.hashAlgorithm(certificate)).contains(hash);
        assertThat(hex(TlsServerEndPoint.channelBindingData(certificate))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} -> {2}")
    @CsvSource({
            "SHA256withECDSA, EC, SHA-256",
            "SHA384withECDSA, EC, SHA-384",
            "SHA512withECDSA, EC, SHA-512",
            "SHA1withECDSA, EC, SHA-256",
            "SHA3-256withECDSA, EC, SHA3-256",
            "SHA224withRSA, RSA, SHA-224",
            "SHA256withRSA, RSA, SHA-256",
            "SHA512withRSA, RSA, SHA-512",
            "SHA1withRSA, RSA, SHA-256",
            "MD5withRSA, RSA, SHA-256",
            "SHA3-512withRSA, RSA, SHA3-512",
            "SHA384withRSAandMGF1, RSA, SHA-384",
            "SHA1withRSAandMGF1, RSA, SHA-256",
    })
    void picksTheSignatureHashStrengthened(String signatureAlgorithm, String keyAlgorithm, String expected) throws Exception {
        KeyPair keys = keyAlgorithm.equals("EC") ? TestPki.ec() : RSA_KEYS;
        X509Certificate certificate = TestPki.selfSigned(keys, signatureAlgorithm);

        assertThat(TlsServerEndPoint.hashAlgorithm(certificate)).contains(expected);
        assertThat(TlsServerEndPoint.channelBindingData(certificate))
                .isEqualTo(MessageDigest.getInstance(expected).digest(certificate.getEncoded()));
    }

    @Test
    void ed25519HasNoChannelBinding() throws Exception {
        X509Certificate certificate = resource("ed25519.crt");

        assertThat(TlsServerEndPoint.hashAlgorithm(certificate)).isEmpty();
        assertThatThrownBy(() -> TlsServerEndPoint.channelBindingData(certificate))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Ed25519").hasMessageContaining("RFC 5929");
    }

    @Test
    void nullIsRejected() {
        assertThatThrownBy(() -> TlsServerEndPoint.hashAlgorithm(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
