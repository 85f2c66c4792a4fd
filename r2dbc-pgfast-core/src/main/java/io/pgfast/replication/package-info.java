/**
 * Logical replication (PostgreSQL docs, "Streaming Replication Protocol"): a {@link
 * io.pgfast.replication.ReplicationConnection} opened with {@code replication=database}, its commands
 * (IDENTIFY_SYSTEM, CREATE_REPLICATION_SLOT, DROP_REPLICATION_SLOT) as typed calls, and
 * {@link io.pgfast.replication.ReplicationStream}s: START_REPLICATION as a Flux that reads only on demand,
 * with standby status updates carrying the positions the application acknowledged. Usage in
 * {@code docs/replication.md}.
 *
 * <p>May import {@code io.pgfast.protocol} (the messages), {@code io.pgfast.transport} (conversations),
 * {@code io.pgfast.connect} (opening the connection: {@code ConnectionBootstrap.forReplication}),
 * {@code io.pgfast.config}, {@code io.pgfast.error} and the codecs; never {@code io.pgfast.r2dbc} (the
 * R2DBC faces), and of {@code io.pgfast.flow} only its demand counter ({@code Demand}), never the query flows.
 * The pgoutput decoder is in {@link io.pgfast.replication.pgoutput}, which depends on this package, not the
 * other way round (except for naming it in documentation).
 */
package io.pgfast.replication;
