package io.pgfast.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.pgfast.protocol.backend.BorrowedDataRow;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.backend.RowDescription;

/**
 * Reads one connection's backend messages from its receive buffer: {@link MessageFramer} finds each message, and
 * this class decodes it, in place where it can, else by its {@link BackendMessageType}. Pure, no I/O.
 *
 * <p>It is the one owner of the connection's message caches, each there because its message arrives per row or
 * per statement:
 * <ul>
 *   <li>the row view: every DataRow is decoded into one reused borrowed row (no object, no array and no
 *       reference count per row);</li>
 *   <li>the CommandCompletes and RowDescriptions seen last ({@link RecentMessages}): the same body again (a
 *       statement run again) gives the same immutable message again, so a tag costs no String and a
 *       description's columns are planned once ({@code DescribedColumns});</li>
 *   <li>shared instances: a ReadyForQuery, and every message without a body (BindComplete, ParseComplete,
 *       NoData…), is its type's constant, decoded without a slice.</li>
 * </ul>
 *
 * <p>Buffer-lifetime contract: a DataRow returned by {@link #next} is a borrowed view into {@code in}
 * ({@link BorrowedDataRow}), valid only until the next call of {@code next} and as long as {@code in}'s
 * bytes stay where they are; the caller consumes it before asking for the next message. CopyData holds a
 * retained slice of {@code in} (release the message when done), so {@code in}'s bytes must not be moved while
 * its refCnt is above 1 (no {@code discardReadBytes}). Every other message copies what it needs. {@code in}
 * stays the caller's.
 *
 * <p>One instance per connection, used from its event loop only.
 */
public final class BackendMessageReader {

    /** Statements an application runs again and again ("BEGIN", "UPDATE 1", "COMMIT"): one tag each. */
    private static final int RECENT_COMMAND_COMPLETES = 8;
    /** Longer than any command tag PostgreSQL sends (its tags fit in 64 bytes). */
    private static final int KEPT_TAG_BYTES = 256;
    private static final int RECENT_DESCRIPTIONS = 4;
    private static final int KEPT_DESCRIPTION_BYTES = 2048;

    private final MessageFramer framer;
    private final BorrowedDataRow borrowedRow = new BorrowedDataRow();
    private final RecentMessages<CommandComplete> commandCompletes = new RecentMessages<>(RECENT_COMMAND_COMPLETES, KEPT_TAG_BYTES);
    private final RecentMessages<RowDescription> descriptions = new RecentMessages<>(RECENT_DESCRIPTIONS, KEPT_DESCRIPTION_BYTES);

    /**
     * @param maxMessageSize the largest length field accepted (the body plus the 4 bytes of the
     *                       length itself); at least 4
     */
    public BackendMessageReader(int maxMessageSize) {
        this.framer = new MessageFramer(maxMessageSize);
    }

    public int maxMessageSize() {
        return framer.maxMessageSize();
    }

    /**
     * Steps over the next message, which must be a DataRow, without decoding it: returns the bytes skipped
     * (type byte and length word included) when a whole message was, or -1 when it is not complete yet
     * ({@code in} untouched). The header is checked as in {@link #next}.
     */
    public int skipDataRow(ByteBuf in) {
        int length = framer.frame(in);
        if (length < 0) {
            return -1;
        }
        in.skipBytes(1 + length);
        return 1 + length;
    }

    /**
     * Decodes the next message of {@code in} if it is complete (see the class doc for the buffer contract).
     *
     * @return the message, after consuming exactly its bytes from {@code in}; or null when the next
     *         message is not complete yet, leaving {@code in} untouched
     * @throws ProtocolException for an unknown type, a length out of bounds or a malformed body;
     *                           {@code in} is then left at the start of the offending message
     */
    public BackendMessage next(ByteBuf in) {
        int length = framer.frame(in);
        if (length < 0) {
            return null;
        }
        int start = in.readerIndex();
        BackendMessageType type = BackendMessageType.of(in.getByte(start));
        int body = start + MessageFramer.HEADER_LENGTH;
        int bodyLength = length - 4;
        BackendMessage message;
        if (type == BackendMessageType.DATA_ROW) {
            // the hot path: no slice, no allocation, the row indexes into the cumulation itself
            message = borrowedRow.decodeInto(in, body, bodyLength);
        } else if (bodyLength == 0) {
            message = type.decode(Unpooled.EMPTY_BUFFER);
        } else if (type == BackendMessageType.READY_FOR_QUERY && bodyLength == 1) {
            message = ReadyForQuery.of(in.getByte(body));
        } else if (type == BackendMessageType.COMMAND_COMPLETE) {
            CommandComplete kept = commandCompletes.find(in, body, bodyLength);
            message = kept != null ? kept : commandCompletes.keep(CommandComplete.decode(in, body, bodyLength), in, body, bodyLength);
        } else if (type == BackendMessageType.ROW_DESCRIPTION) {
            RowDescription kept = descriptions.find(in, body, bodyLength);
            message = kept != null ? kept
                    : descriptions.keep(RowDescription.decode(in.slice(body, bodyLength)), in, body, bodyLength);
        } else {
            message = type.decode(in.slice(body, bodyLength));
        }
        in.readerIndex(start + 1 + length);
        return message;
    }
}
