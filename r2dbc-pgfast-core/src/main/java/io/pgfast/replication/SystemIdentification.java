package io.pgfast.replication;

import io.pgfast.codec.type.Lsn;

import java.util.Optional;

/**
 * The answer to IDENTIFY_SYSTEM (protocol 55.4).
 *
 * @param systemId the cluster's unique system identifier (a 64-bit number, as text)
 * @param timeline the current timeline ID
 * @param xlogPos  the current WAL flush position
 * @param database the database connected to, null on a physical replication connection
 */
public record SystemIdentification(String systemId, int timeline, Lsn xlogPos, String database) {

    public Optional<String> databaseName() {
        return Optional.ofNullable(database);
    }
}
