package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;

/**
 * The body shared by CopyInResponse, CopyOutResponse and CopyBothResponse: Int8 overall format
 * (0 = text, 1 = binary), Int16 column count N, Int16[N] per-column format codes, which "must
 * presently be zero if the overall copy format is textual" (docs, "Message Formats").
 */
final class CopyFormats {

    private CopyFormats() {
    }

    static short readOverallFormat(ByteBuf body, String message) {
        short overall = WireFormat.readByte(body, message, "overall format");
        if (overall != 0 && overall != 1) {
            throw new ProtocolException(message + ": overall format " + overall + " is neither 0 (text) nor 1 (binary)");
        }
        return overall;
    }

    static short[] readColumnFormats(ByteBuf body, short overallFormat, String message) {
        int count = WireFormat.readCount16(body, message, "column count");
        WireFormat.need(body, count * 2, message, "column format codes");
        short[] formats = new short[count];
        for (int i = 0; i < count; i++) {
            short format = WireFormat.readInt16(body, message, "column format code");
            if (format != 0 && format != 1) {
                throw new ProtocolException(message + ": column " + i + " format " + format + " is neither 0 (text) nor 1 (binary)");
            }
            if (overallFormat == 0 && format != 0) {
                throw new ProtocolException(message + ": column " + i + " is binary in a text-format COPY");
            }
            formats[i] = format;
        }
        WireFormat.expectEnd(body, message);
        return formats;
    }

    static void check(short overallFormat, short[] columnFormats) {
        if (overallFormat != 0 && overallFormat != 1) {
            throw new IllegalArgumentException("overall format must be 0 (text) or 1 (binary)");
        }
        if (columnFormats == null) {
            throw new IllegalArgumentException("columnFormats must not be null");
        }
        WireFormat.checkCount16(columnFormats.length, "COPY column count");
        for (short format : columnFormats) {
            if (format != 0 && format != 1 || overallFormat == 0 && format != 0) {
                throw new IllegalArgumentException("column formats must be 0 or 1, and all 0 for a text-format COPY");
            }
        }
    }
}
