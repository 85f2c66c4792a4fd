package io.pgfast.replication.pgoutput;

/**
 * A table's REPLICA IDENTITY ({@code pg_class.relreplident}): which old values its updates and deletes
 * carry.
 */
public enum ReplicaIdentity {
    /** 'd': the primary key, if any. */
    DEFAULT('d'),
    /** 'n': nothing. */
    NOTHING('n'),
    /** 'f': every column. */
    FULL('f'),
    /** 'i': the columns of the chosen unique index. */
    INDEX('i');

    private final char code;

    ReplicaIdentity(char code) {
        this.code = code;
    }

    /** The {@code relreplident} character. */
    public char code() {
        return code;
    }

    /** The setting for a {@code relreplident} byte; null when it is none of the four. */
    static ReplicaIdentity of(byte code) {
        for (ReplicaIdentity r : values()) {
            if (r.code == code) {
                return r;
            }
        }
        return null;
    }
}
