package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * SASLInitialResponse (F): Byte1('p'), Int32 length, String mechanism, Int32 length of the initial
 * response (-1 for none), Byte<i>n</i> initial response. Answers AuthenticationSASL with the chosen
 * mechanism (for SCRAM, the client-first-message as initial response).
 */
public final class SASLInitialResponse implements FrontendMessage {

    public static final byte TYPE = 'p';

    private final String mechanism;
    private final byte[] data;

    /**
     * @param mechanism the chosen mechanism, e.g. {@code SCRAM-SHA-256}
     * @param data      the initial response, or null for none; copied
     */
    public SASLInitialResponse(String mechanism, byte[] data) {
        this.mechanism = WireFormat.checkCString(mechanism, "SASL mechanism");
        this.data = data == null ? null : data.clone();
    }

    public String mechanism() {
        return mechanism;
    }

    @Override
    public void encode(ByteBuf out) {
        int length = WireFormat.beginMessage(out, TYPE);
        WireFormat.writeCString(out, mechanism);
        if (data == null) {
            out.writeInt(-1);
        } else {
            out.writeInt(data.length);
            out.writeBytes(data);
        }
        WireFormat.endMessage(out, length);
    }

    @Override
    public String toString() {
        return "SASLInitialResponse[" + mechanism + ", " + (data == null ? "no data" : data.length + " bytes") + "]";
    }
}
