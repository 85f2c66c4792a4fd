package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

import java.util.Objects;

/**
 * The shape Close and Describe share: Byte1 type, Int32 length, Byte1 'S' (a prepared statement) or 'P' (a portal),
 * String name (empty = the unnamed one). Each message is its own subclass, named as in the docs, with its type byte
 * and its factories; two messages are equal when they are the same message with the same kind and name.
 */
public abstract sealed class StatementOrPortalMessage implements FrontendMessage permits Close, Describe {

    public static final char STATEMENT = 'S';
    public static final char PORTAL = 'P';

    private final byte type;
    private final char kind;
    private final String name;

    /** @throws IllegalArgumentException when kind is not 'S' or 'P', or name is null or contains NUL */
    StatementOrPortalMessage(byte type, char kind, String name) {
        if (kind != STATEMENT && kind != PORTAL) {
            throw new IllegalArgumentException("kind must be 'S' (statement) or 'P' (portal), was '" + kind + "'");
        }
        WireFormat.checkCString(name, kind == STATEMENT ? "statement name" : "portal name");
        this.type = type;
        this.kind = kind;
        this.name = name;
    }

    /** {@link #STATEMENT} or {@link #PORTAL}. */
    public final char kind() {
        return kind;
    }

    public final String name() {
        return name;
    }

    @Override
    public final void encode(ByteBuf out) {
        int length = WireFormat.beginMessage(out, type);
        out.writeByte(kind);
        WireFormat.writeCString(out, name);
        WireFormat.endMessage(out, length);
    }

    @Override
    public final boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && kind == ((StatementOrPortalMessage) o).kind
                && name.equals(((StatementOrPortalMessage) o).name);
    }

    @Override
    public final int hashCode() {
        return Objects.hash(getClass(), kind, name);
    }

    @Override
    public final String toString() {
        return getClass().getSimpleName() + "[kind=" + kind + ", name=" + name + "]";
    }
}
