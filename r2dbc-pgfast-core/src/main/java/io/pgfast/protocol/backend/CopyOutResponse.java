package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;

import java.util.Arrays;

/**
 * CopyOutResponse (B): Byte1('H'), Int32 length, Int8 overall format, Int16 N, Int16[N] column formats.
 * The server is about to send COPY TO STDOUT data (CopyData messages, then CopyDone).
 *
 * @param overallFormat 0 = text (rows separated by newlines), 1 = binary
 * @param columnFormats one format code per column (all 0 when the overall format is text); the
 *                      array is this message's own, do not modify it
 */
public record CopyOutResponse(short overallFormat, short[] columnFormats) implements BackendMessage {

    public static final byte TYPE = 'H';

    public CopyOutResponse {
        CopyFormats.check(overallFormat, columnFormats);
    }

    public static CopyOutResponse decode(ByteBuf body) {
        short overall = CopyFormats.readOverallFormat(body, "CopyOutResponse");
        return new CopyOutResponse(overall, CopyFormats.readColumnFormats(body, overall, "CopyOutResponse"));
    }

    /** Whether the overall COPY format is binary. */
    public boolean isBinary() {
        return overallFormat == 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CopyOutResponse other && overallFormat == other.overallFormat
            && Arrays.equals(columnFormats, other.columnFormats);
    }

    @Override
    public int hashCode() {
        return 31 * overallFormat + Arrays.hashCode(columnFormats);
    }

    @Override
    public String toString() {
        return "CopyOutResponse[overallFormat=" + overallFormat + ", columnFormats=" + Arrays.toString(columnFormats) + "]";
    }
}
