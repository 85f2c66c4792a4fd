package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;

/**
 * CopyInResponse (B): Byte1('G'), Int32 length, Int8 overall format, Int16 N, Int16[N] column formats (the body
 * {@link CopyResponse} parses). The server is ready to receive COPY FROM STDIN data (CopyData messages, then CopyDone or CopyFail).
 */
public final class CopyInResponse extends CopyResponse {

    public CopyInResponse(short overallFormat, short[] columnFormats) {
        super(overallFormat, columnFormats);
    }

    public static CopyInResponse decode(ByteBuf body) {
        return decode(body, "CopyInResponse", CopyInResponse::new);
    }
}
