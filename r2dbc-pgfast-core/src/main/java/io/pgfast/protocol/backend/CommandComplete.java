package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;

/**
 * CommandComplete (B): Byte1('C'), Int32 length, String command tag. A command finished; the tag
 * names it and, for the commands listed in the docs, carries the number of rows it affected:
 * {@code INSERT oid rows}, {@code SELECT rows} (also for CREATE TABLE AS), {@code UPDATE rows},
 * {@code DELETE rows}, {@code MERGE rows}, {@code MOVE rows}, {@code FETCH rows}, {@code COPY rows}.
 * A bare {@code SELECT}, without count, is what a walsender before PostgreSQL 15 sends after the rows
 * of a replication command: it carries no count.
 */
public final class CommandComplete implements BackendMessage {

    /** A count has at most 20 digits (PostgreSQL's counts are uint64); 19 always fit in a long. */
    private static final int MAX_DIGITS = 19;

    private static final String INSERT = "INSERT";
    private static final String SELECT = "SELECT";
    /** The commands whose tag carries a row count (protocol 55.7, CommandComplete), most frequent first. */
    private static final String[] COUNTED = {SELECT, INSERT, "UPDATE", "DELETE", "MERGE", "COPY", "FETCH", "MOVE"};

    private final String tag;
    private final String command;
    private final long rows;

    /**
     * @param tag the command tag as the server sent it
     * @throws ProtocolException when the tag names a command that carries a row count but the
     *                           count is missing or not a non-negative decimal number fitting in a long
     */
    public CommandComplete(String tag) {
        this.tag = WireFormat.checkCString(tag, "command tag");
        int space = tag.indexOf(' ');
        String counted = countedCommand(tag, space < 0 ? tag.length() : space);
        if (counted == null) {
            this.command = tag;
            this.rows = -1;
            return;
        }
        if (space < 0) {
            if (counted == SELECT) {
                // a walsender before PostgreSQL 15 ends the results of its replication commands
                // (IDENTIFY_SYSTEM, CREATE_REPLICATION_SLOT) with a bare "SELECT"
                this.command = tag;
                this.rows = -1;
                return;
            }
            throw malformed(tag, "no row count");
        }
        int countStart = space + 1;
        if (counted == INSERT) {
            // "INSERT oid rows": the oid is always 0 since PostgreSQL 12, but must still be a number.
            int secondSpace = tag.indexOf(' ', countStart);
            if (secondSpace < 0) {
                throw malformed(tag, "no row count after the oid");
            }
            parseCount(tag, countStart, secondSpace);
            countStart = secondSpace + 1;
        }
        this.command = counted;
        this.rows = parseCount(tag, countStart, tag.length());
    }

    public static CommandComplete decode(ByteBuf body) {
        CommandComplete c = decode(body, body.readerIndex(), body.readableBytes());
        body.skipBytes(body.readableBytes());
        return c;
    }

    /** {@link #decode} of the body at {@code in[offset, offset + length)}, read in place: no slice, no index moved. */
    public static CommandComplete decode(ByteBuf in, int offset, int length) {
        int tagLength = in.bytesBefore(offset, length, (byte) 0);
        if (tagLength < 0) {
            throw new ProtocolException("CommandComplete: command tag is not NUL-terminated within the message ("
                    + length + " bytes left)");
        }
        if (tagLength != length - 1) {
            throw new ProtocolException("CommandComplete: " + (length - 1 - tagLength) + " unexpected trailing bytes");
        }
        return new CommandComplete(in.toString(offset, tagLength, java.nio.charset.StandardCharsets.UTF_8));
    }

    /**
     * The command of a tag whose first word ({@code firstWordLength} chars) names one that carries a row
     * count, as one of the constants, or null. Compared in place: this runs once per executed statement.
     */
    private static String countedCommand(String tag, int firstWordLength) {
        for (String command : COUNTED) {
            if (command.length() == firstWordLength && tag.startsWith(command)) {
                return command;
            }
        }
        return null;
    }

    private static long parseCount(String tag, int start, int end) {
        int digits = end - start;
        if (digits == 0) {
            throw malformed(tag, "empty number");
        }
        if (digits > MAX_DIGITS) {
            throw malformed(tag, "number too large");
        }
        long value = 0;
        for (int i = start; i < end; i++) {
            char c = tag.charAt(i);
            if (c < '0' || c > '9') {
                throw malformed(tag, "'" + c + "' is not a digit");
            }
            int digit = c - '0';
            if (value > (Long.MAX_VALUE - digit) / 10) {
                throw malformed(tag, "number too large");
            }
            value = value * 10 + digit;
        }
        return value;
    }

    private static ProtocolException malformed(String tag, String what) {
        return new ProtocolException("CommandComplete: malformed command tag '" + tag + "' (" + what + ")");
    }

    /** The tag exactly as sent, e.g. {@code "INSERT 0 3"} or {@code "CREATE TABLE"}. */
    public String tag() {
        return tag;
    }

    /**
     * The command: the tag's first word for the commands with a row count ({@code "INSERT"}),
     * otherwise the whole tag ({@code "CREATE TABLE"}).
     */
    public String command() {
        return command;
    }

    /** The row count the tag carries, or -1 for a command whose tag has none. */
    public long rows() {
        return rows;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CommandComplete other && tag.equals(other.tag);
    }

    @Override
    public int hashCode() {
        return tag.hashCode();
    }

    @Override
    public String toString() {
        return "CommandComplete[" + tag + "]";
    }
}
