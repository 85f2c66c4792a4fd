package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * Close (F): Byte1('C'), Int32 length, Byte1 'S' (statement) or 'P' (portal), String name
 * (empty = the unnamed one). Closes a prepared statement or a portal; closing one that does not exist is not an error. Answered by CloseComplete.
 */
public record Close(char kind, String name) implements FrontendMessage {

    public static final byte TYPE = 'C';
    public static final char STATEMENT = 'S';
    public static final char PORTAL = 'P';

    /** @throws IllegalArgumentException when kind is not 'S' or 'P', or name is null or contains NUL */
    public Close {
        if (kind != STATEMENT && kind != PORTAL) {
            throw new IllegalArgumentException("kind must be 'S' (statement) or 'P' (portal), was '" + kind + "'");
        }
        WireFormat.checkCString(name, kind == STATEMENT ? "statement name" : "portal name");
    }

    public static Close statement(String name) {
        return new Close(STATEMENT, name);
    }

    public static Close portal(String name) {
        return new Close(PORTAL, name);
    }

    @Override
    public void encode(ByteBuf out) {
        int length = WireFormat.beginMessage(out, TYPE);
        out.writeByte(kind);
        WireFormat.writeCString(out, name);
        WireFormat.endMessage(out, length);
    }
}
