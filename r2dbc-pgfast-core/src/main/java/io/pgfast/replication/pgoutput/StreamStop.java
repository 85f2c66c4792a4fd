package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

/** Stream Stop ('E'): the end of a block of a streamed transaction. */
public record StreamStop(Lsn lsn) implements PgOutputMessage {
}
