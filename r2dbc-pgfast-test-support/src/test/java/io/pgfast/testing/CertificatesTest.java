package io.pgfast.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;

import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CertificatesTest {
    @TempDir
    Path dir;

    @Test
    void serverCertificateIsSignedByTheCaAndNamesTheHosts() throws Exception {
        CertificateFiles files = Certificates.generate(dir, List.of("localhost", "127.0.0.1"));
        X509Certificate ca = certificate(files.caCert());
        X509Certificate server = certificate(files.serverCert());

        server.verify(ca.getPublicKey());
        server.checkValidity();
        assertThat(ca.getBasicConstraints()).isGreaterThanOrEqualTo(0);
        assertThat(server.getBasicConstraints()).isEqualTo(-1);
        assertThat(server.getSubjectAlternativeNames().stream().map(n -> (Object) n.get(1)))
                .containsExactly("localhost", "127.0.0.1");
        assertThat(server.getExtendedKeyUsage()).containsExactly("1.3.6.1.5.5.7.3.1");
    }

    @Test
    void clientCertificateCarriesTheCertRoleAsCommonName() throws Exception {
        CertificateFiles files = Certificates.generate(dir, List.of("localhost"));
        X509Certificate client = certificate(files.clientCert());

        client.verify(certificate(files.caCert()).getPublicKey());
        assertThat(client.getSubjectX500Principal().getName()).isEqualTo("CN=pgfast_cert");
        assertThat(client.getExtendedKeyUsage()).containsExactly("1.3.6.1.5.5.7.3.2");
    }

    @Test
    void wrongCaIsUnrelated() throws Exception {
        CertificateFiles files = Certificates.generate(dir, List.of("localhost"));
        X509Certificate server = certificate(files.serverCert());
        X509Certificate wrong = certificate(files.wrongCaCert());

        assertThatThrownBy(() -> server.verify(wrong.getPublicKey())).isInstanceOf(SignatureException.class);
        assertThat(wrong.getSubjectX500Principal()).isNotEqualTo(server.getIssuerX500Principal());
    }

    @Test
    void everyKeyFormHoldsTheClientCertificatesKey() throws Exception {
        CertificateFiles files = Certificates.generate(dir, List.of("localhost"));
        X509Certificate client = certificate(files.clientCert());

        PrivateKey der = ecKey(Files.readAllBytes(files.clientKeyPk8()));
        PrivateKey pem = ecKey(pem(files.clientKey(), "PRIVATE KEY"));
        PrivateKey decrypted = decrypt(pem(files.clientKeyEncrypted(), "ENCRYPTED PRIVATE KEY"),
                CertificateFiles.CLIENT_KEY_PASSWORD);

        assertThat(pem).isEqualTo(der);
        assertThat(decrypted).isEqualTo(der);
        assertThat(signsFor(der, client)).isTrue();
    }

    @Test
    void encryptedKeyDoesNotOpenWithAnotherPassword() throws Exception {
        CertificateFiles files = Certificates.generate(dir, List.of("localhost"));
        byte[] encrypted = pem(files.clientKeyEncrypted(), "ENCRYPTED PRIVATE KEY");

        assertThatThrownBy(() -> decrypt(encrypted, "not-the-password")).isInstanceOf(Exception.class);
    }

    @Test
    void privateKeysAreReadableByTheOwnerOnly() throws Exception {
        CertificateFiles files = Certificates.generate(dir, List.of("localhost"));

        for (Path key : List.of(files.serverKey(), files.clientKey(), files.clientKeyPk8(), files.clientKeyEncrypted())) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(key))).as(key.toString())
                    .isEqualTo("rw-------");
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(files.caCert()))).isEqualTo("rw-r--r--");
    }

    @Test
    void needsAServerName() {
        assertThatThrownBy(() -> Certificates.generate(dir, List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    private static X509Certificate certificate(Path file) throws Exception {
        try (InputStream in = Files.newInputStream(file)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    private static byte[] pem(Path file, String label) throws Exception {
        String text = Files.readString(file, StandardCharsets.US_ASCII);
        String begin = "-----BEGIN " + label + "-----";
        String end = "-----END " + label + "-----";
        assertThat(text).startsWith(begin).contains(end);
        return Base64.getMimeDecoder().decode(text.substring(begin.length(), text.indexOf(end)));
    }

    private static PrivateKey ecKey(byte[] pkcs8) throws Exception {
        return KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
    }

    /** With JDK classes only, the way Netty's SslContext opens an encrypted PKCS#8 key (PBES2). */
    private static PrivateKey decrypt(byte[] encrypted, String password) throws Exception {
        EncryptedPrivateKeyInfo info = new EncryptedPrivateKeyInfo(encrypted);
        String algorithm = info.getAlgParameters().toString();
        assertThat(algorithm).isEqualTo("PBEWithHmacSHA256AndAES_256");
        SecretKeyFactory factory = SecretKeyFactory.getInstance(algorithm);
        Cipher cipher = Cipher.getInstance(algorithm);
        cipher.init(Cipher.DECRYPT_MODE, factory.generateSecret(new PBEKeySpec(password.toCharArray())),
                info.getAlgParameters());
        return KeyFactory.getInstance("EC").generatePrivate(info.getKeySpec(cipher));
    }

    private static boolean signsFor(PrivateKey key, X509Certificate certificate) throws Exception {
        byte[] data = "pgfast".getBytes(StandardCharsets.US_ASCII);
        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(key);
        signer.update(data);
        byte[] signature = signer.sign();
        Signature verifier = Signature.getInstance("SHA256withECDSA");
        verifier.initVerify(certificate.getPublicKey());
        verifier.update(data);
        return verifier.verify(signature);
    }
}
