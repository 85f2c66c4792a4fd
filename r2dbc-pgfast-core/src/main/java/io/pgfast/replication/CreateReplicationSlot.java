package io.pgfast.replication;

/**
 * A CREATE_REPLICATION_SLOT command for a logical slot. Immutable: every setter returns a new instance.
 *
 * <pre>{@code
 * CreateReplicationSlot.logical("orders_cdc").temporary(true).snapshot(SlotSnapshot.NOTHING)
 * }</pre>
 *
 * @see <a href="https://www.postgresql.org/docs/current/protocol-replication.html">Streaming Replication Protocol</a>
 */
public final class CreateReplicationSlot {

    private final String slotName;
    private final String plugin;
    private final boolean temporary;
    private final SlotSnapshot snapshot;
    private final boolean twoPhase;

    private CreateReplicationSlot(String slotName, String plugin, boolean temporary, SlotSnapshot snapshot, boolean twoPhase) {
        this.slotName = slotName;
        this.plugin = plugin;
        this.temporary = temporary;
        this.snapshot = snapshot;
        this.twoPhase = twoPhase;
    }

    /**
     * A logical slot with the pgoutput plugin.
     *
     * @param slotName lower-case letters, digits and underscores, at most 63 (the server's rule for slot names)
     * @throws IllegalArgumentException for another name
     */
    public static CreateReplicationSlot logical(String slotName) {
        return new CreateReplicationSlot(ReplicationSql.checkSlotName(slotName), "pgoutput", false, null, false);
    }

    /**
     * The output plugin (default {@code pgoutput}), e.g. {@code test_decoding}.
     *
     * @throws IllegalArgumentException for an empty name or one with NUL or double quotes
     */
    public CreateReplicationSlot plugin(String plugin) {
        return new CreateReplicationSlot(slotName, ReplicationSql.checkPluginName(plugin), temporary, snapshot, twoPhase);
    }

    /** A temporary slot lives only as long as the replication connection (and is dropped on error). */
    public CreateReplicationSlot temporary(boolean temporary) {
        return new CreateReplicationSlot(slotName, plugin, temporary, snapshot, twoPhase);
    }

    /** What to do with the slot's snapshot; the server's default is {@link SlotSnapshot#EXPORT}. */
    public CreateReplicationSlot snapshot(SlotSnapshot snapshot) {
        if (snapshot == null) {
            throw new IllegalArgumentException("snapshot must not be null");
        }
        return new CreateReplicationSlot(slotName, plugin, temporary, snapshot, twoPhase);
    }

    /** A slot that decodes prepared transactions at PREPARE TRANSACTION (PostgreSQL 15+). */
    public CreateReplicationSlot twoPhase(boolean twoPhase) {
        return new CreateReplicationSlot(slotName, plugin, temporary, snapshot, twoPhase);
    }

    public String slotName() {
        return slotName;
    }

    public String plugin() {
        return plugin;
    }

    public boolean isTemporary() {
        return temporary;
    }

    /** The snapshot action asked for; null for the server's default. */
    public SlotSnapshot snapshot() {
        return snapshot;
    }

    public boolean isTwoPhase() {
        return twoPhase;
    }

    @Override
    public String toString() {
        return "CreateReplicationSlot[" + slotName + ", plugin=" + plugin + ", temporary=" + temporary + ", snapshot="
                + (snapshot == null ? "default" : snapshot) + ", twoPhase=" + twoPhase + "]";
    }
}
