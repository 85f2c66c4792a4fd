package io.pgfast.replication;

import io.pgfast.codec.type.Lsn;

import java.nio.charset.StandardCharsets;

/**
 * One output plugin message as it came: the LSN of its XLogData and a copy of its bytes. What
 * {@link RawOutput} streams emit.
 *
 * @param lsn  the XLogData's WAL start: the position of the change (for a commit, the end of the transaction)
 * @param data the plugin's bytes; the array is this message's own
 */
public record WalData(Lsn lsn, byte[] data) {

    /** The bytes as UTF-8 text (plugins such as test_decoding and wal2json write text in the client encoding, UTF8). */
    public String text() {
        return new String(data, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "WalData[lsn=" + lsn + ", " + data.length + " bytes]";
    }
}
