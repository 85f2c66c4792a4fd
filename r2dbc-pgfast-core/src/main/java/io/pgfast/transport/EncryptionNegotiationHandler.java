package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.protocol.frontend.EncryptionRequest;

/**
 * The step SSLRequest and GSSENCRequest negotiation share (protocol 55.2.10, 55.2.11): once the channel is active,
 * send the request and read the server's answer, exactly one byte. The accepting byte goes to {@link #accepted},
 * 'N' to {@link #declined}; 'E' (a server older than the request) and anything else fail the connection.
 *
 * <p>Security: anything received after the accepting byte, before the encryption is set up, would have been
 * injected by a man in the middle (CVE-2021-23222), so it fails the connection.
 */
abstract class EncryptionNegotiationHandler extends ChannelInboundHandlerAdapter {

    private final EncryptionRequest request;
    private final byte accepting;
    /** The first PostgreSQL version that knows the request; older servers answer 'E'. */
    private final String firstVersion;
    private boolean started;
    private boolean answered;

    EncryptionNegotiationHandler(EncryptionRequest request, char accepting, String firstVersion) {
        this.request = request;
        this.accepting = (byte) accepting;
        this.firstVersion = firstVersion;
    }

    @Override
    public final void channelActive(ChannelHandlerContext ctx) {
        start(ctx);
        ctx.fireChannelActive();
    }

    @Override
    public final void handlerAdded(ChannelHandlerContext ctx) {
        if (ctx.channel().isActive()) {
            start(ctx);
        }
    }

    private void start(ChannelHandlerContext ctx) {
        if (!started) {
            started = true;
            begin(ctx);
        }
    }

    /** Starts the negotiation, once the channel is active: sends the request and reads the answer. */
    void begin(ChannelHandlerContext ctx) {
        ByteBuf buf = ctx.alloc().ioBuffer(8);
        request.encode(buf);
        ctx.writeAndFlush(buf).addListener(f -> {
            if (!f.isSuccess()) {
                fail(ctx, "cannot send " + request + ": " + f.cause(), f.cause());
            }
        });
        ctx.read();
    }

    /** Whether the answer has been read: what arrives from then on is the subclass's. */
    final boolean answered() {
        return answered;
    }

    /** Reads the server's answer from {@code in} and releases it; an empty read asks for more. */
    final void readAnswer(ChannelHandlerContext ctx, ByteBuf in) {
        try {
            if (!in.isReadable()) {
                ctx.read();
                return;
            }
            answered = true;
            byte answer = in.readByte();
            if (answer == accepting) {
                if (in.isReadable()) {
                    fail(ctx, "the server sent data after accepting " + request + ", before the encryption was set up;"
                            + " refusing (possible man-in-the-middle)", null);
                    return;
                }
                accepted(ctx);
            } else if (answer == 'N') {
                declined(ctx);
            } else if (answer == 'E') {
                fail(ctx, "the server answered " + request + " with an error (servers before PostgreSQL " + firstVersion
                        + " do that)", null);
            } else {
                fail(ctx, "unexpected answer 0x" + Integer.toHexString(answer & 0xFF) + " to " + request
                        + ": is this a PostgreSQL server?", null);
            }
        } finally {
            ReferenceCountUtil.release(in);
        }
    }

    /** The server accepted, and sent nothing after its answer: set the encryption up. */
    abstract void accepted(ChannelHandlerContext ctx);

    /** The server answered 'N': go on without this encryption, or fail when it is required. */
    abstract void declined(ChannelHandlerContext ctx);

    /** Fails the negotiation with {@code message} ({@code cause} may be null) and closes the connection. */
    abstract void fail(ChannelHandlerContext ctx, String message, Throwable cause);
}
