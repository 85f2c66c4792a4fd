package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageCodec;
import io.pgfast.gss.GssClient;

import java.util.List;

/**
 * The transport of a GSS-encrypted connection, after the security context is set up: what the driver writes
 * is cut into chunks that wrap into packets of at most {@link GssPackets#MAX_PACKET} bytes, each sent as a
 * length and the wrapped token; what comes in is unwrapped packet by packet and passed on as plain protocol
 * bytes. Like TLS it sits below the backend handler, which frames messages and keeps reads following
 * demand: this codec asks for more only to complete a packet (ByteToMessageDecoder does that when it has
 * passed nothing on and auto-read is off), so what it holds is at most one packet.
 *
 * <p>Disposes the context when it leaves the pipeline (the channel closed).
 */
final class GssWrapCodec extends ByteToMessageCodec<ByteBuf> {

    private final GssClient context;
    /** The most plaintext one packet carries. */
    private final int chunk;

    GssWrapCodec(GssClient context) {
        this.context = context;
        this.chunk = context.wrapSizeLimit(GssPackets.MAX_WRAPPED_TOKEN);
        if (chunk <= 0) {
            throw new IllegalStateException("GSS encryption: the context cannot wrap anything into a " + GssPackets.MAX_PACKET + "-byte packet");
        }
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, ByteBuf msg, ByteBuf out) {
        byte[] plain = new byte[Math.min(chunk, msg.readableBytes())];
        while (msg.isReadable()) {
            int length = Math.min(chunk, msg.readableBytes());
            msg.readBytes(plain, 0, length);
            GssPackets.write(out, context.wrap(plain, 0, length));
        }
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        byte[] token;
        while ((token = GssPackets.next(in, GssPackets.MAX_WRAPPED_TOKEN)) != null) {
            byte[] plain = context.unwrap(token, 0, token.length);
            if (plain.length > 0) {
                out.add(ctx.alloc().buffer(plain.length).writeBytes(plain));
            }
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) throws Exception {
        try {
            super.handlerRemoved(ctx);
        } finally {
            context.dispose();
        }
    }
}
