package io.pgfast.transport.tls;

import java.io.IOException;
import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Decrypts an {@code ENCRYPTED PRIVATE KEY} (PKCS#8 EncryptedPrivateKeyInfo, RFC 5208 section 6)
 * encrypted with PBES2 (RFC 8018 section 6.2, what OpenSSL writes) under a password that is not all
 * ASCII. Kept because no dependency covers it without a 9 MB addition: Netty decrypts encrypted
 * PKCS#8 through the JDK's combined PBES2 ciphers, whose PBE keys refuse non-ASCII passwords, while
 * OpenSSL (and so libpq's sslpassword) derives the key from the password's UTF-8 bytes, which is
 * what PBKDF2WithHmac* does; only BouncyCastle's provider would do the same. So PBKDF2 and the block
 * cipher run here step by step.
 */
final class Pkcs8Decryption {

    /** Wrong password, or a file damaged so that it decrypts to garbage: the two cannot be told apart. */
    static final class WrongPasswordException extends Exception {

        private static final long serialVersionUID = 1L;

        WrongPasswordException(Throwable cause) {
            super(cause);
        }
    }

    private static final String PBES2 = "1.2.840.113549.1.5.13";
    private static final String PBKDF2 = "1.2.840.113549.1.5.12";

    private Pkcs8Decryption() {
    }

    /**
     * Returns the DER of the PrivateKeyInfo inside.
     *
     * @throws NoSuchAlgorithmException when the key is not encrypted with PBES2
     */
    static byte[] decrypt(byte[] encryptedPrivateKeyInfo, String password) throws GeneralSecurityException, WrongPasswordException {
        EncryptedPrivateKeyInfo info;
        try {
            info = new EncryptedPrivateKeyInfo(encryptedPrivateKeyInfo);
        } catch (IOException e) {
            throw new IllegalArgumentException("malformed EncryptedPrivateKeyInfo: " + e.getMessage(), e);
        }
        String algorithm = info.getAlgName();
        if (!"PBES2".equalsIgnoreCase(algorithm) && !PBES2.equals(algorithm)) {
            throw new NoSuchAlgorithmException("a non-ASCII password only works with PBES2 keys, not " + algorithm);
        }
        char[] chars = password.toCharArray();
        try {
            return pbes2(info.getEncryptedData(), encoded(info.getAlgParameters()), chars);
        } finally {
            Arrays.fill(chars, '\0');
        }
    }

    private static byte[] encoded(AlgorithmParameters parameters) {
        try {
            return parameters.getEncoded();
        } catch (IOException e) {
            throw new IllegalArgumentException("unreadable PBES2 parameters", e);
        }
    }

    /**
     * PBES2-params ::= SEQUENCE { keyDerivationFunc AlgorithmIdentifier, encryptionScheme AlgorithmIdentifier }
     * PBKDF2-params ::= SEQUENCE { salt OCTET STRING, iterationCount INTEGER, keyLength INTEGER OPTIONAL,
     *                              prf AlgorithmIdentifier DEFAULT hmacWithSHA1 }
     */
    private static byte[] pbes2(byte[] encrypted, byte[] params, char[] password)
            throws GeneralSecurityException, WrongPasswordException {
        Der.Element outer = Der.expect(params, 0, params.length, Der.SEQUENCE, "PBES2-params");
        Der.Element kdf = Der.expect(params, outer.contentStart(), outer.contentEnd(), Der.SEQUENCE, "keyDerivationFunc");
        Der.Element scheme = Der.expect(params, kdf.end(), outer.contentEnd(), Der.SEQUENCE, "encryptionScheme");

        Der.Element kdfOid = Der.read(params, kdf.contentStart(), kdf.contentEnd());
        if (!PBKDF2.equals(Der.oid(params, kdfOid))) {
            throw new IllegalArgumentException("PBES2 key derivation " + Der.oid(params, kdfOid) + " is not PBKDF2");
        }
        Der.Element kdfParams = Der.expect(params, kdfOid.end(), kdf.contentEnd(), Der.SEQUENCE, "PBKDF2-params");
        Der.Element salt = Der.expect(params, kdfParams.contentStart(), kdfParams.contentEnd(), Der.OCTET_STRING, "PBKDF2 salt");
        Der.Element iterations = Der.expect(params, salt.end(), kdfParams.contentEnd(), Der.INTEGER, "PBKDF2 iterationCount");
        String prf = "HmacSHA1";
        int pos = iterations.end();
        while (pos < kdfParams.contentEnd()) {
            Der.Element e = Der.read(params, pos, kdfParams.contentEnd());
            if (e.tag() == Der.SEQUENCE) {
                prf = prf(Der.oid(params, Der.read(params, e.contentStart(), e.contentEnd())));
            }
            pos = e.end();
        }

        Der.Element schemeOid = Der.read(params, scheme.contentStart(), scheme.contentEnd());
        String cipherOid = Der.oid(params, schemeOid);
        Der.Element iv = Der.expect(params, schemeOid.end(), scheme.contentEnd(), Der.OCTET_STRING, "cipher IV");
        Scheme cipherScheme = scheme(cipherOid);

        PBEKeySpec spec = new PBEKeySpec(password, Arrays.copyOfRange(params, salt.contentStart(), salt.contentEnd()),
                iterationCount(params, iterations), cipherScheme.keyBytes() * 8);
        byte[] key;
        try {
            key = SecretKeyFactory.getInstance("PBKDF2With" + prf).generateSecret(spec).getEncoded();
        } finally {
            spec.clearPassword();
        }
        try {
            Cipher cipher = Cipher.getInstance(cipherScheme.keyAlgorithm() + "/CBC/PKCS5Padding");
            cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, cipherScheme.keyAlgorithm()),
                    new IvParameterSpec(Arrays.copyOfRange(params, iv.contentStart(), iv.contentEnd())));
            return cipher.doFinal(encrypted);
        } catch (BadPaddingException e) {
            throw new WrongPasswordException(e);
        } finally {
            Arrays.fill(key, (byte) 0);
        }
    }

    private static int iterationCount(byte[] params, Der.Element e) {
        BigInteger n = new BigInteger(Arrays.copyOfRange(params, e.contentStart(), e.contentEnd()));
        // far above any real count (OpenSSL uses 2048 by default); bounds the work a crafted file can cause
        if (n.signum() <= 0 || n.bitLength() > 24) {
            throw new IllegalArgumentException("PBKDF2 iteration count out of range: " + n);
        }
        return n.intValueExact();
    }

    private static String prf(String oid) {
        switch (oid) {
            case "1.2.840.113549.2.7": return "HmacSHA1";
            case "1.2.840.113549.2.8": return "HmacSHA224";
            case "1.2.840.113549.2.9": return "HmacSHA256";
            case "1.2.840.113549.2.10": return "HmacSHA384";
            case "1.2.840.113549.2.11": return "HmacSHA512";
            default: throw new IllegalArgumentException("unsupported PBKDF2 pseudo-random function " + oid);
        }
    }

    /** A PBES2 encryption scheme: the JCA key algorithm and the key length PBKDF2 must produce. */
    private record Scheme(String keyAlgorithm, int keyBytes) {
    }

    private static Scheme scheme(String cipherOid) {
        switch (cipherOid) {
            case "2.16.840.1.101.3.4.1.2": return new Scheme("AES", 16);
            case "2.16.840.1.101.3.4.1.22": return new Scheme("AES", 24);
            case "2.16.840.1.101.3.4.1.42": return new Scheme("AES", 32);
            case "1.2.840.113549.3.7": return new Scheme("DESede", 24);
            default: throw new IllegalArgumentException("unsupported PBES2 cipher " + cipherOid);
        }
    }
}
