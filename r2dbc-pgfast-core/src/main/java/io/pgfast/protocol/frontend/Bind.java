package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.pgfast.protocol.WireFormat;

/**
 * Bind (F): Byte1('B'), Int32 length, String portal name, String statement name, Int16 C, Int16[C]
 * parameter format codes, Int16 N, then per parameter Int32 value length (-1 for NULL) and the
 * value's bytes, Int16 R, Int16[R] result-column format codes. Creates a portal from a prepared
 * statement and parameter values.
 *
 * <p>Written by a static method straight from the caller's parameters, with no object per value.
 * Format codes are written compactly as the protocol allows: none when all are text (0), one when
 * all are the same, else one per parameter (or result column).
 */
public final class Bind {

    public static final byte TYPE = 'B';

    private static final short[] NO_FORMATS = new short[0];

    /** What Bind needs from the caller's parameters; no per-value object required. */
    public interface Values {

        /** The number of parameters, at most 65535. */
        int count();

        /** Parameter {@code i}'s format: 0 = text, 1 = binary. */
        short formatCode(int i);

        /**
         * Writes parameter {@code i}'s value bytes (without a length prefix) at the writer index of
         * {@code out}.
         *
         * @return false for SQL NULL, in which case nothing may be written
         */
        boolean write(int i, ByteBuf out);

        /**
         * At least how many bytes {@link #write} writes for parameter {@code i} (0 for NULL or when not known
         * beforehand). The sum is checked against {@link WireFormat#MAX_MESSAGE_LENGTH} before anything is
         * written, so an oversized Bind is refused without first being rendered into memory.
         */
        default long minimumLength(int i) {
            return 0;
        }
    }

    /** Bind parameters for a statement without any. */
    public static final Values NO_VALUES = new Values() {
        @Override
        public int count() {
            return 0;
        }

        @Override
        public short formatCode(int i) {
            throw new IndexOutOfBoundsException("no parameters");
        }

        @Override
        public boolean write(int i, ByteBuf out) {
            throw new IndexOutOfBoundsException("no parameters");
        }
    };

    private Bind() {
    }

    /**
     * Writes the complete Bind message at the writer index of {@code out}.
     *
     * <p>Everything is validated before the first byte is written. If {@code values} throws while
     * writing a value, {@code out}'s writer index is reset to where it was and the exception
     * propagates, so no partial message is left behind.
     *
     * @param portal            the portal to create (empty = the unnamed portal)
     * @param statement         the prepared statement (empty = the unnamed statement)
     * @param resultFormatCodes one format code for all result columns, one per column, or null or
     *                          empty for all text
     * @throws IllegalArgumentException when a name is null or contains NUL, there are more than
     *                                  65535 parameters or result codes, a format code is not 0 or 1, or the
     *                                  message would exceed {@link WireFormat#MAX_MESSAGE_LENGTH} (checked on
     *                                  the values' known sizes before writing, and on the result after)
     * @throws IllegalStateException    when {@code values.write} reports NULL after writing bytes
     */
    public static void encode(ByteBuf out, String portal, String statement, Values values, short[] resultFormatCodes) {
        WireFormat.checkCString(portal, "portal name");
        WireFormat.checkCString(statement, "statement name");
        if (values == null) {
            throw new IllegalArgumentException("values must not be null (use Bind.NO_VALUES)");
        }
        int count = WireFormat.checkCount16(values.count(), "Bind parameter count");
        int parameterFormats = compactParameterFormats(values, count);
        short[] resultFormats = resultFormatCodes == null ? NO_FORMATS : resultFormatCodes;
        WireFormat.checkCount16(resultFormats.length, "Bind result format count");
        int resultFormatsWritten = compactFormats(resultFormats);
        WireFormat.checkMessageLength(minimumLength(portal, statement, values, count, parameterFormats, resultFormatsWritten), TYPE);

        int start = out.writerIndex();
        try {
            int length = WireFormat.beginMessage(out, TYPE);
            WireFormat.writeCString(out, portal);
            WireFormat.writeCString(out, statement);
            out.writeShort(parameterFormats);
            if (parameterFormats == 1) {
                out.writeShort(values.formatCode(0));
            } else if (parameterFormats > 1) {
                for (int i = 0; i < count; i++) {
                    out.writeShort(values.formatCode(i));
                }
            }
            out.writeShort(count);
            for (int i = 0; i < count; i++) {
                writeValue(out, values, i);
            }
            out.writeShort(resultFormatsWritten);
            for (int i = 0; i < resultFormatsWritten; i++) {
                out.writeShort(resultFormats[i]);
            }
            WireFormat.endMessage(out, length);
        } catch (IndexOutOfBoundsException e) {
            // the buffer cannot grow past Integer.MAX_VALUE: values whose size was not known beforehand
            out.writerIndex(start);
            throw new IllegalArgumentException("a Bind message exceeds the " + WireFormat.MAX_MESSAGE_LENGTH
                    + " bytes PostgreSQL accepts in one message (1 GiB); nothing was sent", e);
        } catch (RuntimeException e) {
            out.writerIndex(start);
            throw e;
        }
    }

    /**
     * The length field the message will have at least: its fixed parts, names and format codes exactly,
     * plus each value's {@link Values#minimumLength}, summed as a long so that no size wraps.
     */
    private static long minimumLength(String portal, String statement, Values values, int count, int parameterFormats,
            int resultFormats) {
        long length = 4L + ByteBufUtil.utf8Bytes(portal) + 1 + ByteBufUtil.utf8Bytes(statement) + 1
                + 2 + 2L * parameterFormats + 2 + 4L * count + 2 + 2L * resultFormats;
        for (int i = 0; i < count; i++) {
            length += values.minimumLength(i);
        }
        return length;
    }

    private static void writeValue(ByteBuf out, Values values, int i) {
        int lengthIndex = out.writerIndex();
        out.writeInt(-1);
        boolean notNull = values.write(i, out);
        int written = out.writerIndex() - lengthIndex - 4;
        if (notNull) {
            if (written < 0) {
                throw new IllegalStateException("Bind parameter " + i + ": the value writer moved the writer index backwards");
            }
            out.setInt(lengthIndex, written);
        } else if (written != 0) {
            throw new IllegalStateException("Bind parameter " + i + ": the value writer reported NULL but wrote "
                + written + " bytes");
        }
    }

    /** The number of parameter format codes to send: 0 when all text, 1 when all equal, else count. */
    private static int compactParameterFormats(Values values, int count) {
        boolean allEqual = true;
        short first = 0;
        for (int i = 0; i < count; i++) {
            short format = checkFormat(values.formatCode(i), "Bind parameter ", i);
            if (i == 0) {
                first = format;
            } else if (format != first) {
                allEqual = false;
            }
        }
        if (count == 0 || allEqual && first == 0) {
            return 0;
        }
        return allEqual ? 1 : count;
    }

    /** The number of result format codes to send: 0 when all text, 1 when all equal, else all. */
    private static int compactFormats(short[] formats) {
        boolean allEqual = true;
        for (int i = 0; i < formats.length; i++) {
            checkFormat(formats[i], "Bind result column ", i);
            if (formats[i] != formats[0]) {
                allEqual = false;
            }
        }
        if (formats.length == 0 || allEqual && formats[0] == 0) {
            return 0;
        }
        return allEqual ? 1 : formats.length;
    }

    /** The message is built only on failure: this runs for every parameter of every Bind. */
    private static short checkFormat(short format, String what, int index) {
        if (format != 0 && format != 1) {
            throw new IllegalArgumentException(what + index + ": format code " + format + " is neither 0 (text) nor 1 (binary)");
        }
        return format;
    }
}
