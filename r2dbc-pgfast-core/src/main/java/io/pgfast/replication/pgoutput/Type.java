package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

/**
 * Type ('Y'): describes a type that is not built in, before the first change with a column of that type.
 * The driver decodes such columns with the codecs the connection was configured with (a type no codec
 * knows decodes as text to String).
 *
 * @param xid       the streamed transaction's ID, 0 outside a stream block
 * @param oid       the type's OID
 * @param namespace the schema ("" for pg_catalog)
 * @param name      the type's name
 */
public record Type(Lsn lsn, long xid, int oid, String namespace, String name) implements PgOutputMessage {
}
