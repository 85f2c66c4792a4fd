package io.pgfast.replication;

import io.pgfast.codec.CodecRegistry;

import java.util.Map;

/**
 * What START_REPLICATION needs to know about the slot's output plugin: the options to send, and how to
 * decode what it writes. {@link io.pgfast.replication.pgoutput.PgOutput} for PostgreSQL's own plugin;
 * {@link RawOutput} for any other (test_decoding, wal2json…), whose bytes are handed over as they came.
 *
 * @param <T> what the stream emits for each XLogData
 */
public interface OutputPlugin<T> {

    /**
     * The options of START_REPLICATION, name to value, in order.
     *
     * @param serverMajor the server's major version, e.g. 17
     * @throws UnsupportedOperationException when an option asks for what this server version lacks,
     *                                       naming the option and the version that has it
     */
    Map<String, String> startOptions(int serverMajor);

    /**
     * A decoder for one stream.
     *
     * @param codecs the connection's codecs, for column values
     */
    WalDecoder<T> newDecoder(CodecRegistry codecs);
}
