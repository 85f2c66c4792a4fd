package io.pgfast.protocol.auth;

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
 *       certificate hash (see {@link TlsServerEndPoint#channelBindingData}).</li>
 * </ul>
 */
public final class ChannelBinding {

    /** The channel binding type PostgreSQL implements. */
    public static final String TLS_SERVER_END_POINT = "tls-server-end-point";

    private static final ChannelBinding NOT_SUPPORTED = new ChannelBinding("n", null);
    private static final ChannelBinding SUPPORTED_BUT_NOT_USED = new ChannelBinding("y", null);

    private final String flag;
    private final byte[] data;

    private ChannelBinding(String flag, byte[] data) {
        this.flag = flag;
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
        return new ChannelBinding("p=" + TLS_SERVER_END_POINT, certificateHash.clone());
    }

    /** Whether this choice binds to the channel (and so needs SCRAM-SHA-256-PLUS). */
    public boolean isBound() {
        return data != null;
    }

    /**
     * The gs2-header of RFC 5802 section 7 for this choice: the flag, then an empty authzid (PostgreSQL
     * refuses one: src/backend/libpq/auth-scram.c, read_client_first_message).
     */
    String gs2Header() {
        return flag + ",,";
    }

    /** The binding data of a bound choice (a copy), null otherwise. */
    byte[] data() {
        return data == null ? null : data.clone();
    }

    @Override
    public String toString() {
        return "ChannelBinding[" + flag + "]";
    }
}
