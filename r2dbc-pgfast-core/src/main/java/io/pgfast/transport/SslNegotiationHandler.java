package io.pgfast.transport;

import io.pgfast.error.SqlState;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.concurrent.Promise;
import io.pgfast.protocol.frontend.SSLRequest;
import io.r2dbc.spi.R2dbcNonTransientResourceException;

import java.util.function.Function;

import io.netty.buffer.ByteBufAllocator;

/**
 * Sends SSLRequest and reads the server's single-byte answer (protocol 55.2.10; the step
 * {@link EncryptionNegotiationHandler} takes): 'S' starts the TLS handshake, 'N' continues in plaintext unless TLS
 * is required. With direct TLS the handshake starts at once, without SSLRequest. Completes {@code done} with
 * whether TLS is now on, or fails it.
 */
final class SslNegotiationHandler extends EncryptionNegotiationHandler {

    private final boolean required;
    private final boolean direct;
    private final Function<ByteBufAllocator, SslHandler> sslHandlers;
    private final Promise<Boolean> done;

    SslNegotiationHandler(boolean required, boolean direct, Function<ByteBufAllocator, SslHandler> sslHandlers, Promise<Boolean> done) {
        super(SSLRequest.INSTANCE, 'S', "7.0");
        this.required = required;
        this.direct = direct;
        this.sslHandlers = sslHandlers;
        this.done = done;
    }

    @Override
    void begin(ChannelHandlerContext ctx) {
        if (direct) {
            startTls(ctx);
        } else {
            super.begin(ctx);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (direct || answered()) {
            ctx.fireChannelRead(msg);
            return;
        }
        readAnswer(ctx, (ByteBuf) msg);
    }

    @Override
    void accepted(ChannelHandlerContext ctx) {
        startTls(ctx);
    }

    @Override
    void declined(ChannelHandlerContext ctx) {
        if (required) {
            fail(ctx, "the server does not support TLS (it answered 'N' to SSLRequest) and sslMode requires it", null);
            return;
        }
        ctx.pipeline().remove(this);
        done.trySuccess(false);
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

    @Override
    void fail(ChannelHandlerContext ctx, String message, Throwable cause) {
        done.tryFailure(new R2dbcNonTransientResourceException(message, SqlState.CONNECTION_FAILURE, cause));
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
