/**
 * The pgoutput output plugin: its START_REPLICATION options ({@link io.pgfast.replication.pgoutput.PgOutput})
 * and the decoding of its messages (PostgreSQL docs, "Logical Replication Message Formats") into typed
 * events ({@link io.pgfast.replication.pgoutput.PgOutputMessage}), whose column values
 * ({@link io.pgfast.replication.pgoutput.TupleData}) are decoded by the driver's codecs, text and binary.
 *
 * <p>Pure parsing, no I/O: may import {@code io.pgfast.replication} (Lsn, the plugin interfaces),
 * {@code io.pgfast.protocol} (WireFormat, ProtocolException), the codecs and
 * {@code io.pgfast.error.PgfastClientException}.
 */
package io.pgfast.replication.pgoutput;
