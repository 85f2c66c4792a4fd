package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;

/**
 * GSSENCRequest (F): Int32(8), Int32(80877104), with no type byte. Sent first on a fresh connection to ask for GSSAPI encryption; the server answers with the single byte 'G' or 'N'.
 */
public final class GSSENCRequest implements FrontendMessage {

    /** 1234 in the high 16 bits, 5680 in the low, chosen by PostgreSQL not to collide with any protocol version. */
    public static final int CODE = 80877104;

    public static final GSSENCRequest INSTANCE = new GSSENCRequest();

    private GSSENCRequest() {
    }

    @Override
    public void encode(ByteBuf out) {
        out.writeInt(8);
        out.writeInt(CODE);
    }

    @Override
    public String toString() {
        return "GSSENCRequest";
    }
}
