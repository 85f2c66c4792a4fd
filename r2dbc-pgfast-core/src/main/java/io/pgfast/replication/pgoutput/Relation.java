package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

import java.util.List;

/**
 * Relation ('R'): describes a table before the first change to it that the stream carries, and again
 * after its definition changed. The stream keeps the last description of each table and hands it with
 * every {@link Insert}, {@link Update}, {@link Delete} and {@link Truncate}.
 *
 * @param xid             the streamed transaction's ID, 0 outside a stream block
 * @param oid             the table's OID
 * @param namespace       the schema ("" for pg_catalog)
 * @param name            the table's name
 * @param replicaIdentity its REPLICA IDENTITY setting
 * @param columns         the published columns, in the order of the values of every tuple
 */
public record Relation(Lsn lsn, long xid, int oid, String namespace, String name, ReplicaIdentity replicaIdentity,
                       List<Column> columns) implements PgOutputMessage {

    public Relation {
        columns = List.copyOf(columns);
    }

    /**
     * One column.
     *
     * @param key          whether it is part of the replica identity key
     * @param name         its name
     * @param typeOid      the OID of its type
     * @param typeModifier its type modifier ({@code atttypmod}; -1 when none)
     */
    public record Column(boolean key, String name, int typeOid, int typeModifier) {
    }

    /**
     * The index of the column named {@code column} (exact match first, then ignoring case, as R2DBC rows do).
     *
     * @throws IllegalArgumentException when the table has no such published column
     */
    public int columnIndex(String column) {
        if (column == null) {
            throw new IllegalArgumentException("column name must not be null");
        }
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(column)) {
                return i;
            }
        }
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equalsIgnoreCase(column)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no column \"" + column + "\" in " + qualifiedName() + " (published columns: "
                + columns.stream().map(Column::name).toList() + ")");
    }

    /** {@code schema.table}, or the table alone in pg_catalog. */
    public String qualifiedName() {
        return namespace.isEmpty() ? name : namespace + '.' + name;
    }
}
