package io.pgfast.protocol.frontend;

/**
 * Describe (F): Byte1('D'), Int32 length, Byte1 'S' (statement) or 'P' (portal), String name
 * (empty = the unnamed one; the body {@link StatementOrPortalMessage} writes). Asks for a description of a
 * prepared statement (answered by ParameterDescription and RowDescription or NoData) or of a portal
 * (RowDescription or NoData).
 */
public final class Describe extends StatementOrPortalMessage {

    public static final byte TYPE = 'D';

    /** @throws IllegalArgumentException when kind is not 'S' or 'P', or name is null or contains NUL */
    public Describe(char kind, String name) {
        super(TYPE, kind, name);
    }

    public static Describe statement(String name) {
        return new Describe(STATEMENT, name);
    }

    public static Describe portal(String name) {
        return new Describe(PORTAL, name);
    }
}
