package io.pgfast.transport.tls;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.spec.PKCS8EncodedKeySpec;

import io.netty.handler.ssl.SslContext;

/**
 * Netty's PKCS#8 decoding, the step {@code SslContextBuilder.keyManager(File, File, String)} runs on a
 * {@code PRIVATE KEY} or {@code ENCRYPTED PRIVATE KEY} block (without BouncyCastle): plain PKCS#8 as it
 * is, EncryptedPrivateKeyInfo decrypted through the JDK's PBE cipher its parameters name. It is a
 * protected static method of {@link SslContext}, reached from this subclass, which is never
 * instantiated. The driver calls it itself rather than handing Netty the files so that it keeps the
 * key: it checks that the key matches the certificate and names the file in every error (libpq's
 * messages), and the result does not depend on whether BouncyCastle is on the class path (Netty's
 * file reader prefers BouncyCastle when present).
 *
 * <p>Netty 4.2 marks the method deprecated without a replacement that returns the key; its own
 * {@code SslContextBuilder} still runs it. Should it go, what replaces it is the JDK's
 * {@code EncryptedPrivateKeyInfo} and PBE cipher lookup, which is all it wraps.
 */
@SuppressWarnings("deprecation")
abstract class NettyPkcs8 extends SslContext {

    private NettyPkcs8() {
    }

    /**
     * @param password null for an unencrypted PrivateKeyInfo, else the password of an
     *                 EncryptedPrivateKeyInfo (ASCII: the JDK's PBE keys refuse anything else)
     * @param der      the block's DER bytes
     */
    static PKCS8EncodedKeySpec keySpec(char[] password, byte[] der) throws GeneralSecurityException, IOException {
        return generateKeySpec(password, der);
    }
}
