package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;

import java.util.Arrays;

/**
 * The body CopyInResponse, CopyOutResponse and CopyBothResponse share, parsed here once: Int8 overall format
 * (0 = text, 1 = binary), Int16 column count N, Int16[N] per-column format codes, which "must presently be
 * zero if the overall copy format is textual" (docs, "Message Formats"). Each message is its own subclass,
 * named as in the docs; two messages are equal when they are the same message with the same formats.
 */
public abstract sealed class CopyResponse implements BackendMessage permits CopyInResponse, CopyOutResponse, CopyBothResponse {

    private final short overallFormat;
    private final short[] columnFormats;

    /**
     * @param overallFormat 0 = text (rows separated by newlines), 1 = binary
     * @param columnFormats one format code per column (all 0 when the overall format is text); the array
     *                      becomes this message's own, do not modify it
     * @throws IllegalArgumentException for a format other than 0 or 1, or a binary column in a text COPY
     */
    CopyResponse(short overallFormat, short[] columnFormats) {
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
        this.overallFormat = overallFormat;
        this.columnFormats = columnFormats;
    }

    /** Makes one of the messages from its parsed body. */
    interface Factory<T extends CopyResponse> {
        T make(short overallFormat, short[] columnFormats);
    }

    /** Parses the body of the message named {@code message}, reading {@code body} to its end. */
    static <T extends CopyResponse> T decode(ByteBuf body, String message, Factory<T> factory) {
        short overall = WireFormat.readByte(body, message, "overall format");
        if (overall != 0 && overall != 1) {
            throw new ProtocolException(message + ": overall format " + overall + " is neither 0 (text) nor 1 (binary)");
        }
        int count = WireFormat.readCount16(body, message, "column count");
        WireFormat.need(body, count * 2, message, "column format codes");
        short[] formats = new short[count];
        for (int i = 0; i < count; i++) {
            short format = WireFormat.readInt16(body, message, "column format code");
            if (format != 0 && format != 1) {
                throw new ProtocolException(message + ": column " + i + " format " + format + " is neither 0 (text) nor 1 (binary)");
            }
            if (overall == 0 && format != 0) {
                throw new ProtocolException(message + ": column " + i + " is binary in a text-format COPY");
            }
            formats[i] = format;
        }
        WireFormat.expectEnd(body, message);
        return factory.make(overall, formats);
    }

    /** 0 = text (rows separated by newlines), 1 = binary. */
    public final short overallFormat() {
        return overallFormat;
    }

    /** One format code per column (all 0 when the overall format is text); the message's own array, do not modify it. */
    public final short[] columnFormats() {
        return columnFormats;
    }

    /** Whether the overall COPY format is binary. */
    public final boolean isBinary() {
        return overallFormat == 1;
    }

    @Override
    public final boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && overallFormat == ((CopyResponse) o).overallFormat
            && Arrays.equals(columnFormats, ((CopyResponse) o).columnFormats);
    }

    @Override
    public final int hashCode() {
        return 31 * (31 * getClass().hashCode() + overallFormat) + Arrays.hashCode(columnFormats);
    }

    @Override
    public final String toString() {
        return getClass().getSimpleName() + "[overallFormat=" + overallFormat + ", columnFormats=" + Arrays.toString(columnFormats) + "]";
    }
}
