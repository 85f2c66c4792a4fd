package io.pgfast.bench.app;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The server's log with {@code log_connections = on}: it writes "connection received" for every TCP connection it
 * accepts, before it knows whether it is a session or a CancelRequest, so the lines count both (PostgreSQL 12 to 17;
 * 18 writes it for {@code log_connections} {@code receipt}, which {@code on} includes).
 */
final class ServerLog {
    private static final byte[] RECEIVED = "connection received:".getBytes(StandardCharsets.US_ASCII);

    private final Path file;

    ServerLog(Path file) {
        this.file = file;
    }

    /** Where the log ends now: pass it to {@link #connectionsSince}. */
    long end() throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            return f.length();
        }
    }

    /** How many connections the server received since the log ended at {@code offset}. */
    long connectionsSince(long offset) throws IOException {
        byte[] bytes;
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long length = f.length();
            if (length <= offset) {
                return 0;
            }
            bytes = new byte[(int) Math.min(Integer.MAX_VALUE - 8, length - offset)];
            f.seek(offset);
            f.readFully(bytes);
        }
        return count(bytes, bytes.length);
    }

    /** Occurrences of the "connection received:" marker in the first {@code length} bytes. */
    static long count(byte[] bytes, int length) {
        long n = 0;
        outer:
        for (int i = 0; i + RECEIVED.length <= length; i++) {
            for (int j = 0; j < RECEIVED.length; j++) {
                if (bytes[i + j] != RECEIVED[j]) {
                    continue outer;
                }
            }
            n++;
            i += RECEIVED.length - 1;
        }
        return n;
    }

    @Override
    public String toString() {
        return file.toString();
    }
}
