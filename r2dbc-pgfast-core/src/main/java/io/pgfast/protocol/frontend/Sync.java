package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * Sync (F): Byte1('S'), Int32(4). Ends an extended-query sequence: the server commits or rolls back an implicit transaction, and answers with ReadyForQuery (after skipping to here on an error).
 */
public final class Sync implements FrontendMessage {

    public static final byte TYPE = 'S';

    public static final Sync INSTANCE = new Sync();

    private Sync() {
    }

    @Override
    public void encode(ByteBuf out) {
        WireFormat.endMessage(out, WireFormat.beginMessage(out, TYPE));
    }

    @Override
    public String toString() {
        return "Sync";
    }
}
