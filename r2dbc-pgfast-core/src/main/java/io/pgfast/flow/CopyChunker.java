package io.pgfast.flow;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.util.ReferenceCountUtil;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Gathers the elements of a COPY FROM STDIN data stream into payloads of at most {@link #CHUNK_SIZE}
 * bytes, one CopyData message each: thousands of one-row strings become a few large messages, and one
 * huge element becomes several. The protocol allows this: "the message boundaries are not required to
 * have anything to do with row boundaries" (55.2.6), so an element (even a UTF-8 character) may be split
 * across messages.
 *
 * <p>Elements: {@link ByteBuf} (its readable bytes; released by {@link #append}, also when that fails),
 * {@code byte[]}, {@link ByteBuffer} (its remaining bytes; its position is left alone) and
 * {@link CharSequence} (encoded as UTF-8).
 *
 * <p>Buffer contract: a full chunk is lent to the consumer given to {@link #append} or {@link #flush},
 * which must copy what it needs before returning; the chunk is reused afterwards. {@link #release()}
 * frees the chunk; the chunker must not be used after it. Event loop only.
 */
final class CopyChunker {

    /** The payload size of a CopyData message: large enough that framing costs nothing, small enough to keep memory flat. */
    static final int CHUNK_SIZE = 64 * 1024;

    private final ByteBufAllocator alloc;
    private final int chunkSize;
    private ByteBuf chunk;
    private boolean released;

    CopyChunker(ByteBufAllocator alloc) {
        this(alloc, CHUNK_SIZE);
    }

    /** With a smaller chunk size, for tests. */
    CopyChunker(ByteBufAllocator alloc, int chunkSize) {
        if (chunkSize < 1) {
            throw new IllegalArgumentException("chunkSize must be positive, was " + chunkSize);
        }
        this.alloc = alloc;
        this.chunkSize = chunkSize;
    }

    /**
     * Appends one element, handing every chunk that fills up to {@code full}.
     *
     * @return the number of bytes the element added to the stream
     * @throws IllegalArgumentException when the element is of none of the supported types (a ByteBuf
     *                                  element is released all the same)
     * @throws IllegalStateException    after {@link #release()} (a ByteBuf element is released all the same)
     */
    long append(Object element, Consumer<ByteBuf> full) {
        try {
            if (released) {
                throw new IllegalStateException("the COPY data stream is over");
            }
            if (element instanceof ByteBuf) {
                ByteBuf buf = (ByteBuf) element;
                int n = buf.readableBytes();
                appendBytes(buf, buf.readerIndex(), n, full);
                return n;
            }
            if (element instanceof byte[]) {
                byte[] bytes = (byte[]) element;
                appendBytes(bytes, 0, bytes.length, full);
                return bytes.length;
            }
            if (element instanceof ByteBuffer) {
                return appendBuffer(((ByteBuffer) element).duplicate(), full);
            }
            if (element instanceof CharSequence) {
                return appendText((CharSequence) element, full);
            }
            throw new IllegalArgumentException("COPY data elements must be ByteBuf, byte[], ByteBuffer or String, not "
                    + (element == null ? "null" : element.getClass().getName()));
        } finally {
            ReferenceCountUtil.release(element);
        }
    }

    /** Hands the partly filled chunk, if any, to {@code full}. */
    void flush(Consumer<ByteBuf> full) {
        if (chunk != null && chunk.isReadable()) {
            full.accept(chunk);
            chunk.clear();
        }
    }

    /** The bytes appended but not yet handed out. */
    int buffered() {
        return chunk == null ? 0 : chunk.readableBytes();
    }

    /** Frees the chunk, dropping what it holds. Idempotent. */
    void release() {
        released = true;
        if (chunk != null) {
            chunk.release();
            chunk = null;
        }
    }

    private ByteBuf chunk() {
        if (chunk == null) {
            // heap: the chunk is copied into the outgoing message anyway
            chunk = alloc.heapBuffer(chunkSize, chunkSize);
        }
        return chunk;
    }

    private void appendBytes(ByteBuf src, int index, int length, Consumer<ByteBuf> full) {
        while (length > 0) {
            ByteBuf c = chunk();
            int n = Math.min(length, c.writableBytes());
            c.writeBytes(src, index, n);
            index += n;
            length -= n;
            handOffIfFull(full);
        }
    }

    private void appendBytes(byte[] src, int offset, int length, Consumer<ByteBuf> full) {
        while (length > 0) {
            ByteBuf c = chunk();
            int n = Math.min(length, c.writableBytes());
            c.writeBytes(src, offset, n);
            offset += n;
            length -= n;
            handOffIfFull(full);
        }
    }

    private long appendBuffer(ByteBuffer src, Consumer<ByteBuf> full) {
        long total = src.remaining();
        while (src.hasRemaining()) {
            ByteBuf c = chunk();
            int n = Math.min(src.remaining(), c.writableBytes());
            ByteBuffer part = src.duplicate();
            part.limit(part.position() + n);
            c.writeBytes(part);
            src.position(src.position() + n);
            handOffIfFull(full);
        }
        return total;
    }

    private long appendText(CharSequence text, Consumer<ByteBuf> full) {
        ByteBuf c = chunk();
        if (ByteBufUtil.utf8MaxBytes(text) <= c.writableBytes()) {
            // the common case, a row or a few: encoded straight into the chunk
            int n = ByteBufUtil.writeUtf8(c, text);
            handOffIfFull(full);
            return n;
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        appendBytes(bytes, 0, bytes.length, full);
        return bytes.length;
    }

    private void handOffIfFull(Consumer<ByteBuf> full) {
        if (!chunk.isWritable()) {
            full.accept(chunk);
            chunk.clear();
        }
    }
}
