package io.pgfast.replication;

import io.pgfast.codec.type.Lsn;

import java.util.Optional;

/**
 * The answer to CREATE_REPLICATION_SLOT (protocol 55.4).
 *
 * @param slotName        the slot's name
 * @param consistentPoint the first position from which the slot can stream changes: changes committed
 *                        after it arrive, those before it are in the snapshot
 * @param snapshotName    the exported snapshot ({@link SlotSnapshot#EXPORT}), or null: valid until the next
 *                        command on the replication connection, usable by other sessions with
 *                        {@code SET TRANSACTION SNAPSHOT}
 * @param outputPlugin    the slot's output plugin
 */
public record ReplicationSlot(String slotName, Lsn consistentPoint, String snapshotName, String outputPlugin) {

    public Optional<String> snapshot() {
        return Optional.ofNullable(snapshotName);
    }
}
