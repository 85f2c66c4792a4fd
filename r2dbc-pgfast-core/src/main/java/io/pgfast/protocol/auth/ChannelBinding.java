package io.pgfast.protocol.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.Locale;

/**
 * The client's channel-binding choice in SCRAM (RFC 5802 section 6, the gs2-header), as PostgreSQL
 * supports it (docs, "SCRAM-SHA-256 Authentication"): the only binding type is
 * {@code tls-server-end-point} (RFC 5929), used with the mechanism SCRAM-SHA-256-PLUS.
 *
 * <ul>
 *   <li>{@link #notSupported()}, "n": no TLS, or the client does not do channel binding;</li>
 *   <li>{@link #supportedButNotUsed()}, "y": the connection uses TLS and the client could bind,
 *       but the server did not offer SCRAM-SHA-256-PLUS (a server that did offer it treats "y" as
 *       a downgrade attack and fails the authentication);</li>
 *   <li>{@link #tlsServerEndPoint(byte[])}, "p=tls-server-end-point": bind to the server's
 *       certificate hash (see {@link #tlsServerEndPointHash(X509Certificate)}).</li>
 * </ul>
 */
public final class ChannelBinding {

    /** The channel binding type PostgreSQL implements. */
    public static final String TLS_SERVER_END_POINT = "tls-server-end-point";

    private static final ChannelBinding NOT_SUPPORTED = new ChannelBinding("n,,", null);
    private static final ChannelBinding SUPPORTED_BUT_NOT_USED = new ChannelBinding("y,,", null);

    private final String gs2Header;
    private final byte[] data;

    private ChannelBinding(String gs2Header, byte[] data) {
        this.gs2Header = gs2Header;
        this.data = data;
    }

    public static ChannelBinding notSupported() {
        return NOT_SUPPORTED;
    }

    public static ChannelBinding supportedButNotUsed() {
        return SUPPORTED_BUT_NOT_USED;
    }

    /**
     * @param certificateHash the tls-server-end-point binding data: the server certificate's hash
     *                        (RFC 5929 section 4.1); copied
     */
    public static ChannelBinding tlsServerEndPoint(byte[] certificateHash) {
        if (certificateHash == null || certificateHash.length == 0) {
            throw new IllegalArgumentException("tls-server-end-point needs the server certificate's hash");
        }
        return new ChannelBinding("p=" + TLS_SERVER_END_POINT + ",,", certificateHash.clone());
    }

    /**
     * The tls-server-end-point binding data of a server certificate (RFC 5929 section 4.1): the hash
     * of its DER encoding, with the hash function of its signature algorithm, except that MD5 and
     * SHA-1 are replaced by SHA-256. PostgreSQL computes the same on the server.
     *
     * @throws ScramException when the signature algorithm names no single hash function (RSASSA-PSS,
     *                        Ed25519), for which PostgreSQL cannot bind either
     */
    public static byte[] tlsServerEndPointHash(X509Certificate serverCertificate) {
        String algorithm = serverCertificate.getSigAlgName();
        String hash = hashOfSignatureAlgorithm(algorithm);
        if (hash == null) {
            throw new ScramException("channel binding: the server certificate's signature algorithm " + algorithm
                + " has no single hash function, so tls-server-end-point is undefined for it (RFC 5929 4.1)");
        }
        try {
            return MessageDigest.getInstance(hash).digest(serverCertificate.getEncoded());
        } catch (NoSuchAlgorithmException e) {
            throw new ScramException("channel binding: the JDK has no " + hash + " for the server certificate", e);
        } catch (CertificateEncodingException e) {
            throw new ScramException("channel binding: cannot encode the server certificate", e);
        }
    }

    /** "SHA256withRSA" to "SHA-256"; MD5 and SHA-1 to "SHA-256"; null when there is no single hash. */
    static String hashOfSignatureAlgorithm(String signatureAlgorithm) {
        String name = signatureAlgorithm.toUpperCase(Locale.ROOT);
        int with = name.indexOf("WITH");
        if (with <= 0) {
            return null;
        }
        String hash = name.substring(0, with);
        switch (hash) {
            case "MD5":
            case "SHA1":
            case "SHA-1":
            case "SHA256":
            case "SHA-256":
                return "SHA-256";
            case "SHA224":
            case "SHA-224":
                return "SHA-224";
            case "SHA384":
            case "SHA-384":
                return "SHA-384";
            case "SHA512":
            case "SHA-512":
                return "SHA-512";
            case "SHA3-224":
            case "SHA3-256":
            case "SHA3-384":
            case "SHA3-512":
                return hash;
            default:
                return null;
        }
    }

    /** Whether this choice binds to the channel (and so needs SCRAM-SHA-256-PLUS). */
    public boolean isBound() {
        return data != null;
    }

    /** The gs2-header: {@code "n,,"}, {@code "y,,"} or {@code "p=tls-server-end-point,,"}. */
    String gs2Header() {
        return gs2Header;
    }

    /** The cbind-input of client-final-message: the gs2-header, then the binding data if bound. */
    byte[] cbindInput() {
        byte[] header = gs2Header.getBytes(StandardCharsets.US_ASCII);
        if (data == null) {
            return header;
        }
        byte[] input = new byte[header.length + data.length];
        System.arraycopy(header, 0, input, 0, header.length);
        System.arraycopy(data, 0, input, header.length, data.length);
        return input;
    }

    @Override
    public String toString() {
        return "ChannelBinding[" + gs2Header.substring(0, gs2Header.length() - 2) + "]";
    }
}
