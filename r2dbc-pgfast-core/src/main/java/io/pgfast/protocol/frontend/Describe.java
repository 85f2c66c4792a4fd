package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * Describe (F): Byte1('D'), Int32 length, Byte1 'S' (statement) or 'P' (portal), String name
 * (empty = the unnamed one). Asks for a description of a prepared statement (answered by ParameterDescription and RowDescription or NoData) or of a portal (RowDescription or NoData).
 */
public record Describe(char kind, String name) implements FrontendMessage {

    public static final byte TYPE = 'D';
    public static final char STATEMENT = 'S';
    public static final char PORTAL = 'P';

    /** @throws IllegalArgumentException when kind is not 'S' or 'P', or name is null or contains NUL */
    public Describe {
        if (kind != STATEMENT && kind != PORTAL) {
            throw new IllegalArgumentException("kind must be 'S' (statement) or 'P' (portal), was '" + kind + "'");
        }
        WireFormat.checkCString(name, kind == STATEMENT ? "statement name" : "portal name");
    }

    public static Describe statement(String name) {
        return new Describe(STATEMENT, name);
    }

    public static Describe portal(String name) {
        return new Describe(PORTAL, name);
    }

    @Override
    public void encode(ByteBuf out) {
        int length = WireFormat.beginMessage(out, TYPE);
        out.writeByte(kind);
        WireFormat.writeCString(out, name);
        WireFormat.endMessage(out, length);
    }
}
