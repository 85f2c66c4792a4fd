package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Promise;
import io.pgfast.gss.GssClient;
import io.pgfast.protocol.frontend.GSSENCRequest;
import io.r2dbc.spi.R2dbcException;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Sends GSSENCRequest and reads the server's single-byte answer (protocol 55.2.11; the step
 * {@link EncryptionNegotiationHandler} takes): 'G' sets up the security
 * context over length-prefixed packets and then puts {@link GssWrapCodec} in the pipeline; 'N' leaves the
 * connection in plaintext, for TLS or nothing as {@code sslMode} says, unless GSS encryption is required.
 * Completes {@code done} with whether the connection is now encrypted, or fails it with a
 * {@link GssEncryptionException}.
 *
 * <p>Each {@code initSecContext} step runs off the event loop (the first asks the KDC for a service ticket);
 * reading waits until it is done. Anything after 'G' before the client's first token would be injected by a man
 * in the middle: it fails the connection.
 */
final class GssEncNegotiationHandler extends EncryptionNegotiationHandler {

    private final GssClient context;
    private final boolean required;
    private final Promise<Boolean> done;
    /** A step runs off the event loop: what arrives meanwhile waits in {@link #received}. */
    private boolean stepping;
    private ByteBuf received;
    private Disposable step;

    GssEncNegotiationHandler(GssClient context, boolean required, Promise<Boolean> done) {
        super(GSSENCRequest.INSTANCE, 'G', "12");
        this.context = context;
        this.required = required;
        this.done = done;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        if (done.isDone()) {
            ReferenceCountUtil.release(in);
            return;
        }
        if (!answered()) {
            readAnswer(ctx, in);
            return;
        }
        received = received == null ? in : ByteToMessageDecoder.MERGE_CUMULATOR.cumulate(ctx.alloc(), received, in);
        if (!stepping) {
            nextServerToken(ctx);
        }
    }

    @Override
    void accepted(ChannelHandlerContext ctx) {
        step(ctx, new byte[0]);
    }

    @Override
    void declined(ChannelHandlerContext ctx) {
        if (required) {
            fail(ctx, "the server does not offer GSS encryption (it answered 'N' to GSSENCRequest) and"
                    + " gssEncMode=require; check that the server is built with GSSAPI and has krb_server_keyfile", null);
            return;
        }
        context.dispose();
        ctx.pipeline().remove(this);
        done.trySuccess(false);
    }

    /** Takes the server's next whole token, if it has arrived, into the next step. */
    private void nextServerToken(ChannelHandlerContext ctx) {
        byte[] token;
        try {
            token = received == null ? null : GssPackets.next(received, GssPackets.MAX_SETUP_TOKEN);
        } catch (IllegalStateException e) {
            fail(ctx, e.getMessage(), null);
            return;
        }
        if (token == null) {
            ctx.read();
            return;
        }
        step(ctx, token);
    }

    /** Runs one initSecContext step off the event loop, then sends its token and goes on on the event loop. */
    private void step(ChannelHandlerContext ctx, byte[] serverToken) {
        stepping = true;
        step = Mono.fromCallable(() -> context.step(serverToken))
                .subscribeOn(Schedulers.boundedElastic())
                .subscribe(token -> ctx.executor().execute(() -> stepDone(ctx, token)),
                        e -> ctx.executor().execute(() -> fail(ctx, e)));
    }

    private void stepDone(ChannelHandlerContext ctx, byte[] token) {
        stepping = false;
        if (done.isDone()) {
            return;
        }
        if (token.length > 0) {
            ByteBuf out = ctx.alloc().ioBuffer(4 + token.length);
            GssPackets.write(out, token);
            ctx.writeAndFlush(out).addListener(f -> {
                if (!f.isSuccess()) {
                    fail(ctx, "cannot send a GSSAPI token: " + f.cause(), f.cause());
                }
            });
        }
        if (!context.isEstablished()) {
            nextServerToken(ctx);
            return;
        }
        if (received != null && received.isReadable()) {
            // the server speaks only after the client's first wrapped packet (the StartupMessage)
            fail(ctx, "the server sent data after the GSSAPI context was set up, before the startup message; refusing", null);
            return;
        }
        if (!context.confidential()) {
            fail(ctx, "the GSSAPI context does not offer confidentiality, so it cannot encrypt the connection", null);
            return;
        }
        GssWrapCodec codec;
        try {
            codec = new GssWrapCodec(context);
        } catch (RuntimeException e) {
            fail(ctx, e);
            return;
        }
        releaseReceived();
        ctx.pipeline().addBefore(ctx.name(), "pgfast-gss", codec);
        ctx.pipeline().remove(this);
        done.trySuccess(true);
    }

    private void fail(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof R2dbcException) {
            failWith(ctx, new GssEncryptionException("GSS encryption: " + cause.getMessage(), cause));
        } else {
            fail(ctx, cause.toString(), cause);
        }
    }

    @Override
    void fail(ChannelHandlerContext ctx, String message, Throwable cause) {
        failWith(ctx, new GssEncryptionException("GSS encryption: " + message, cause));
    }

    private void failWith(ChannelHandlerContext ctx, GssEncryptionException e) {
        if (done.tryFailure(e)) {
            context.dispose();
        }
        releaseReceived();
        ctx.close();
    }

    private void releaseReceived() {
        if (received != null) {
            received.release();
            received = null;
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        releaseReceived();
        if (step != null && !done.isDone()) {
            step.dispose();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (done.tryFailure(new GssEncryptionException("GSS encryption: the server closed the connection during GSS negotiation", null))) {
            context.dispose();
        }
        releaseReceived();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        fail(ctx, "GSS negotiation failed: " + cause.getMessage(), cause);
    }
}
