package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;

/**
 * CopyBothResponse (B): Byte1('W'), Int32 length, Int8 overall format, Int16 N, Int16[N] column formats (the body
 * {@link CopyResponse} parses). The server starts a COPY BOTH stream (streaming replication): CopyData flows both ways.
 */
public final class CopyBothResponse extends CopyResponse {

    public CopyBothResponse(short overallFormat, short[] columnFormats) {
        super(overallFormat, columnFormats);
    }

    public static CopyBothResponse decode(ByteBuf body) {
        return decode(body, "CopyBothResponse", CopyBothResponse::new);
    }
}
