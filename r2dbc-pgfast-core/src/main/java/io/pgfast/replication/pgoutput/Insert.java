package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

/**
 * Insert ('I'): a new row.
 *
 * @param xid      the streamed transaction's ID, 0 outside a stream block
 * @param relation the table, as its last {@link Relation} message described it
 * @param newTuple the row
 */
public record Insert(Lsn lsn, long xid, Relation relation, TupleData newTuple) implements PgOutputMessage {
}
