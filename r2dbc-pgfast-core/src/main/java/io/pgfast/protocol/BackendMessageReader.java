package io.pgfast.protocol;

import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.backend.RowDescription;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.io.UnsignedInts;

/**
 * Splits the byte stream from the server into messages: Byte1 type, Int32 length (counting itself
 * and the body, not the type byte), body. Pure framing over the caller's cumulation buffer, no I/O;
 * decoding is {@link BackendMessageDecoder}'s.
 *
 * <p>The type byte is checked as soon as it is readable, the length as soon as the 5-byte header
 * is, before waiting for or allocating anything: an unknown type, or a length below 4 or above
 * {@code maxMessageSize}, is a {@link ProtocolException}. So a corrupt or hostile length (2 GB)
 * never makes the caller buffer it.
 *
 * <p>Buffer-lifetime contract: a DataRow returned by {@link #next} is a borrowed view
 * ({@link DataRow#borrowedView()}) into {@code in}, valid only until the next call of {@code next}
 * and as long as {@code in}'s bytes stay where they are; the caller consumes it before asking for the
 * next message. CopyData holds a retained slice of {@code in}, so {@code in}'s bytes must not be moved
 * while its refCnt is above 1 (no {@code discardReadBytes}).
 *
 * <p>One instance per connection (it owns the reusable row view).
 */
public final class BackendMessageReader {

    /** Type byte plus Int32 length. */
    public static final int HEADER_LENGTH = 5;

    private final int maxMessageSize;
    private final DataRow borrowedRow = DataRow.borrowedView();
    /**
     * The CommandCompletes decoded last: a tag seen again is the same instance again (one per statement; a
     * transaction's BEGIN, statements and COMMIT are five different tags).
     */
    private final CommandComplete[] recentCommandCompletes = new CommandComplete[RECENT_COMMAND_COMPLETES];
    private static final int RECENT_COMMAND_COMPLETES = 8;
    private int nextCommandComplete;
    /**
     * The RowDescriptions decoded last, with their bodies: the same bytes again (a query run again) give the same
     * message again, so its columns can be planned once ({@code DescribedColumns}). Bodies above
     * {@link #KEPT_DESCRIPTION_BYTES} are not kept.
     */
    private final RowDescription[] recentDescriptions = new RowDescription[RECENT_DESCRIPTIONS];
    private final byte[][] recentDescriptionBodies = new byte[RECENT_DESCRIPTIONS][];
    private static final int RECENT_DESCRIPTIONS = 4;
    private static final int KEPT_DESCRIPTION_BYTES = 2048;
    private int nextDescription;

    /**
     * @param maxMessageSize the largest length field accepted (the body plus the 4 bytes of the
     *                       length itself); at least 4
     */
    public BackendMessageReader(int maxMessageSize) {
        if (maxMessageSize < 4) {
            throw new IllegalArgumentException("maxMessageSize must be at least 4, was " + maxMessageSize);
        }
        this.maxMessageSize = maxMessageSize;
    }

    /**
     * Steps over the next message, which must be a DataRow, without decoding it: true when a whole
     * message was skipped, false when it is not complete yet ({@code in} untouched). The length is
     * checked as in {@link #next}.
     */
    public boolean skipDataRow(ByteBuf in) {
        int start = in.readerIndex();
        if (in.readableBytes() < HEADER_LENGTH) {
            return false;
        }
        int length = UnsignedInts.int32(in, start + 1);
        if (length < 4 || length > maxMessageSize) {
            throw new ProtocolException("message 'D' has length " + length + ", outside 4.." + maxMessageSize);
        }
        if (in.readableBytes() - 1L < length) {
            return false;
        }
        in.readerIndex(start + 1 + length);
        return true;
    }

    public int maxMessageSize() {
        return maxMessageSize;
    }

    /**
     * Decodes the next message of {@code in} if it is complete.
     *
     * <p>Buffer contract: the returned message is decoded from a slice of {@code in};
     * {@code DataRow} and {@code CopyData} retain that slice (release the message when done), so
     * {@code in} may be discarded or compacted afterwards. {@code in} stays the caller's.
     *
     * @return the message, after consuming exactly its bytes from {@code in}; or null when the next
     *         message is not complete yet, leaving {@code in} untouched
     * @throws ProtocolException for an unknown type, a length out of bounds or a malformed body;
     *                           {@code in} is then left at the start of the offending message
     */
    public BackendMessage next(ByteBuf in) {
        int start = in.readerIndex();
        if (!in.isReadable()) {
            return null;
        }
        byte type = in.getByte(start);
        if (!BackendMessageDecoder.isKnownType(type)) {
            throw new ProtocolException("unknown backend message type " + BackendMessageDecoder.describe(type)
                + ": the stream is not (or no longer) PostgreSQL protocol 3.0");
        }
        if (in.readableBytes() < HEADER_LENGTH) {
            return null;
        }
        int length = UnsignedInts.int32(in, start + 1);
        if (length < 4) {
            throw new ProtocolException("message " + BackendMessageDecoder.describe(type) + " has length " + length
                + ", less than the 4 bytes of the length itself");
        }
        if (length > maxMessageSize) {
            throw new ProtocolException("message " + BackendMessageDecoder.describe(type) + " has length " + length
                + ", more than the limit of " + maxMessageSize + " bytes");
        }
        // length <= maxMessageSize <= Integer.MAX_VALUE, so 1 + length may overflow only as a long.
        if (in.readableBytes() - 1L < length) {
            return null;
        }
        BackendMessage message;
        if (type == DataRow.TYPE) {
            // the hot path: no slice, no allocation, the row indexes into the cumulation itself
            message = borrowedRow.decodeInto(in, start + HEADER_LENGTH, length - 4);
        } else if (length == 4) {
            // no body (BindComplete, ParseComplete, NoData…: several per statement): nothing to slice
            message = BackendMessageDecoder.decode(type, Unpooled.EMPTY_BUFFER);
        } else if (type == ReadyForQuery.TYPE && length == 5) {
            message = ReadyForQuery.of(in.getByte(start + HEADER_LENGTH));
        } else if (type == RowDescription.TYPE) {
            message = rowDescription(in, start + HEADER_LENGTH, length - 4);
        } else if (type == CommandComplete.TYPE) {
            CommandComplete c = CommandComplete.decode(in, start + HEADER_LENGTH, length - 4, recentCommandCompletes,
                    nextCommandComplete);
            if (recentCommandCompletes[nextCommandComplete] == c) {
                nextCommandComplete = (nextCommandComplete + 1) % RECENT_COMMAND_COMPLETES;
            }
            message = c;
        } else {
            message = BackendMessageDecoder.decode(type, in.slice(start + HEADER_LENGTH, length - 4));
        }
        in.readerIndex(start + 1 + length);
        return message;
    }

    /** The RowDescription whose body is {@code in[offset, offset + length)}: a kept one with the same bytes, or a new one. */
    private RowDescription rowDescription(ByteBuf in, int offset, int length) {
        for (int i = 0; i < RECENT_DESCRIPTIONS; i++) {
            byte[] body = recentDescriptionBodies[i];
            if (body != null && body.length == length && sameBytes(in, offset, body)) {
                return recentDescriptions[i];
            }
        }
        RowDescription decoded = RowDescription.decode(in.slice(offset, length));
        if (length <= KEPT_DESCRIPTION_BYTES) {
            recentDescriptions[nextDescription] = decoded;
            recentDescriptionBodies[nextDescription] = ByteBufUtil.getBytes(in, offset, length);
            nextDescription = (nextDescription + 1) % RECENT_DESCRIPTIONS;
        }
        return decoded;
    }

    private static boolean sameBytes(ByteBuf in, int offset, byte[] body) {
        for (int i = 0; i < body.length; i++) {
            if (in.getByte(offset + i) != body[i]) {
                return false;
            }
        }
        return true;
    }
}
