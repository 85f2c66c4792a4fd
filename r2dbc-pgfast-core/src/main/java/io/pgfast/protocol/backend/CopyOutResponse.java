package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;

/**
 * CopyOutResponse (B): Byte1('H'), Int32 length, Int8 overall format, Int16 N, Int16[N] column formats (the body
 * {@link CopyResponse} parses). The server is about to send COPY TO STDOUT data (CopyData messages, then CopyDone).
 */
public final class CopyOutResponse extends CopyResponse {

    public CopyOutResponse(short overallFormat, short[] columnFormats) {
        super(overallFormat, columnFormats);
    }

    public static CopyOutResponse decode(ByteBuf body) {
        return decode(body, "CopyOutResponse", CopyOutResponse::new);
    }
}
