package io.pgfast.transport;

import io.netty.buffer.ByteBuf;

/**
 * The framing of a GSS-encrypted connection (protocol 55.3.2, "GSSAPI Session Encryption"): after the
 * server's 'G', every packet in either direction is an Int32 length (big-endian, not counting itself) and
 * that many bytes of GSSAPI token, first for setting up the security context, then one wrapped chunk of the
 * protocol stream each.
 */
final class GssPackets {

    /**
     * The most a wrapped packet may take, length word included: PostgreSQL's {@code PQ_GSS_MAX_PACKET_SIZE}
     * (16384). Both sides refuse a longer one.
     */
    static final int MAX_PACKET = 16384;
    /** The longest token of a wrapped packet. */
    static final int MAX_WRAPPED_TOKEN = MAX_PACKET - 4;
    /**
     * The longest token of the context set-up: PostgreSQL 17 allows 65536 bytes
     * ({@code PQ_GSS_AUTH_BUFFER_SIZE}), older servers send at most {@link #MAX_PACKET}.
     */
    static final int MAX_SETUP_TOKEN = 65536;

    private GssPackets() {
    }

    /**
     * The next whole token of {@code in}, copied out, or null when it has not all arrived; the reader index
     * moves past it only when it is returned.
     *
     * @throws IllegalStateException when the length is negative or above {@code maxToken}
     */
    static byte[] next(ByteBuf in, int maxToken) {
        if (in.readableBytes() < 4) {
            return null;
        }
        int length = in.getInt(in.readerIndex());
        if (length < 0 || length > maxToken) {
            throw new IllegalStateException("GSS encryption: a packet of " + length + " bytes, the limit is " + maxToken);
        }
        if (in.readableBytes() < 4 + length) {
            return null;
        }
        in.skipBytes(4);
        byte[] token = new byte[length];
        in.readBytes(token);
        return token;
    }

    /** Writes one packet: the token's length, then the token. */
    static void write(ByteBuf out, byte[] token) {
        out.writeInt(token.length);
        out.writeBytes(token);
    }
}
