package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;

import java.util.Arrays;

/**
 * CopyBothResponse (B): Byte1('W'), Int32 length, Int8 overall format, Int16 N, Int16[N] column formats.
 * The server starts a COPY BOTH stream (streaming replication): CopyData flows both ways.
 *
 * @param overallFormat 0 = text (rows separated by newlines), 1 = binary
 * @param columnFormats one format code per column (all 0 when the overall format is text); the
 *                      array is this message's own, do not modify it
 */
public record CopyBothResponse(short overallFormat, short[] columnFormats) implements BackendMessage {

    public static final byte TYPE = 'W';

    public CopyBothResponse {
        CopyFormats.check(overallFormat, columnFormats);
    }

    public static CopyBothResponse decode(ByteBuf body) {
        short overall = CopyFormats.readOverallFormat(body, "CopyBothResponse");
        return new CopyBothResponse(overall, CopyFormats.readColumnFormats(body, overall, "CopyBothResponse"));
    }

    /** Whether the overall COPY format is binary. */
    public boolean isBinary() {
        return overallFormat == 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CopyBothResponse other && overallFormat == other.overallFormat
            && Arrays.equals(columnFormats, other.columnFormats);
    }

    @Override
    public int hashCode() {
        return 31 * overallFormat + Arrays.hashCode(columnFormats);
    }

    @Override
    public String toString() {
        return "CopyBothResponse[overallFormat=" + overallFormat + ", columnFormats=" + Arrays.toString(columnFormats) + "]";
    }
}
