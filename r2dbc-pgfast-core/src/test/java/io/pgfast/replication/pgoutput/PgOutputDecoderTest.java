package io.pgfast.replication.pgoutput;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.codec.type.Lsn;
import io.pgfast.protocol.BufferKind;
import io.pgfast.protocol.Bytes;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.error.PgfastClientException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every pgoutput message decoded from hand-made bytes (PostgreSQL docs, "Logical Replication Message
 * Formats"; one comment per field), from heap, direct and composite buffers: read to the end, nothing
 * retained. Malformed messages end in a ProtocolException naming the message and the field.
 */
class PgOutputDecoderTest {

    private static final Lsn AT = Lsn.parse("1/10");
    private static final int TABLE = 16384;
    private static final int INT4 = 23;
    private static final int TEXT = 25;
    /** 2000-01-01T00:00:01Z in microseconds since 2000-01-01. */
    private static final long ONE_SECOND = 1_000_000L;
    private static final Instant EPOCH_PLUS_ONE = Instant.parse("2000-01-01T00:00:01Z");

    private final PgOutputDecoder decoder = new PgOutputDecoder(DefaultCodecRegistry.builtins(), false);

    private PgOutputMessage decode(BufferKind kind, byte[] data) {
        return decode(decoder, kind, data);
    }

    private static PgOutputMessage decode(PgOutputDecoder decoder, BufferKind kind, byte[] data) {
        ByteBuf buffer = kind.wrap(data);
        try {
            PgOutputMessage message = decoder.decode(AT, buffer);
            assertThat(buffer.isReadable()).as("data read to its end").isFalse();
            assertThat(buffer.refCnt()).as("nothing retained").isEqualTo(1);
            return message;
        } finally {
            buffer.release();
        }
    }

    /** Relation 16384 public.t: id int4 (key), name text, typmod -1. */
    private static byte[] relation() {
        return Bytes.of()
            .byte1('R')           // Relation
            .int32(TABLE)         // relation OID
            .cstring("public")    // namespace
            .cstring("t")         // relation name
            .byte1('d')           // replica identity: default
            .int16(2)             // two columns
            .byte1(1)             // column 0 flags: part of the key
            .cstring("id")        // column 0 name
            .int32(INT4)          // column 0 type
            .int32(-1)            // column 0 type modifier
            .byte1(0)             // column 1 flags: none
            .cstring("name")      // column 1 name
            .int32(TEXT)          // column 1 type
            .int32(-1)            // column 1 type modifier
            .array();
    }

    private Relation describeTable(BufferKind kind) {
        return (Relation) decode(kind, relation());
    }

    /** TupleData: id 42 as text, name 'ab' as text. */
    private static Bytes tuple(Bytes b) {
        return b.int16(2)         // two values
            .byte1('t')           // id: text
            .int32(2)             // length
            .text("42")           // value
            .byte1('t')           // name: text
            .int32(2)             // length
            .text("ab");          // value
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void begin(BufferKind kind) {
        byte[] data = Bytes.of()
            .byte1('B')           // Begin
            .int64(0x1_0000_0020L) // final LSN 1/20
            .int64(ONE_SECOND)    // commit timestamp
            .int32(-2)            // xid 4294967294, unsigned
            .array();
        assertThat(decode(kind, data)).isEqualTo(new Begin(AT, Lsn.parse("1/20"), EPOCH_PLUS_ONE, 4294967294L));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void commit(BufferKind kind) {
        byte[] data = Bytes.of()
            .byte1('C')           // Commit
            .byte1(0)             // flags
            .int64(0x1_0000_0020L) // commit LSN
            .int64(0x1_0000_0050L) // end LSN
            .int64(ONE_SECOND)    // commit timestamp
            .array();
        assertThat(decode(kind, data)).isEqualTo(new Commit(AT, 0, Lsn.parse("1/20"), Lsn.parse("1/50"), EPOCH_PLUS_ONE));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void origin(BufferKind kind) {
        byte[] data = Bytes.of()
            .byte1('O')           // Origin
            .int64(0x2_0000_0000L) // commit LSN on the origin
            .cstring("upstream")  // origin name
            .array();
        assertThat(decode(kind, data)).isEqualTo(new Origin(AT, Lsn.parse("2/0"), "upstream"));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void relationIsKeptForLaterChanges(BufferKind kind) {
        Relation r = describeTable(kind);
        assertThat(r.oid()).isEqualTo(TABLE);
        assertThat(r.qualifiedName()).isEqualTo("public.t");
        assertThat(r.replicaIdentity()).isEqualTo(ReplicaIdentity.DEFAULT);
        assertThat(r.columns()).containsExactly(new Relation.Column(true, "id", INT4, -1), new Relation.Column(false, "name", TEXT, -1));
        assertThat(r.columnIndex("NAME")).isEqualTo(1);
        assertThat(decoder.relation(TABLE)).isSameAs(r);
        assertThatThrownBy(() -> r.columnIndex("nope")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[id, name]");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void type(BufferKind kind) {
        byte[] data = Bytes.of()
            .byte1('Y')           // Type
            .int32(16500)         // type OID
            .cstring("public")    // namespace
            .cstring("mood")      // type name
            .array();
        assertThat(decode(kind, data)).isEqualTo(new Type(AT, 0, 16500, "public", "mood"));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void insertDecodesValuesWithTheCodecs(BufferKind kind) {
        Relation r = describeTable(kind);
        Insert insert = (Insert) decode(kind, tuple(Bytes.of()
            .byte1('I')           // Insert
            .int32(TABLE)         // relation OID
            .byte1('N'))          // new tuple
            .array());
        assertThat(insert.relation()).isSameAs(r);
        TupleData row = insert.newTuple();
        assertThat(row.size()).isEqualTo(2);
        assertThat(row.get(0)).isEqualTo(42);
        assertThat(row.get("id", Long.class)).isEqualTo(42L);
        assertThat(row.get(0, int.class)).isEqualTo(42);
        assertThat(row.get("name", String.class)).isEqualTo("ab");
        assertThat(row.kind(1)).isEqualTo(TupleData.Kind.TEXT);
        assertThat(row.bytes(1)).containsExactly('a', 'b');
        assertThatThrownBy(() -> row.get(0, java.util.UUID.class)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> row.get(2)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void nullUnchangedToastAndBinaryValues(BufferKind kind) {
        describeTable(kind);
        Insert insert = (Insert) decode(kind, Bytes.of()
            .byte1('I')           // Insert
            .int32(TABLE)         // relation OID
            .byte1('N')           // new tuple
            .int16(2)             // two values
            .byte1('b')           // id: binary
            .int32(4)             // length
            .int32(-7)            // int4 -7
            .byte1('u')           // name: unchanged TOASTed value
            .array());
        TupleData row = insert.newTuple();
        assertThat(row.kind(0)).isEqualTo(TupleData.Kind.BINARY);
        assertThat(row.get(0, Integer.class)).isEqualTo(-7);
        assertThat(row.isUnchangedToast(1)).isTrue();
        assertThat(row.isNull(1)).isFalse();
        assertThat(row.bytes(1)).isNull();
        assertThatThrownBy(() -> row.get(1, String.class)).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("unchanged TOASTed value").hasMessageContaining("\"name\"");
        Insert nulls = (Insert) decode(kind, Bytes.of()
            .byte1('I')           // Insert
            .int32(TABLE)         // relation OID
            .byte1('N')           // new tuple
            .int16(2)             // two values
            .byte1('n')           // id: NULL
            .byte1('t')           // name: text
            .int32(0)             // empty
            .array());
        assertThat(nulls.newTuple().get(0)).isNull();
        assertThat(nulls.newTuple().isNull(0)).isTrue();
        assertThat(nulls.newTuple().get(1, String.class)).isEmpty();
        assertThatThrownBy(() -> nulls.newTuple().get(0, int.class)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NULL");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void aValueTheCodecRefusesIsAClientError(BufferKind kind) {
        describeTable(kind);
        Insert insert = (Insert) decode(kind, Bytes.of()
            .byte1('I')           // Insert
            .int32(TABLE)         // relation OID
            .byte1('N')           // new tuple
            .int16(2)             // two values
            .byte1('t')           // id: text
            .int32(3)             // length
            .text("4x2")          // not an int4
            .byte1('n')           // name: NULL
            .array());
        assertThatThrownBy(() -> insert.newTuple().get(0)).isInstanceOf(PgfastClientException.class)
            .hasMessageContaining("column 0 (\"id\", int4) of public.t");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void updateWithoutOldKeyWithOldKeyAndWithOldTuple(BufferKind kind) {
        describeTable(kind);
        Update plain = (Update) decode(kind, tuple(Bytes.of()
            .byte1('U')           // Update
            .int32(TABLE)         // relation OID
            .byte1('N'))          // new tuple, no old one
            .array());
        assertThat(plain.oldKey()).isNull();
        assertThat(plain.oldTuple()).isNull();
        assertThat(plain.newTuple().get(0)).isEqualTo(42);
        Update keyChanged = (Update) decode(kind, tuple(Bytes.of()
            .byte1('U')           // Update
            .int32(TABLE)         // relation OID
            .byte1('K')           // old key
            .int16(2)             // two values
            .byte1('t')           // id: text
            .int32(1)             // length
            .text("7")            // old id
            .byte1('n')           // name: not part of the key
            .byte1('N'))          // new tuple
            .array());
        assertThat(keyChanged.oldKey().get(0)).isEqualTo(7);
        assertThat(keyChanged.oldKey().isNull(1)).isTrue();
        assertThat(keyChanged.oldTuple()).isNull();
        Update full = (Update) decode(kind, tuple(tuple(Bytes.of()
            .byte1('U')           // Update
            .int32(TABLE)         // relation OID
            .byte1('O'))          // old tuple (REPLICA IDENTITY FULL)
            .byte1('N'))          // new tuple
            .array());
        assertThat(full.oldKey()).isNull();
        assertThat(full.oldTuple().get("name")).isEqualTo("ab");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void deleteByKeyAndByOldTuple(BufferKind kind) {
        describeTable(kind);
        Delete byKey = (Delete) decode(kind, tuple(Bytes.of()
            .byte1('D')           // Delete
            .int32(TABLE)         // relation OID
            .byte1('K'))          // old key
            .array());
        assertThat(byKey.oldKey()).isNotNull();
        assertThat(byKey.oldTuple()).isNull();
        assertThat(byKey.old()).isSameAs(byKey.oldKey());
        Delete full = (Delete) decode(kind, tuple(Bytes.of()
            .byte1('D')           // Delete
            .int32(TABLE)         // relation OID
            .byte1('O'))          // old tuple
            .array());
        assertThat(full.oldKey()).isNull();
        assertThat(full.old().get(1)).isEqualTo("ab");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void truncate(BufferKind kind) {
        Relation r = describeTable(kind);
        byte[] data = Bytes.of()
            .byte1('T')           // Truncate
            .int32(2)             // two relations
            .byte1(3)             // options: CASCADE | RESTART IDENTITY
            .int32(TABLE)         // relation OID
            .int32(TABLE)         // relation OID (again: any order the server chose)
            .array();
        assertThat(decode(kind, data)).isEqualTo(new Truncate(AT, 0, List.of(r, r), true, true));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void logicalMessage(BufferKind kind) {
        byte[] data = Bytes.of()
            .byte1('M')           // Message
            .byte1(1)             // flags: transactional
            .int64(0x1_0000_0030L) // message LSN
            .cstring("audit")     // prefix
            .int32(3)             // content length
            .text("hé")           // content: 3 bytes of UTF-8
            .array();
        LogicalMessage m = (LogicalMessage) decode(kind, data);
        assertThat(m.transactional()).isTrue();
        assertThat(m.messageLsn()).isEqualTo(Lsn.parse("1/30"));
        assertThat(m.prefix()).isEqualTo("audit");
        assertThat(m.text()).isEqualTo("hé");
        assertThat(m.xid()).isZero();
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void streamedTransactionCarriesItsXidInsideTheBlock(BufferKind kind) {
        assertThat(decode(kind, Bytes.of()
            .byte1('S')           // Stream Start
            .int32(900)           // xid
            .byte1(1)             // first segment
            .array())).isEqualTo(new StreamStart(AT, 900, true));
        Relation r = (Relation) decode(kind, Bytes.of()
            .byte1('R')           // Relation
            .int32(900)           // xid (inside a stream block)
            .bytes(java.util.Arrays.copyOfRange(relation(), 1, relation().length))  // the rest as outside
            .array());
        assertThat(r.xid()).isEqualTo(900);
        Insert insert = (Insert) decode(kind, tuple(Bytes.of()
            .byte1('I')           // Insert
            .int32(900)           // xid
            .int32(TABLE)         // relation OID
            .byte1('N'))          // new tuple
            .array());
        assertThat(insert.xid()).isEqualTo(900);
        assertThat(decode(kind, new byte[] {'E'})).isEqualTo(new StreamStop(AT));   // Stream Stop
        assertThat(decode(kind, Bytes.of()
            .byte1('c')           // Stream Commit
            .int32(900)           // xid
            .byte1(0)             // flags
            .int64(0x1_0000_0020L) // commit LSN
            .int64(0x1_0000_0050L) // end LSN
            .int64(ONE_SECOND)    // commit timestamp
            .array())).isEqualTo(new StreamCommit(AT, 900, 0, Lsn.parse("1/20"), Lsn.parse("1/50"), EPOCH_PLUS_ONE));
        // outside the block, changes have no xid again
        assertThat(((Insert) decode(kind, tuple(Bytes.of().byte1('I').int32(TABLE).byte1('N')).array())).xid()).isZero();
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void streamAbortWithAndWithoutAbortInfo(BufferKind kind) {
        assertThat(decode(kind, Bytes.of()
            .byte1('A')           // Stream Abort
            .int32(900)           // xid
            .int32(901)           // subtransaction xid
            .array())).isEqualTo(new StreamAbort(AT, 900, 901, Lsn.INVALID, null));
        PgOutputDecoder parallel = new PgOutputDecoder(DefaultCodecRegistry.builtins(), true);
        assertThat(decode(parallel, kind, Bytes.of()
            .byte1('A')           // Stream Abort
            .int32(900)           // xid
            .int32(900)           // subtransaction xid: the whole transaction
            .int64(0x1_0000_0060L) // abort LSN (streaming = parallel)
            .int64(ONE_SECOND)    // abort timestamp
            .array())).isEqualTo(new StreamAbort(AT, 900, 900, Lsn.parse("1/60"), EPOCH_PLUS_ONE));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void twoPhaseMessages(BufferKind kind) {
        assertThat(decode(kind, Bytes.of()
            .byte1('b')           // Begin Prepare
            .int64(0x1_0000_0020L) // prepare LSN
            .int64(0x1_0000_0050L) // end LSN
            .int64(ONE_SECOND)    // prepare timestamp
            .int32(77)            // xid
            .cstring("gid-1")     // GID
            .array())).isEqualTo(new BeginPrepare(AT, Lsn.parse("1/20"), Lsn.parse("1/50"), EPOCH_PLUS_ONE, 77, "gid-1"));
        assertThat(decode(kind, Bytes.of()
            .byte1('P')           // Prepare
            .byte1(0)             // flags
            .int64(0x1_0000_0020L) // prepare LSN
            .int64(0x1_0000_0050L) // end LSN
            .int64(ONE_SECOND)    // prepare timestamp
            .int32(77)            // xid
            .cstring("gid-1")     // GID
            .array())).isEqualTo(new Prepare(AT, 0, Lsn.parse("1/20"), Lsn.parse("1/50"), EPOCH_PLUS_ONE, 77, "gid-1"));
        assertThat(decode(kind, Bytes.of()
            .byte1('K')           // Commit Prepared
            .byte1(0)             // flags
            .int64(0x1_0000_0070L) // commit LSN
            .int64(0x1_0000_0090L) // end LSN
            .int64(ONE_SECOND)    // commit timestamp
            .int32(77)            // xid
            .cstring("gid-1")     // GID
            .array())).isEqualTo(new CommitPrepared(AT, 0, Lsn.parse("1/70"), Lsn.parse("1/90"), EPOCH_PLUS_ONE, 77, "gid-1"));
        assertThat(decode(kind, Bytes.of()
            .byte1('r')           // Rollback Prepared
            .byte1(0)             // flags
            .int64(0x1_0000_0050L) // prepare end LSN
            .int64(0x1_0000_00A0L) // rollback end LSN
            .int64(ONE_SECOND)    // prepare timestamp
            .int64(2 * ONE_SECOND) // rollback timestamp
            .int32(78)            // xid
            .cstring("gid-2")     // GID
            .array())).isEqualTo(new RollbackPrepared(AT, 0, Lsn.parse("1/50"), Lsn.parse("1/A0"), EPOCH_PLUS_ONE,
                EPOCH_PLUS_ONE.plusSeconds(1), 78, "gid-2"));
        assertThat(decode(kind, Bytes.of()
            .byte1('p')           // Stream Prepare
            .byte1(0)             // flags
            .int64(0x1_0000_0020L) // prepare LSN
            .int64(0x1_0000_0050L) // end LSN
            .int64(ONE_SECOND)    // prepare timestamp
            .int32(79)            // xid
            .cstring("gid-3")     // GID
            .array())).isEqualTo(new StreamPrepare(AT, 0, Lsn.parse("1/20"), Lsn.parse("1/50"), EPOCH_PLUS_ONE, 79, "gid-3"));
    }

    // ---- malformed ----

    private void assertRefused(BufferKind kind, byte[] data, String message) {
        ByteBuf buffer = kind.wrap(data);
        try {
            assertThatThrownBy(() -> decoder.decode(AT, buffer))
                .isExactlyInstanceOf(ProtocolException.class)
                .hasMessageContaining(message);
            assertThat(buffer.refCnt()).as("nothing retained").isEqualTo(1);
        } finally {
            buffer.release();
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void malformedMessages(BufferKind kind) {
        assertRefused(kind, new byte[0], "pgoutput message: truncated, message type needs 1 bytes");
        assertRefused(kind, new byte[] {'Q'}, "pgoutput: unknown message type 'Q' (0x51)");
        assertRefused(kind, Bytes.of()
            .byte1('B')           // Begin
            .int64(1)             // final LSN
            .int64(1)             // commit timestamp
            .array(), "pgoutput Begin: truncated, transaction ID needs 4 bytes but only 0 are left");
        assertRefused(kind, Bytes.of()
            .byte1('O')           // Origin
            .int64(1)             // commit LSN
            .cstring("x")         // name
            .byte1(0)             // one byte too many
            .array(), "pgoutput Origin: 1 unexpected trailing bytes");
        assertRefused(kind, tuple(Bytes.of()
            .byte1('I')           // Insert
            .int32(TABLE + 1)     // a relation no Relation message described
            .byte1('N'))          // new tuple
            .array(), "pgoutput Insert for relation 16385, which no Relation message described");
        assertRefused(kind, new byte[] {'E'}, "Stream Stop without a Stream Start");
        assertRefused(kind, Bytes.of()
            .byte1('R')           // Relation
            .int32(TABLE)         // relation OID
            .cstring("public")    // namespace
            .cstring("t")         // name
            .byte1('z')           // replica identity: no such setting
            .int16(0)             // no columns
            .array(), "unknown replica identity 'z'");
        assertRefused(kind, Bytes.of()
            .byte1('R')           // Relation
            .int32(TABLE)         // relation OID
            .cstring("public")    // namespace
            .cstring("t")         // name
            .byte1('d')           // replica identity
            .int16(65535)         // 65535 columns, in 0 bytes
            .array(), "truncated, 65535 columns");
        assertRefused(kind, Bytes.of()
            .byte1('T')           // Truncate
            .int32(1_000_000)     // a million relations
            .byte1(0)             // options
            .int32(TABLE)         // one OID
            .array(), "1000000 relations do not fit in 4 bytes");
        assertRefused(kind, Bytes.of()
            .byte1('M')           // Message
            .byte1(0)             // flags
            .int64(1)             // LSN
            .cstring("p")         // prefix
            .int32(-1)            // negative length
            .array(), "negative length -1 for content");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void malformedTuples(BufferKind kind) {
        describeTable(kind);
        assertRefused(kind, Bytes.of()
            .byte1('I')           // Insert
            .int32(TABLE)         // relation OID
            .byte1('N')           // new tuple
            .int16(3)             // three values for two columns
            .array(), "3 values for public.t, whose Relation message has 2 columns");
        assertRefused(kind, Bytes.of()
            .byte1('I')           // Insert
            .int32(TABLE)         // relation OID
            .byte1('N')           // new tuple
            .int16(2)             // two values
            .byte1('x')           // no such kind
            .array(), "column 0 has unknown kind 0x78");
        assertRefused(kind, Bytes.of()
            .byte1('I')           // Insert
            .int32(TABLE)         // relation OID
            .byte1('N')           // new tuple
            .int16(2)             // two values
            .byte1('t')           // text
            .int32(-5)            // negative length
            .array(), "column 0 has negative length -5");
        assertRefused(kind, Bytes.of()
            .byte1('I')           // Insert
            .int32(TABLE)         // relation OID
            .byte1('N')           // new tuple
            .int16(2)             // two values
            .byte1('t')           // text
            .int32(100)           // 100 bytes, 2 present
            .text("ab")
            .array(), "value of column 0 needs 100 bytes but only 2 are left");
        assertRefused(kind, tuple(Bytes.of()
            .byte1('I')           // Insert
            .int32(TABLE)         // relation OID
            .byte1('K'))          // an Insert has no old key
            .array(), "tuple tag 'K' (0x4b) where 'N' (new tuple) was expected");
        assertRefused(kind, tuple(Bytes.of()
            .byte1('D')           // Delete
            .int32(TABLE)         // relation OID
            .byte1('N'))          // a Delete has no new tuple
            .array(), "where 'K' or 'O' was expected");
    }

    @Test
    void streamStartTwiceIsRefused() {
        decode(BufferKind.HEAP, Bytes.of().byte1('S').int32(1).byte1(1).array());   // Stream Start xid 1, first segment
        assertRefused(BufferKind.HEAP, Bytes.of().byte1('S').int32(2).byte1(1).array(), "Stream Start inside an open stream block");
    }
}
