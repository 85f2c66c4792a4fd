package io.pgfast.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A temporary file of a given size that is one hole (only its last byte is written), mapped read-only: its
 * views are ByteBuffers of up to 2 GiB each that take no memory until read. Oversized bound values are built
 * from it, so that the size checks made before anything is written can be tested without allocating gigabytes.
 */
final class SparseFile implements AutoCloseable {

    private final Path file;
    private final FileChannel channel;

    SparseFile(long size) {
        try {
            file = Files.createTempFile("pgfast-sparse", ".bin");
            channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
            channel.write(ByteBuffer.wrap(new byte[] {1}), size - 1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A read-only view of {@code length} bytes from the start; nothing is read. */
    ByteBuffer view(int length) {
        try {
            return channel.map(FileChannel.MapMode.READ_ONLY, 0, length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
        Files.deleteIfExists(file);
    }
}
