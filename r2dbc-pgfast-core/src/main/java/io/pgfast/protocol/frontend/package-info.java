/**
 * Frontend messages (PostgreSQL docs, "Message Formats"), one per file and named as there: each writes
 * itself into an outgoing buffer, refusing values the protocol cannot carry (a NUL inside a string, a count
 * beyond Int16) before anything is written.
 *
 * <p>May import {@code io.pgfast.protocol}, netty-buffer and the codecs only.
 */
package io.pgfast.protocol.frontend;
