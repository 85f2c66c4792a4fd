package io.pgfast.connect;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.transport.Transport;

/**
 * What connecting yields: an open, authenticated transport whose server is ready for queries, and the
 * codecs that also know the database's own types.
 *
 * @param codecs the factory's codecs when the connection was made
 * @param types  the factory's codecs from now on, learning types the server names later; null for a
 *               replication connection (no type lookup there)
 */
public record Session(Transport transport, CodecRegistry codecs, RuntimeTypes types) {
}
