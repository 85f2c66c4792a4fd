package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

import java.util.Arrays;

/**
 * Parse (F): Byte1('P'), Int32 length, String statement name (empty = the unnamed statement), String
 * query, Int16 N, Int32[N] parameter type OIDs (0 = let the server infer the type). Creates a
 * prepared statement.
 */
public final class Parse implements FrontendMessage {

    public static final byte TYPE = 'P';

    private final String name;
    private final String sql;
    private final int[] parameterOids;

    /**
     * @param parameterOids the declared parameter types, possibly fewer than the query uses; copied
     * @throws IllegalArgumentException when a string is null or contains NUL, the message would be longer than
     *                                  {@link WireFormat#MAX_MESSAGE_LENGTH}, or there are more than
     *                                  65535 parameter types
     */
    public Parse(String name, String sql, int[] parameterOids) {
        this.name = WireFormat.checkCString(name, "statement name");
        this.sql = WireFormat.checkCString(sql, "query");
        if (parameterOids == null) {
            throw new IllegalArgumentException("parameterOids must not be null (use an empty array)");
        }
        WireFormat.checkCount16(parameterOids.length, "Parse parameter count");
        // a lower bound (UTF-8 takes at least a byte per char), before anything is rendered
        WireFormat.checkMessageLength(4L + name.length() + 1 + sql.length() + 1 + 2 + 4L * parameterOids.length, TYPE);
        this.parameterOids = parameterOids.clone();
    }

    public String name() {
        return name;
    }

    public String sql() {
        return sql;
    }

    @Override
    public void encode(ByteBuf out) {
        int length = WireFormat.beginMessage(out, TYPE);
        WireFormat.writeCString(out, name);
        WireFormat.writeCString(out, sql);
        out.writeShort(parameterOids.length);
        for (int oid : parameterOids) {
            out.writeInt(oid);
        }
        WireFormat.endMessage(out, length);
    }

    @Override
    public String toString() {
        return "Parse[name=" + name + ", sql=" + sql + ", parameterOids=" + Arrays.toString(parameterOids) + "]";
    }
}
