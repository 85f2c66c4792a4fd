package io.pgfast.replication;

/**
 * What CREATE_REPLICATION_SLOT does with the snapshot at the slot's consistent point: the state of the
 * database that the stream's changes apply to.
 */
public enum SlotSnapshot {
    /**
     * Export it, for other sessions to read the initial data with {@code SET TRANSACTION SNAPSHOT}
     * (see {@link ReplicationSlot#snapshotName()}); it stays valid until the next command on the
     * replication connection. The server's default.
     */
    EXPORT("export", "EXPORT_SNAPSHOT"),
    /** Neither export nor use it. */
    NOTHING("nothing", "NOEXPORT_SNAPSHOT"),
    /**
     * Use it for the current transaction of the replication connection, which must have begun with
     * {@code BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY} just before
     * ({@link ReplicationConnection#simpleQuery}); its queries then read the initial data.
     */
    USE("use", "USE_SNAPSHOT");

    private final String option;
    private final String keyword;

    SlotSnapshot(String option, String keyword) {
        this.option = option;
        this.keyword = keyword;
    }

    /** The value of the SNAPSHOT option (PostgreSQL 15+ syntax). */
    String option() {
        return option;
    }

    /** The keyword of the syntax before PostgreSQL 15. */
    String keyword() {
        return keyword;
    }
}
