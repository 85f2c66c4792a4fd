package io.pgfast.transport;

import io.pgfast.error.SqlState;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Promise;
import io.pgfast.protocol.frontend.SSLRequest;
import io.r2dbc.spi.R2dbcNonTransientResourceException;

import java.util.function.Function;

import io.netty.buffer.ByteBufAllocator;

/**
 * Sends SSLRequest and reads the server's single-byte answer (protocol 55.2.10): 'S' starts the TLS
 * handshake, 'N' continues in plaintext unless TLS is required. Completes {@code done} with whether TLS
 * is now on, or fails it.
 *
 * <p>Security: the answer is exactly one byte. Anything received after 'S' and before the handshake
 * would have been injected by a man in the middle (CVE-2021-23222), so it fails the connection.
 */
final class SslNegotiationHandler extends ChannelInboundHandlerAdapter {

    private final boolean required;
    private final boolean direct;
    private final Function<ByteBufAllocator, SslHandler> sslHandlers;
    private final Promise<Boolean> done;
    private boolean answered;

    SslNegotiationHandler(boolean required, boolean direct, Function<ByteBufAllocator, SslHandler> sslHandlers, Promise<Boolean> done) {
        this.required = required;
        this.direct = direct;
        this.sslHandlers = sslHandlers;
        this.done = done;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        start(ctx);
        ctx.fireChannelActive();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (ctx.channel().isActive()) {
            start(ctx);
        }
    }

    private boolean started;

    private void start(ChannelHandlerContext ctx) {
        if (started) {
            return;
        }
        started = true;
        if (direct) {
            answered = true;
            startTls(ctx);
            return;
        }
        ByteBuf buf = ctx.alloc().ioBuffer(8);
        SSLRequest.INSTANCE.encode(buf);
        ctx.writeAndFlush(buf).addListener(f -> {
            if (!f.isSuccess()) {
                done.tryFailure(new R2dbcNonTransientResourceException("cannot send SSLRequest: " + f.cause(), SqlState.CONNECTION_FAILURE, f.cause()));
            }
        });
        ctx.read();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (answered) {
            ctx.fireChannelRead(msg);
            return;
        }
        ByteBuf in = (ByteBuf) msg;
        try {
            if (!in.isReadable()) {
                ctx.read();
                return;
            }
            answered = true;
            byte answer = in.readByte();
            if (answer == 'S') {
                if (in.isReadable()) {
                    fail(ctx, "the server sent unencrypted data after accepting SSLRequest; refusing (possible man-in-the-middle)");
                    return;
                }
                startTls(ctx);
            } else if (answer == 'N') {
                if (required) {
                    fail(ctx, "the server does not support TLS (it answered 'N' to SSLRequest) and sslMode requires it");
                    return;
                }
                ctx.pipeline().remove(this);
                done.trySuccess(false);
            } else if (answer == 'E') {
                fail(ctx, "the server answered SSLRequest with an error (servers before PostgreSQL 7.0 do that)");
            } else {
                fail(ctx, "unexpected answer 0x" + Integer.toHexString(answer & 0xFF) + " to SSLRequest: is this a PostgreSQL server?");
            }
        } finally {
            ReferenceCountUtil.release(in);
        }
    }

    private void startTls(ChannelHandlerContext ctx) {
        SslHandler ssl = sslHandlers.apply(ctx.alloc());
        ctx.pipeline().addBefore(ctx.name(), "pgfast-tls", ssl);
        ssl.handshakeFuture().addListener(f -> {
            if (f.isSuccess()) {
                if (ctx.pipeline().context(this) != null) {
                    ctx.pipeline().remove(this);
                }
                done.trySuccess(true);
            } else {
                done.tryFailure(new R2dbcNonTransientResourceException("TLS handshake failed: " + f.cause().getMessage(), SqlState.CONNECTION_FAILURE, f.cause()));
                ctx.close();
            }
        });
        ctx.read();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof SslHandshakeCompletionEvent) {
            // the handshake future above reports the outcome; keep reading until then
            ctx.read();
        }
        ctx.fireUserEventTriggered(evt);
    }

    private void fail(ChannelHandlerContext ctx, String message) {
        done.tryFailure(new R2dbcNonTransientResourceException(message, SqlState.CONNECTION_FAILURE));
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        done.tryFailure(new R2dbcNonTransientResourceException("the server closed the connection during TLS negotiation", SqlState.CONNECTION_FAILURE));
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        done.tryFailure(new R2dbcNonTransientResourceException("TLS negotiation failed: " + cause.getMessage(), SqlState.CONNECTION_FAILURE, cause));
        ctx.close();
    }
}
