package io.pgfast.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.openssl.PKCS8Generator;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.openssl.jcajce.JceOpenSSLPKCS8EncryptorBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.OutputEncryptor;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Makes a fresh test PKI: a CA, a server certificate it signs (SAN: the given names), a client certificate
 * for CN {@code pgfast_cert} (the role that {@code cert} authentication maps it to), and an unrelated CA.
 *
 * <p>Keys are ECDSA P-256: generating one takes microseconds where RSA-2048 takes tenths of a second, and
 * OpenSSL, the JDK and pgjdbc all accept them.
 */
final class Certificates {
    private static final String SIGNATURE = "SHA256withECDSA";
    private static final Duration VALIDITY = Duration.ofDays(30);
    /** Backdating absorbs clock skew between this JVM and a server in a container or VM. */
    private static final Duration BACKDATE = Duration.ofHours(1);

    private final SecureRandom random = new SecureRandom();
    private final KeyPairGenerator keys;
    private final JcaX509ExtensionUtils extensions;

    private Certificates() throws GeneralSecurityException {
        keys = KeyPairGenerator.getInstance("EC");
        keys.initialize(new ECGenParameterSpec("secp256r1"), random);
        extensions = new JcaX509ExtensionUtils();
    }

    /**
     * Writes ca.crt, server.crt, server.key, client.crt, client.key, client.pk8, client-encrypted.key and
     * wrong-ca.crt into {@code directory} (created if missing). Private keys get mode 0600.
     *
     * @param serverNames DNS names and IP literals for the server certificate's subjectAltName
     */
    static CertificateFiles generate(Path directory, List<String> serverNames) {
        if (serverNames.isEmpty()) {
            throw new IllegalArgumentException("the server certificate needs at least one name");
        }
        try {
            Files.createDirectories(directory);
            CertificateFiles files = new CertificateFiles(directory);
            new Certificates().writeAll(files, serverNames);
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write test certificates into " + directory, e);
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("cannot generate test certificates", e);
        }
    }

    private void writeAll(CertificateFiles files, List<String> serverNames)
            throws IOException, GeneralSecurityException, OperatorCreationException {
        X500Name caName = new X500Name("CN=pgfast test CA");
        KeyPair ca = keys.generateKeyPair();
        X509Certificate caCert = sign(caBuilder(caName, ca), ca);

        KeyPair server = keys.generateKeyPair();
        X509v3CertificateBuilder serverBuilder = leafBuilder(caName, caCert, new X500Name("CN=" + serverNames.get(0)), server)
                .addExtension(Extension.subjectAlternativeName, false, subjectAltNames(serverNames))
                .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
        X509Certificate serverCert = sign(serverBuilder, ca);

        KeyPair client = keys.generateKeyPair();
        X509v3CertificateBuilder clientBuilder = leafBuilder(caName, caCert, new X500Name("CN=" + AuthMethod.CERT.roleName()), client)
                .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_clientAuth));
        X509Certificate clientCert = sign(clientBuilder, ca);

        X500Name wrongName = new X500Name("CN=pgfast unrelated CA");
        KeyPair wrong = keys.generateKeyPair();
        X509Certificate wrongCert = sign(caBuilder(wrongName, wrong), wrong);

        writePem(files.caCert(), caCert, false);
        writePem(files.serverCert(), serverCert, false);
        writePem(files.serverKey(), new JcaPKCS8Generator(server.getPrivate(), null), true);
        writePem(files.clientCert(), clientCert, false);
        writePem(files.clientKey(), new JcaPKCS8Generator(client.getPrivate(), null), true);
        writePem(files.clientKeyEncrypted(), new JcaPKCS8Generator(client.getPrivate(), encryptor()), true);
        writePrivate(files.clientKeyPk8(), client.getPrivate().getEncoded());
        writePem(files.wrongCaCert(), wrongCert, false);
    }

    private X509v3CertificateBuilder caBuilder(X500Name name, KeyPair pair) throws CertIOException, GeneralSecurityException {
        return new JcaX509v3CertificateBuilder(name, serial(), notBefore(), notAfter(), name, pair.getPublic())
                .addExtension(Extension.basicConstraints, true, new BasicConstraints(true))
                .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
                .addExtension(Extension.subjectKeyIdentifier, false, extensions.createSubjectKeyIdentifier(pair.getPublic()));
    }

    private X509v3CertificateBuilder leafBuilder(X500Name issuer, X509Certificate issuerCert, X500Name subject, KeyPair pair)
            throws CertIOException, GeneralSecurityException {
        return new JcaX509v3CertificateBuilder(issuer, serial(), notBefore(), notAfter(), subject, pair.getPublic())
                .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyAgreement))
                .addExtension(Extension.subjectKeyIdentifier, false, extensions.createSubjectKeyIdentifier(pair.getPublic()))
                .addExtension(Extension.authorityKeyIdentifier, false, extensions.createAuthorityKeyIdentifier(issuerCert));
    }

    private static GeneralNames subjectAltNames(List<String> names) {
        List<GeneralName> result = new ArrayList<>();
        for (String name : names) {
            result.add(isIpLiteral(name)
                    ? new GeneralName(GeneralName.iPAddress, name)
                    : new GeneralName(GeneralName.dNSName, name));
        }
        return new GeneralNames(result.toArray(GeneralName[]::new));
    }

    /** An IPv4 or IPv6 literal; never resolves a name (InetAddress.getByName on a literal does no lookup). */
    private static boolean isIpLiteral(String name) {
        if (!name.matches("[0-9.]+") && name.indexOf(':') < 0) {
            return false;
        }
        try {
            InetAddress.getByName(name);
            return true;
        } catch (IOException e) {
            throw new IllegalArgumentException("not an IP address: " + name, e);
        }
    }

    private X509Certificate sign(X509v3CertificateBuilder builder, KeyPair issuer)
            throws OperatorCreationException, GeneralSecurityException {
        return new JcaX509CertificateConverter()
                .getCertificate(builder.build(new JcaContentSignerBuilder(SIGNATURE).build(issuer.getPrivate())));
    }

    /** PBES2: PBKDF2 with HMAC-SHA256 and AES-256-CBC, the form {@code openssl pkcs8 -topk8 -v2 aes256} writes. */
    private OutputEncryptor encryptor() throws OperatorCreationException {
        return new JceOpenSSLPKCS8EncryptorBuilder(PKCS8Generator.AES_256_CBC)
                .setPRF(PKCS8Generator.PRF_HMACSHA256)
                .setIterationCount(2048)
                .setRandom(random)
                .setPassword(CertificateFiles.CLIENT_KEY_PASSWORD.toCharArray())
                // its AES cipher name (AES/CBC/PKCS7Padding) exists only in BouncyCastle's provider; the instance is
                // passed, not registered, so the JVM's provider list stays as the tests expect
                .setProvider(new BouncyCastleProvider())
                .build();
    }

    private BigInteger serial() {
        return new BigInteger(63, random).add(BigInteger.ONE);
    }

    private static Date notBefore() {
        return Date.from(Instant.now().minus(BACKDATE));
    }

    private static Date notAfter() {
        return Date.from(Instant.now().plus(VALIDITY));
    }

    private static void writePem(Path file, Object object, boolean secret) throws IOException {
        createFile(file, secret);
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII);
             JcaPEMWriter pem = new JcaPEMWriter(out)) {
            pem.writeObject(object);
        }
    }

    private static void writePrivate(Path file, byte[] der) throws IOException {
        createFile(file, true);
        Files.write(file, der);
    }

    /** Creates the file with its final mode before any byte is written, so a key is never readable by others. */
    private static void createFile(Path file, boolean secret) throws IOException {
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString(secret ? "rw-------" : "rw-r--r--")));
    }
}
