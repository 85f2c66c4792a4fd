package io.pgfast.replication.pgoutput;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.builtin.PgEpoch;
import io.pgfast.codec.type.Lsn;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;
import io.pgfast.replication.WalDecoder;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes the messages of the pgoutput plugin (PostgreSQL docs, "Logical Replication Message Formats"):
 * bytes in, {@link PgOutputMessage} out, no I/O. One instance per stream: it keeps the last
 * {@link Relation} of every table, so that the changes that follow can be decoded, and whether a stream
 * block is open, inside which changes carry the transaction ID (protocol version 2+).
 *
 * <p>Every message must fill its data exactly. Anything else (an unknown message type, a truncated
 * field, trailing bytes, a change to a table no Relation message described, a tuple whose column count
 * is not its table's) is a {@link ProtocolException}: the stream cannot be trusted after it.
 */
public final class PgOutputDecoder implements WalDecoder<PgOutputMessage> {

    private record Known(Relation relation, ColumnPlans plans) {
    }

    private final CodecRegistry codecs;
    private final boolean abortInfo;
    private final Map<Integer, Known> relations = new HashMap<>();
    private boolean inStreamBlock;

    /**
     * @param codecs    decodes column values
     * @param abortInfo whether Stream Abort carries its LSN and timestamp ({@code streaming = parallel},
     *                  protocol version 4)
     */
    public PgOutputDecoder(CodecRegistry codecs, boolean abortInfo) {
        this.codecs = codecs;
        this.abortInfo = abortInfo;
    }

    /**
     * Decodes one message, reading {@code data} to its end. Tuple values are copied: nothing refers to
     * {@code data} afterwards.
     *
     * @param lsn the WAL start of the XLogData that carried it
     */
    @Override
    public PgOutputMessage decode(Lsn lsn, ByteBuf data) {
        byte type = WireFormat.readByte(data, "pgoutput message", "message type");
        PgOutputMessage message;
        switch (type) {
            case 'B': message = begin(lsn, data); break;
            case 'C': message = commit(lsn, data); break;
            case 'O': message = origin(lsn, data); break;
            case 'R': message = relation(lsn, data); break;
            case 'Y': message = type(lsn, data); break;
            case 'I': message = insert(lsn, data); break;
            case 'U': message = update(lsn, data); break;
            case 'D': message = delete(lsn, data); break;
            case 'T': message = truncate(lsn, data); break;
            case 'M': message = logicalMessage(lsn, data); break;
            case 'S': message = streamStart(lsn, data); break;
            case 'E': message = streamStop(lsn); break;
            case 'c': message = streamCommit(lsn, data); break;
            case 'A': message = streamAbort(lsn, data); break;
            case 'b': message = beginPrepare(lsn, data); break;
            case 'P': message = prepare(lsn, data); break;
            case 'K': message = commitPrepared(lsn, data); break;
            case 'r': message = rollbackPrepared(lsn, data); break;
            case 'p': message = streamPrepare(lsn, data); break;
            default:
                throw new ProtocolException("pgoutput: unknown message type " + describe(type));
        }
        WireFormat.expectEnd(data, "pgoutput " + message.getClass().getSimpleName());
        return message;
    }

    /** The last Relation message of the table, or null. */
    public Relation relation(int oid) {
        Known known = relations.get(oid);
        return known == null ? null : known.relation;
    }

    // ---- transactions ----

    private static Begin begin(Lsn lsn, ByteBuf in) {
        Lsn finalLsn = lsn(in, "Begin", "final LSN");
        long time = WireFormat.readInt64(in, "pgoutput Begin", "commit timestamp");
        long xid = xid(in, "Begin");
        return new Begin(lsn, finalLsn, PgEpoch.instant(time), xid);
    }

    private static Commit commit(Lsn lsn, ByteBuf in) {
        int flags = flags(in, "Commit");
        Lsn commitLsn = lsn(in, "Commit", "commit LSN");
        Lsn endLsn = lsn(in, "Commit", "end LSN");
        long time = WireFormat.readInt64(in, "pgoutput Commit", "commit timestamp");
        return new Commit(lsn, flags, commitLsn, endLsn, PgEpoch.instant(time));
    }

    private static Origin origin(Lsn lsn, ByteBuf in) {
        Lsn commitLsn = lsn(in, "Origin", "origin commit LSN");
        return new Origin(lsn, commitLsn, WireFormat.readCString(in, "pgoutput Origin", "origin name"));
    }

    // ---- descriptions ----

    private Relation relation(Lsn lsn, ByteBuf in) {
        long xid = streamedXid(in, "Relation");
        int oid = WireFormat.readOid(in, "pgoutput Relation", "relation OID");
        String namespace = WireFormat.readCString(in, "pgoutput Relation", "namespace");
        String name = WireFormat.readCString(in, "pgoutput Relation", "relation name");
        byte identity = WireFormat.readByte(in, "pgoutput Relation", "replica identity");
        ReplicaIdentity replicaIdentity = ReplicaIdentity.of(identity);
        if (replicaIdentity == null) {
            throw new ProtocolException("pgoutput Relation: unknown replica identity " + describe(identity));
        }
        int count = WireFormat.readCount16(in, "pgoutput Relation", "column count");
        // each column needs at least its flags, an empty name and two Int32: refuse a count the data cannot hold
        WireFormat.need(in, count * 10, "pgoutput Relation", count + " columns");
        List<Relation.Column> columns = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            byte flags = WireFormat.readByte(in, "pgoutput Relation", "flags of column " + i);
            if ((flags & ~1) != 0) {
                throw new ProtocolException("pgoutput Relation: column " + i + " has unknown flags " + flags);
            }
            String column = WireFormat.readCString(in, "pgoutput Relation", "name of column " + i);
            int typeOid = WireFormat.readOid(in, "pgoutput Relation", "type OID of column " + i);
            int typeModifier = WireFormat.readInt32(in, "pgoutput Relation", "type modifier of column " + i);
            columns.add(new Relation.Column(flags == 1, column, typeOid, typeModifier));
        }
        Relation relation = new Relation(lsn, xid, oid, namespace, name, replicaIdentity, columns);
        relations.put(oid, new Known(relation, new ColumnPlans(codecs, relation)));
        return relation;
    }

    private Type type(Lsn lsn, ByteBuf in) {
        long xid = streamedXid(in, "Type");
        int oid = WireFormat.readOid(in, "pgoutput Type", "type OID");
        String namespace = WireFormat.readCString(in, "pgoutput Type", "namespace");
        return new Type(lsn, xid, oid, namespace, WireFormat.readCString(in, "pgoutput Type", "type name"));
    }

    // ---- changes ----

    private Insert insert(Lsn lsn, ByteBuf in) {
        long xid = streamedXid(in, "Insert");
        Known table = known(in, "Insert");
        expectTag(in, 'N', "Insert", "new tuple");
        return new Insert(lsn, xid, table.relation, TupleData.decode(in, table.relation, table.plans, "pgoutput Insert"));
    }

    private Update update(Lsn lsn, ByteBuf in) {
        long xid = streamedXid(in, "Update");
        Known table = known(in, "Update");
        byte tag = WireFormat.readByte(in, "pgoutput Update", "tuple tag");
        TupleData oldKey = null;
        TupleData oldTuple = null;
        if (tag == 'K' || tag == 'O') {
            TupleData old = TupleData.decode(in, table.relation, table.plans, "pgoutput Update");
            if (tag == 'K') {
                oldKey = old;
            } else {
                oldTuple = old;
            }
            tag = WireFormat.readByte(in, "pgoutput Update", "new tuple tag");
        }
        if (tag != 'N') {
            throw new ProtocolException("pgoutput Update: tuple tag " + describe(tag) + " where 'N' (new tuple) was expected");
        }
        TupleData newTuple = TupleData.decode(in, table.relation, table.plans, "pgoutput Update");
        return new Update(lsn, xid, table.relation, oldKey, oldTuple, newTuple);
    }

    private Delete delete(Lsn lsn, ByteBuf in) {
        long xid = streamedXid(in, "Delete");
        Known table = known(in, "Delete");
        byte tag = WireFormat.readByte(in, "pgoutput Delete", "tuple tag");
        if (tag != 'K' && tag != 'O') {
            throw new ProtocolException("pgoutput Delete: tuple tag " + describe(tag) + " where 'K' or 'O' was expected");
        }
        TupleData old = TupleData.decode(in, table.relation, table.plans, "pgoutput Delete");
        return tag == 'K' ? new Delete(lsn, xid, table.relation, old, null) : new Delete(lsn, xid, table.relation, null, old);
    }

    private Truncate truncate(Lsn lsn, ByteBuf in) {
        long xid = streamedXid(in, "Truncate");
        int count = WireFormat.readInt32(in, "pgoutput Truncate", "relation count");
        byte options = WireFormat.readByte(in, "pgoutput Truncate", "options");
        if ((options & ~3) != 0) {
            throw new ProtocolException("pgoutput Truncate: unknown option bits " + options);
        }
        if (count < 0 || count > in.readableBytes() / 4) {
            throw new ProtocolException("pgoutput Truncate: " + Integer.toUnsignedLong(count) + " relations do not fit in "
                    + in.readableBytes() + " bytes");
        }
        List<Relation> truncated = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            truncated.add(known(in, "Truncate").relation);
        }
        return new Truncate(lsn, xid, truncated, (options & 1) != 0, (options & 2) != 0);
    }

    private LogicalMessage logicalMessage(Lsn lsn, ByteBuf in) {
        long xid = streamedXid(in, "Message");
        byte flags = WireFormat.readByte(in, "pgoutput Message", "flags");
        if (flags != 0 && flags != 1) {
            throw new ProtocolException("pgoutput Message: flags " + flags + " are neither 0 nor 1 (transactional)");
        }
        Lsn messageLsn = lsn(in, "Message", "message LSN");
        String prefix = WireFormat.readCString(in, "pgoutput Message", "prefix");
        int length = WireFormat.readInt32(in, "pgoutput Message", "content length");
        byte[] content = WireFormat.readBytes(in, length, "pgoutput Message", "content");
        return new LogicalMessage(lsn, xid, flags == 1, messageLsn, prefix, content);
    }

    // ---- streamed transactions (protocol version 2+) ----

    private StreamStart streamStart(Lsn lsn, ByteBuf in) {
        if (inStreamBlock) {
            throw new ProtocolException("pgoutput Stream Start inside an open stream block");
        }
        long xid = xid(in, "Stream Start");
        byte first = WireFormat.readByte(in, "pgoutput Stream Start", "first segment");
        if (first != 0 && first != 1) {
            throw new ProtocolException("pgoutput Stream Start: first segment flag " + first + " is neither 0 nor 1");
        }
        inStreamBlock = true;
        return new StreamStart(lsn, xid, first == 1);
    }

    private StreamStop streamStop(Lsn lsn) {
        if (!inStreamBlock) {
            throw new ProtocolException("pgoutput Stream Stop without a Stream Start");
        }
        inStreamBlock = false;
        return new StreamStop(lsn);
    }

    private static StreamCommit streamCommit(Lsn lsn, ByteBuf in) {
        long xid = xid(in, "Stream Commit");
        int flags = flags(in, "Stream Commit");
        Lsn commitLsn = lsn(in, "Stream Commit", "commit LSN");
        Lsn endLsn = lsn(in, "Stream Commit", "end LSN");
        long time = WireFormat.readInt64(in, "pgoutput Stream Commit", "commit timestamp");
        return new StreamCommit(lsn, xid, flags, commitLsn, endLsn, PgEpoch.instant(time));
    }

    private StreamAbort streamAbort(Lsn lsn, ByteBuf in) {
        long xid = xid(in, "Stream Abort");
        long subXid = xid(in, "Stream Abort");
        if (!abortInfo) {
            return new StreamAbort(lsn, xid, subXid, Lsn.INVALID, null);
        }
        Lsn abortLsn = lsn(in, "Stream Abort", "abort LSN");
        long time = WireFormat.readInt64(in, "pgoutput Stream Abort", "abort timestamp");
        return new StreamAbort(lsn, xid, subXid, abortLsn, PgEpoch.instant(time));
    }

    // ---- two-phase commit (protocol version 3+) ----

    private static BeginPrepare beginPrepare(Lsn lsn, ByteBuf in) {
        Lsn prepareLsn = lsn(in, "Begin Prepare", "prepare LSN");
        Lsn endLsn = lsn(in, "Begin Prepare", "end LSN");
        long time = WireFormat.readInt64(in, "pgoutput Begin Prepare", "prepare timestamp");
        long xid = xid(in, "Begin Prepare");
        return new BeginPrepare(lsn, prepareLsn, endLsn, PgEpoch.instant(time), xid, gid(in, "Begin Prepare"));
    }

    private static Prepare prepare(Lsn lsn, ByteBuf in) {
        int flags = flags(in, "Prepare");
        Lsn prepareLsn = lsn(in, "Prepare", "prepare LSN");
        Lsn endLsn = lsn(in, "Prepare", "end LSN");
        long time = WireFormat.readInt64(in, "pgoutput Prepare", "prepare timestamp");
        long xid = xid(in, "Prepare");
        return new Prepare(lsn, flags, prepareLsn, endLsn, PgEpoch.instant(time), xid, gid(in, "Prepare"));
    }

    private static CommitPrepared commitPrepared(Lsn lsn, ByteBuf in) {
        int flags = flags(in, "Commit Prepared");
        Lsn commitLsn = lsn(in, "Commit Prepared", "commit LSN");
        Lsn endLsn = lsn(in, "Commit Prepared", "end LSN");
        long time = WireFormat.readInt64(in, "pgoutput Commit Prepared", "commit timestamp");
        long xid = xid(in, "Commit Prepared");
        return new CommitPrepared(lsn, flags, commitLsn, endLsn, PgEpoch.instant(time), xid, gid(in, "Commit Prepared"));
    }

    private static RollbackPrepared rollbackPrepared(Lsn lsn, ByteBuf in) {
        int flags = flags(in, "Rollback Prepared");
        Lsn prepareEnd = lsn(in, "Rollback Prepared", "prepare end LSN");
        Lsn rollbackEnd = lsn(in, "Rollback Prepared", "rollback end LSN");
        long prepareTime = WireFormat.readInt64(in, "pgoutput Rollback Prepared", "prepare timestamp");
        long rollbackTime = WireFormat.readInt64(in, "pgoutput Rollback Prepared", "rollback timestamp");
        long xid = xid(in, "Rollback Prepared");
        return new RollbackPrepared(lsn, flags, prepareEnd, rollbackEnd, PgEpoch.instant(prepareTime),
                PgEpoch.instant(rollbackTime), xid, gid(in, "Rollback Prepared"));
    }

    private static StreamPrepare streamPrepare(Lsn lsn, ByteBuf in) {
        int flags = flags(in, "Stream Prepare");
        Lsn prepareLsn = lsn(in, "Stream Prepare", "prepare LSN");
        Lsn endLsn = lsn(in, "Stream Prepare", "end LSN");
        long time = WireFormat.readInt64(in, "pgoutput Stream Prepare", "prepare timestamp");
        long xid = xid(in, "Stream Prepare");
        return new StreamPrepare(lsn, flags, prepareLsn, endLsn, PgEpoch.instant(time), xid, gid(in, "Stream Prepare"));
    }

    // ---- fields ----

    /** The table of a change, which a Relation message must have described. */
    private Known known(ByteBuf in, String message) {
        int oid = WireFormat.readOid(in, "pgoutput " + message, "relation OID");
        Known known = relations.get(oid);
        if (known == null) {
            throw new ProtocolException("pgoutput " + message + " for relation " + Integer.toUnsignedLong(oid)
                    + ", which no Relation message described");
        }
        return known;
    }

    /** The transaction ID that changes carry inside a stream block only. */
    private long streamedXid(ByteBuf in, String message) {
        return inStreamBlock ? xid(in, message) : 0;
    }

    private static long xid(ByteBuf in, String message) {
        return Integer.toUnsignedLong(WireFormat.readInt32(in, "pgoutput " + message, "transaction ID"));
    }

    private static Lsn lsn(ByteBuf in, String message, String field) {
        return Lsn.of(WireFormat.readInt64(in, "pgoutput " + message, field));
    }

    /** Int8 flags, "currently unused" (docs): any value is taken as sent. */
    private static int flags(ByteBuf in, String message) {
        return WireFormat.readByte(in, "pgoutput " + message, "flags") & 0xFF;
    }

    private static String gid(ByteBuf in, String message) {
        return WireFormat.readCString(in, "pgoutput " + message, "GID");
    }

    private static void expectTag(ByteBuf in, char tag, String message, String what) {
        byte actual = WireFormat.readByte(in, "pgoutput " + message, what + " tag");
        if (actual != tag) {
            throw new ProtocolException("pgoutput " + message + ": tuple tag " + describe(actual) + " where '" + tag + "' ("
                    + what + ") was expected");
        }
    }

    private static String describe(byte b) {
        int value = b & 0xFF;
        String hex = String.format("0x%02x", value);
        return value >= 0x21 && value <= 0x7E ? "'" + (char) value + "' (" + hex + ")" : hex;
    }
}
