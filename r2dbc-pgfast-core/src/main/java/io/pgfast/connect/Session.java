package io.pgfast.connect;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.transport.Transport;

/**
 * What connecting yields: an open, authenticated transport whose server is ready for queries, and the
 * codecs that also know the database's own types.
 */
public record Session(Transport transport, CodecRegistry codecs) {
}
