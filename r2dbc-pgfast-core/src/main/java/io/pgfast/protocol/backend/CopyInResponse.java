package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;

import java.util.Arrays;

/**
 * CopyInResponse (B): Byte1('G'), Int32 length, Int8 overall format, Int16 N, Int16[N] column formats.
 * The server is ready to receive COPY FROM STDIN data (CopyData messages, then CopyDone or CopyFail).
 *
 * @param overallFormat 0 = text (rows separated by newlines), 1 = binary
 * @param columnFormats one format code per column (all 0 when the overall format is text); the
 *                      array is this message's own, do not modify it
 */
public record CopyInResponse(short overallFormat, short[] columnFormats) implements BackendMessage {

    public static final byte TYPE = 'G';

    public CopyInResponse {
        CopyFormats.check(overallFormat, columnFormats);
    }

    public static CopyInResponse decode(ByteBuf body) {
        short overall = CopyFormats.readOverallFormat(body, "CopyInResponse");
        return new CopyInResponse(overall, CopyFormats.readColumnFormats(body, overall, "CopyInResponse"));
    }

    /** Whether the overall COPY format is binary. */
    public boolean isBinary() {
        return overallFormat == 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CopyInResponse other && overallFormat == other.overallFormat
            && Arrays.equals(columnFormats, other.columnFormats);
    }

    @Override
    public int hashCode() {
        return 31 * overallFormat + Arrays.hashCode(columnFormats);
    }

    @Override
    public String toString() {
        return "CopyInResponse[overallFormat=" + overallFormat + ", columnFormats=" + Arrays.toString(columnFormats) + "]";
    }
}
