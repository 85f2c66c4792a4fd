package io.pgfast.transport.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the client private key of {@code sslKey}, as libpq accepts it from OpenSSL:
 * <ul>
 *   <li>{@code PRIVATE KEY} (PKCS#8, RFC 5208) and {@code ENCRYPTED PRIVATE KEY} with an ASCII
 *       {@code sslPassword}: decoded by Netty ({@link NettyPkcs8}), what its SslContextBuilder
 *       parses; RSA, RSASSA-PSS, EC, Ed25519, Ed448 or DSA keys;</li>
 *   <li>{@code ENCRYPTED PRIVATE KEY} with a non-ASCII {@code sslPassword}: {@link Pkcs8Decryption}
 *       (libpq's rule: OpenSSL derives the key from the password's UTF-8 bytes);</li>
 *   <li>{@code RSA PRIVATE KEY} (PKCS#1, RFC 8017) and {@code EC PRIVATE KEY} (SEC1, RFC 5915, named
 *       curve), unencrypted: wrapped into PKCS#8 here ({@link Der}), because neither Netty nor the
 *       JDK reads them and only BouncyCastle (a 9 MB addition) would.</li>
 * </ul>
 * libpq's sslpassword rules: the password is used only for an encrypted key (and ignored for a plain
 * one); an encrypted key without one is refused (libpq would prompt on a terminal). PKCS#1/SEC1
 * files encrypted the legacy OpenSSL way ({@code Proc-Type: 4,ENCRYPTED}) are refused with the command
 * that converts them. Every failure is a {@link TlsConfigurationException} naming {@code sslKey} and
 * the file, never the password.
 */
final class ClientKeys {

    private static final String OPTION = "sslKey";
    /** AlgorithmIdentifier { rsaEncryption (1.2.840.113549.1.1.1), NULL } (RFC 8017 appendix A.1). */
    private static final byte[] RSA_ALGORITHM = Der.write(Der.SEQUENCE,
            new byte[] {0x06, 0x09, 0x2A, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xF7, 0x0D, 0x01, 0x01, 0x01},
            new byte[] {0x05, 0x00});
    /** OBJECT IDENTIFIER id-ecPublicKey (1.2.840.10045.2.1), RFC 5480. */
    private static final byte[] EC_PUBLIC_KEY_OID = {0x06, 0x07, 0x2A, (byte) 0x86, 0x48, (byte) 0xCE, 0x3D, 0x02, 0x01};
    /** PrivateKeyInfo.version 0. */
    private static final byte[] VERSION_0 = {0x02, 0x01, 0x00};
    private static final String CONVERT = "convert it with: openssl pkcs8 -topk8 -v2 aes256 -in KEY -out KEY.pk8";

    private ClientKeys() {
    }

    /**
     * @param password the key password (libpq's sslpassword), or null
     * @throws TlsConfigurationException naming {@code sslKey} and the file when the key cannot be loaded
     */
    static PrivateKey read(Path file, String password) {
        List<PemFile.Block> blocks = PemFile.read(OPTION, file);
        for (PemFile.Block block : blocks) {
            if (block.label().endsWith("PRIVATE KEY")) {
                return decode(file, block, password);
            }
        }
        throw new TlsConfigurationException(OPTION + " file " + file + " holds no PEM private key (no \"-----BEGIN ... PRIVATE KEY-----\" block)");
    }

    private static PrivateKey decode(Path file, PemFile.Block block, String password) {
        String legacy = block.headers().get("Proc-Type");
        if (legacy != null && legacy.contains("ENCRYPTED")) {
            throw new TlsConfigurationException(OPTION + " file " + file + " uses the legacy OpenSSL key encryption, which is not supported; " + CONVERT);
        }
        try {
            switch (block.label()) {
                case "PRIVATE KEY":
                    return pkcs8(NettyPkcs8.keySpec(null, block.der()));
                case "ENCRYPTED PRIVATE KEY":
                    if (password == null) {
                        throw new TlsConfigurationException(OPTION + " file " + file + " is encrypted; set sslPassword");
                    }
                    return decrypt(file, block.der(), password);
                case "RSA PRIVATE KEY":
                    return pkcs8(new PKCS8EncodedKeySpec(Der.write(Der.SEQUENCE, VERSION_0, RSA_ALGORITHM,
                            Der.write(Der.OCTET_STRING, block.der()))));
                case "EC PRIVATE KEY":
                    return pkcs8(new PKCS8EncodedKeySpec(Der.write(Der.SEQUENCE, VERSION_0,
                            Der.write(Der.SEQUENCE, EC_PUBLIC_KEY_OID, sec1Curve(block.der())),
                            Der.write(Der.OCTET_STRING, block.der()))));
                default:
                    throw new TlsConfigurationException(OPTION + " file " + file + ": \"" + block.label()
                            + "\" keys are not supported; use PKCS#8 (" + CONVERT + ")");
            }
        } catch (IllegalArgumentException | GeneralSecurityException | IOException e) {
            throw new TlsConfigurationException(OPTION + " file " + file + " holds a " + block.label() + " that cannot be decoded: " + e.getMessage(), e);
        }
    }

    private static PrivateKey decrypt(Path file, byte[] der, String password) throws GeneralSecurityException, IOException {
        try {
            if (StandardCharsets.US_ASCII.newEncoder().canEncode(password)) {
                char[] chars = password.toCharArray();
                try {
                    return pkcs8(NettyPkcs8.keySpec(chars, der));
                } finally {
                    Arrays.fill(chars, '\0');
                }
            }
            return pkcs8(new PKCS8EncodedKeySpec(Pkcs8Decryption.decrypt(der, password)));
        } catch (Pkcs8Decryption.WrongPasswordException | InvalidKeySpecException e) {
            // the JDK reports a wrong password (bad padding after decryption) as an invalid key spec
            throw new TlsConfigurationException(OPTION + " file " + file + " could not be decrypted: wrong sslPassword?", e);
        } catch (NoSuchAlgorithmException e) {
            throw new TlsConfigurationException(OPTION + " file " + file + " is encrypted with an algorithm this JVM does not support ("
                    + e.getMessage() + "); " + CONVERT, e);
        }
    }

    /** The named-curve OBJECT IDENTIFIER from ECPrivateKey.parameters [0]. */
    private static byte[] sec1Curve(byte[] der) {
        Der.Element outer = Der.expect(der, 0, der.length, Der.SEQUENCE, "ECPrivateKey SEQUENCE");
        int pos = outer.contentStart();
        pos = Der.expect(der, pos, outer.contentEnd(), Der.INTEGER, "ECPrivateKey version").end();
        pos = Der.expect(der, pos, outer.contentEnd(), Der.OCTET_STRING, "ECPrivateKey privateKey").end();
        while (pos < outer.contentEnd()) {
            Der.Element e = Der.read(der, pos, outer.contentEnd());
            if (e.tag() == Der.CONTEXT_0) {
                Der.Element curve = Der.expect(der, e.contentStart(), e.contentEnd(), Der.OBJECT_IDENTIFIER,
                        "a named curve (explicit curve parameters are not supported)");
                return Der.copyElement(der, e.contentStart(), curve);
            }
            pos = e.end();
        }
        throw new IllegalArgumentException("the EC key does not name its curve; write it with openssl pkcs8 -topk8 -nocrypt");
    }

    /** The key of a PrivateKeyInfo, with the KeyFactory its AlgorithmIdentifier names. */
    private static PrivateKey pkcs8(PKCS8EncodedKeySpec spec) throws GeneralSecurityException {
        byte[] der = spec.getEncoded();
        Der.Element info = Der.expect(der, 0, der.length, Der.SEQUENCE, "PrivateKeyInfo SEQUENCE");
        int pos = Der.expect(der, info.contentStart(), info.contentEnd(), Der.INTEGER, "PrivateKeyInfo version").end();
        Der.Element algorithm = Der.expect(der, pos, info.contentEnd(), Der.SEQUENCE, "AlgorithmIdentifier");
        String oid = Der.oid(der, Der.read(der, algorithm.contentStart(), algorithm.contentEnd()));
        return KeyFactory.getInstance(keyAlgorithm(oid)).generatePrivate(spec);
    }

    private static String keyAlgorithm(String oid) {
        switch (oid) {
            case "1.2.840.113549.1.1.1": return "RSA";
            case "1.2.840.113549.1.1.10": return "RSASSA-PSS";
            case "1.2.840.10045.2.1": return "EC";
            case "1.3.101.112": return "Ed25519";
            case "1.3.101.113": return "Ed448";
            case "1.2.840.10040.4.1": return "DSA";
            default: throw new IllegalArgumentException("unsupported key algorithm " + oid);
        }
    }
}
