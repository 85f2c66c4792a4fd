package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * Query (F): Byte1('Q'), Int32 length, String query. A simple query: one or more SQL statements
 * separated by semicolons, run with text results.
 */
public record Query(String sql) implements FrontendMessage {

    public static final byte TYPE = 'Q';

    /**
     * @throws IllegalArgumentException when {@code sql} is null, contains NUL or is longer than a message may be
     *                                  (checked on its length in chars, which UTF-8 never makes shorter, before
     *                                  anything is rendered; the exact length again when the message ends)
     */
    public Query {
        WireFormat.checkCString(sql, "query");
        WireFormat.checkMessageLength(4L + sql.length() + 1, TYPE);
    }

    @Override
    public void encode(ByteBuf out) {
        int length = WireFormat.beginMessage(out, TYPE);
        WireFormat.writeCString(out, sql);
        WireFormat.endMessage(out, length);
    }
}
