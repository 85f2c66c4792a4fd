package io.pgfast.protocol.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The answer to AuthenticationMD5Password: {@code "md5" + hex(md5(hex(md5(password + user)) + salt))}
 * (docs, "Message Flow", and PostgreSQL's pg_md5_encrypt). The stored secret is
 * {@code "md5" + hex(md5(password + user))}; the salt keeps the answer from being replayed.
 */
public final class Md5Password {

    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private Md5Password() {
    }

    /**
     * @param user     the user name sent in the StartupMessage (encoded as UTF-8, as it was sent)
     * @param password the password bytes
     * @param salt     the 4-byte salt of AuthenticationMD5Password
     * @return the 35 ASCII bytes {@code md5<32 hex digits>}, to send in a PasswordMessage
     */
    public static byte[] encode(String user, byte[] password, byte[] salt) {
        if (user == null || password == null) {
            throw new IllegalArgumentException("user and password must not be null");
        }
        if (salt == null || salt.length != 4) {
            throw new IllegalArgumentException("the MD5 salt has exactly 4 bytes");
        }
        MessageDigest md5 = md5();
        md5.update(password);
        md5.update(user.getBytes(StandardCharsets.UTF_8));
        byte[] inner = hex(md5.digest());
        md5.update(inner);
        md5.update(salt);
        byte[] outer = hex(md5.digest());
        byte[] result = new byte[3 + outer.length];
        result[0] = 'm';
        result[1] = 'd';
        result[2] = '5';
        System.arraycopy(outer, 0, result, 3, outer.length);
        return result;
    }

    private static byte[] hex(byte[] digest) {
        byte[] hex = new byte[digest.length * 2];
        for (int i = 0; i < digest.length; i++) {
            hex[2 * i] = HEX[(digest[i] >> 4) & 0xF];
            hex[2 * i + 1] = HEX[digest[i] & 0xF];
        }
        return hex;
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK must provide MD5", e);
        }
    }
}
