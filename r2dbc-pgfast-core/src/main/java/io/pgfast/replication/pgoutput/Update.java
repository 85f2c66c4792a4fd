package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

/**
 * Update ('U'): a changed row. What the old row carries depends on the table's REPLICA IDENTITY: with
 * {@code FULL} every old value ({@link #oldTuple()}); with {@code DEFAULT} or {@code USING INDEX} the old
 * key ({@link #oldKey()}, its non-key columns null), and only when the update changed the key; otherwise
 * nothing (both null). Values the update left alone and that are stored out of line (TOASTed) arrive as
 * {@link TupleData#isUnchangedToast unchanged} in {@link #newTuple()}.
 *
 * @param xid      the streamed transaction's ID, 0 outside a stream block
 * @param relation the table
 * @param oldKey   the old key ('K'), or null
 * @param oldTuple the old row ('O'), or null
 * @param newTuple the new row
 */
public record Update(Lsn lsn, long xid, Relation relation, TupleData oldKey, TupleData oldTuple, TupleData newTuple)
        implements PgOutputMessage {
}
