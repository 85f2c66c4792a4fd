package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

import java.util.List;

/**
 * Truncate ('T'): the tables were truncated.
 *
 * @param xid             the streamed transaction's ID, 0 outside a stream block
 * @param relations       the tables, in the server's order
 * @param cascade         TRUNCATE … CASCADE
 * @param restartIdentity TRUNCATE … RESTART IDENTITY
 */
public record Truncate(Lsn lsn, long xid, List<Relation> relations, boolean cascade, boolean restartIdentity)
        implements PgOutputMessage {

    public Truncate {
        relations = List.copyOf(relations);
    }
}
