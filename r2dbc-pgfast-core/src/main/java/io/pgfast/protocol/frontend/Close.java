package io.pgfast.protocol.frontend;

/**
 * Close (F): Byte1('C'), Int32 length, Byte1 'S' (statement) or 'P' (portal), String name
 * (empty = the unnamed one; the body {@link StatementOrPortalMessage} writes). Closes a prepared statement or a
 * portal; closing one that does not exist is not an error. Answered by CloseComplete.
 */
public final class Close extends StatementOrPortalMessage {

    public static final byte TYPE = 'C';

    /** @throws IllegalArgumentException when kind is not 'S' or 'P', or name is null or contains NUL */
    public Close(char kind, String name) {
        super(TYPE, kind, name);
    }

    public static Close statement(String name) {
        return new Close(STATEMENT, name);
    }

    public static Close portal(String name) {
        return new Close(PORTAL, name);
    }
}
