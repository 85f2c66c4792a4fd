package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

/**
 * Delete ('D'): a deleted row, identified by its old key ({@code REPLICA IDENTITY DEFAULT} or
 * {@code USING INDEX}: non-key columns null) or, with {@code FULL}, by the whole old row. Exactly one of
 * the two is set. (A table with {@code REPLICA IDENTITY NOTHING} and no key sends no deletes: the server
 * refuses the DELETE when the table is published for them.)
 *
 * @param xid      the streamed transaction's ID, 0 outside a stream block
 * @param relation the table
 * @param oldKey   the old key ('K'), or null
 * @param oldTuple the old row ('O'), or null
 */
public record Delete(Lsn lsn, long xid, Relation relation, TupleData oldKey, TupleData oldTuple) implements PgOutputMessage {

    /** The old row as sent: the key or the whole row. */
    public TupleData old() {
        return oldKey != null ? oldKey : oldTuple;
    }
}
