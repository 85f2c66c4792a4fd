/**
 * Backend messages (PostgreSQL docs, "Message Formats"), one per file and named as there: each parses its
 * body (the bytes after the length field) into an immutable message, or a {@code DataRow} into offsets over
 * the buffer (a {@code BorrowedDataRow} view or an {@code OwnedDataRow}), and throws {@code ProtocolException}
 * on anything malformed.
 *
 * <p>May import {@code io.pgfast.protocol}, netty-buffer and the codecs' readers only.
 */
package io.pgfast.protocol.backend;
