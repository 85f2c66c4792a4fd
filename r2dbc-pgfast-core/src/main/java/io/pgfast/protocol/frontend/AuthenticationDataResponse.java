package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * The shape SASLResponse and GSSResponse share: Byte1('p'), Int32 length, then the mechanism's data, opaque to
 * the protocol and not terminated. Each message is its own subclass, named as in the docs. {@link #toString()}
 * shows the length only: the bytes are a mechanism's secret exchange.
 */
public abstract sealed class AuthenticationDataResponse implements FrontendMessage permits SASLResponse, GSSResponse {

    /** The type byte of PasswordMessage and SASLInitialResponse too: the server knows from its own request which it reads. */
    public static final byte TYPE = 'p';

    private final byte[] data;

    /**
     * @param data the mechanism's data; copied
     * @param what what the data is, for the message of the exception
     * @throws IllegalArgumentException if {@code data} is null
     */
    AuthenticationDataResponse(byte[] data, String what) {
        if (data == null) {
            throw new IllegalArgumentException(what + " must not be null");
        }
        this.data = data.clone();
    }

    @Override
    public final void encode(ByteBuf out) {
        int length = WireFormat.beginMessage(out, TYPE);
        out.writeBytes(data);
        WireFormat.endMessage(out, length);
    }

    @Override
    public final String toString() {
        return getClass().getSimpleName() + "[" + data.length + " bytes]";
    }
}
