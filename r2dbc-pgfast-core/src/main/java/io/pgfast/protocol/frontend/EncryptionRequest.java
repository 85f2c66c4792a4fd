package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;

/**
 * The shape SSLRequest and GSSENCRequest share: Int32(8), then a request code in place of a protocol version,
 * with no type byte. Sent first on a fresh connection; the server answers with a single byte, not a message.
 * Each request is its own subclass, named as in the docs, with its code.
 */
public abstract sealed class EncryptionRequest implements FrontendMessage permits SSLRequest, GSSENCRequest {

    private final int code;

    EncryptionRequest(int code) {
        this.code = code;
    }

    @Override
    public final void encode(ByteBuf out) {
        out.writeInt(8);
        out.writeInt(code);
    }

    @Override
    public final String toString() {
        return getClass().getSimpleName();
    }
}
