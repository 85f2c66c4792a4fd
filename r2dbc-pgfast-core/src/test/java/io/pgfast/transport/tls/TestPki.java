package io.pgfast.transport.tls;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPrivateKey;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import javax.crypto.Cipher;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;

import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.DERBitString;
import org.bouncycastle.asn1.pkcs.EncryptedPrivateKeyInfo;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.openssl.PKCS8Generator;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JceOpenSSLPKCS8EncryptorBuilder;
import org.bouncycastle.openssl.jcajce.JcePEMEncryptorBuilder;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OutputEncryptor;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.util.io.pem.PemWriter;

/**
 * Certificates and key files made at test time. BouncyCastle builds and signs them; they are
 * parsed back with the JDK's CertificateFactory, as the driver sees certificates in production.
 */
public final class TestPki {

    private static final BouncyCastleProvider BC = new BouncyCastleProvider();
    private static final AtomicLong SERIAL = new AtomicLong(System.currentTimeMillis());

    /** A key pair and the certificate for it. */
    public record Issued(KeyPair keys, X509Certificate certificate) {
    }

    private TestPki() {
    }

    public static KeyPair ec() {
        return generate("EC", 256);
    }

    public static KeyPair rsa() {
        return generate("RSA", 2048);
    }

    public static KeyPair generate(String algorithm, int size) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance(algorithm);
            if (size > 0) {
                g.initialize(size);
            }
            return g.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public static GeneralName dns(String name) {
        return new GeneralName(GeneralName.dNSName, name);
    }

    public static GeneralName ip(String address) {
        return new GeneralName(GeneralName.iPAddress, address);
    }

    /** A self-signed CA certificate. */
    public static Issued ca(String commonName) {
        KeyPair keys = ec();
        return new Issued(keys, certificate(commonName, keys, commonName, keys.getPrivate(), "SHA256withECDSA",
                List.of(), true, Duration.ZERO));
    }

    /** A server or client certificate valid from an hour ago for a day. */
    public static Issued leaf(Issued issuer, String commonName, GeneralName... sans) {
        KeyPair keys = ec();
        return new Issued(keys, certificate(commonName, keys, subjectOf(issuer), issuer.keys().getPrivate(),
                "SHA256withECDSA", List.of(sans), false, Duration.ZERO));
    }

    /** A leaf with chosen keys, signature algorithm and validity shift (negative: in the past). */
    public static Issued leaf(Issued issuer, String commonName, KeyPair keys, String signatureAlgorithm, Duration shift, GeneralName... sans) {
        return new Issued(keys, certificate(commonName, keys, subjectOf(issuer), issuer.keys().getPrivate(),
                signatureAlgorithm, List.of(sans), false, shift));
    }

    /** A self-signed certificate with the given keys and signature algorithm. */
    public static X509Certificate selfSigned(KeyPair keys, String signatureAlgorithm) {
        return certificate("self", keys, "self", keys.getPrivate(), signatureAlgorithm, List.of(), false, Duration.ZERO);
    }

    private static String subjectOf(Issued issuer) {
        return issuer.certificate().getSubjectX500Principal().getName().replaceFirst("^CN=", "");
    }

    private static X509Certificate certificate(String subject, KeyPair keys, String issuer, PrivateKey issuerKey,
            String signatureAlgorithm, List<GeneralName> sans, boolean ca, Duration shift) {
        try {
            Instant now = Instant.now().plus(shift);
            X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(new X500Name("CN=" + issuer),
                    BigInteger.valueOf(SERIAL.incrementAndGet()), Date.from(now.minus(Duration.ofHours(1))),
                    Date.from(now.plus(Duration.ofDays(1))), new X500Name("CN=" + subject), keys.getPublic());
            if (ca) {
                b.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
                b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            }
            if (!sans.isEmpty()) {
                b.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(sans.toArray(new GeneralName[0])));
            }
            ContentSigner signer = new JcaContentSignerBuilder(signatureAlgorithm).setProvider(BC).build(issuerKey);
            byte[] der = b.build(signer).getEncoded();
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
        } catch (Exception e) {
            throw new IllegalStateException("cannot make test certificate", e);
        }
    }

    public static Path writeCertificates(Path dir, String name, X509Certificate... certificates) throws IOException {
        StringBuilder pem = new StringBuilder("# comment lines outside blocks are ignored\n");
        for (X509Certificate c : certificates) {
            try {
                pem.append(pem("CERTIFICATE", c.getEncoded()));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }
        return write(dir, name, pem.toString());
    }

    /** PKCS#8, unencrypted ({@code BEGIN PRIVATE KEY}). */
    public static Path writePkcs8(Path dir, String name, PrivateKey key) throws IOException {
        return write(dir, name, pem("PRIVATE KEY", key.getEncoded()));
    }

    /** PKCS#8 encrypted by the JDK with PBES2, PBKDF2-HMAC-SHA256 and AES-256-CBC. */
    public static Path writeEncryptedPkcs8Jdk(Path dir, String name, PrivateKey key, String password) throws Exception {
        String algorithm = "PBEWithHmacSHA256AndAES_256";
        byte[] salt = new byte[16];
        new SecureRandom().nextBytes(salt);
        SecretKeyFactory f = SecretKeyFactory.getInstance(algorithm);
        Cipher cipher = Cipher.getInstance(algorithm);
        cipher.init(Cipher.ENCRYPT_MODE, f.generateSecret(new PBEKeySpec(password.toCharArray())),
                new PBEParameterSpec(salt, 10000));
        byte[] encrypted = cipher.doFinal(key.getEncoded());
        // JDK 17 cannot name PBES2 parameters in an EncryptedPrivateKeyInfo itself; wrap its output in DER
        AlgorithmIdentifier pbes2 = new AlgorithmIdentifier(PKCSObjectIdentifiers.id_PBES2,
                ASN1Primitive.fromByteArray(cipher.getParameters().getEncoded()));
        return write(dir, name, pem("ENCRYPTED PRIVATE KEY", new EncryptedPrivateKeyInfo(pbes2, encrypted).getEncoded()));
    }

    /** PKCS#8 encrypted as {@code openssl pkcs8 -topk8 -v2 aes256} writes it (PBES2, PBKDF2, AES-256-CBC). */
    public static Path writeEncryptedPkcs8OpenSsl(Path dir, String name, PrivateKey key, String password) throws Exception {
        OutputEncryptor encryptor = new JceOpenSSLPKCS8EncryptorBuilder(PKCS8Generator.AES_256_CBC)
                .setPRF(PKCS8Generator.PRF_HMACSHA256).setIterationCount(2048).setProvider(BC)
                .setPassword(password.toCharArray()).build();
        StringWriter out = new StringWriter();
        try (PemWriter w = new PemWriter(out)) {
            w.writeObject(new PKCS8Generator(PrivateKeyInfo.getInstance(key.getEncoded()), encryptor));
        }
        return write(dir, name, out.toString());
    }

    /** PKCS#1 {@code BEGIN RSA PRIVATE KEY}, as {@code openssl genrsa} before OpenSSL 3 wrote it. */
    public static Path writePkcs1(Path dir, String name, PrivateKey rsaKey) throws IOException {
        byte[] pkcs1 = PrivateKeyInfo.getInstance(rsaKey.getEncoded()).parsePrivateKey().toASN1Primitive().getEncoded();
        return write(dir, name, pem("RSA PRIVATE KEY", pkcs1));
    }

    /** SEC1 {@code BEGIN EC PRIVATE KEY} with the named curve, as {@code openssl ecparam -genkey} writes it. */
    public static Path writeSec1(Path dir, String name, KeyPair ecKeys) throws IOException {
        PrivateKeyInfo info = PrivateKeyInfo.getInstance(ecKeys.getPrivate().getEncoded());
        ASN1Encodable curve = info.getPrivateKeyAlgorithm().getParameters();
        byte[] publicKey = SubjectPublicKeyInfo.getInstance(ecKeys.getPublic().getEncoded()).getPublicKeyData().getBytes();
        ECPrivateKey key = (ECPrivateKey) ecKeys.getPrivate();
        byte[] sec1 = new org.bouncycastle.asn1.sec.ECPrivateKey(key.getParams().getOrder().bitLength(), key.getS(),
                new DERBitString(publicKey), curve).getEncoded();
        // openssl writes an EC PARAMETERS block first; the reader must skip it
        return write(dir, name, pem("EC PARAMETERS", curve.toASN1Primitive().getEncoded()) + pem("EC PRIVATE KEY", sec1));
    }

    /** A PKCS#1 key encrypted the legacy OpenSSL way (Proc-Type / DEK-Info headers). */
    public static Path writeLegacyEncrypted(Path dir, String name, PrivateKey rsaKey, String password) throws IOException {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter w = new JcaPEMWriter(out)) {
            w.writeObject(rsaKey, new JcePEMEncryptorBuilder("AES-128-CBC").setProvider(BC).build(password.toCharArray()));
        }
        return write(dir, name, out.toString());
    }

    public static String pem(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + label + "-----\n";
    }

    public static Path write(Path dir, String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content, StandardCharsets.US_ASCII);
        return file;
    }
}
