package io.pgfast.flow;

import io.pgfast.error.SqlState;
import io.netty.buffer.ByteBuf;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.error.ErrorDetails;
import io.pgfast.error.PgExceptionFactory;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.auth.ChannelBinding;
import io.pgfast.protocol.auth.Md5Password;
import io.pgfast.protocol.auth.ScramSha256Client;
import io.pgfast.protocol.auth.TlsServerEndPoint;
import io.pgfast.gss.GssClient;
import io.pgfast.protocol.backend.AuthenticationCleartextPassword;
import io.pgfast.protocol.backend.AuthenticationGSS;
import io.pgfast.protocol.backend.AuthenticationGSSContinue;
import io.pgfast.protocol.backend.AuthenticationMD5Password;
import io.pgfast.protocol.backend.AuthenticationOk;
import io.pgfast.protocol.backend.AuthenticationSASL;
import io.pgfast.protocol.backend.AuthenticationSASLContinue;
import io.pgfast.protocol.backend.AuthenticationSASLFinal;
import io.pgfast.protocol.backend.AuthenticationUnsupported;
import io.pgfast.protocol.backend.BackendKeyData;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.BackendMessageType;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.NegotiateProtocolVersion;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.frontend.GSSResponse;
import io.pgfast.protocol.frontend.PasswordMessage;
import io.pgfast.protocol.frontend.SASLInitialResponse;
import io.pgfast.protocol.frontend.SASLResponse;
import io.pgfast.protocol.frontend.StartupMessage;
import io.pgfast.transport.Conversation;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcPermissionDeniedException;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;
import reactor.core.scheduler.Schedulers;

import java.nio.charset.StandardCharsets;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.List;

/**
 * The startup phase (protocol 55.2.1): StartupMessage, then whatever authentication exchange the server
 * asks for, then BackendKeyData and ParameterStatus messages up to the first ReadyForQuery. Any other
 * message is a protocol violation and fails the connection.
 */
public final class StartupFlow extends Conversation {


    private static final String SCRAM = "SCRAM-SHA-256";
    private static final String SCRAM_PLUS = "SCRAM-SHA-256-PLUS";

    private final Transport transport;
    private final StartupParameters parameters;
    private final ProtocolNegotiation protocol;
    private MonoSink<Void> sink;
    private ScramSha256Client scram;
    private boolean scramPlus;
    private boolean sawAuthenticationOk;
    /** The GSSAPI context of the authentication, from the first token on; disposed when the startup ends. */
    private GssClient gss;
    /** A GSSAPI step runs off the event loop: the server's next message waits until it is done. */
    private boolean gssStepRunning;
    private Disposable gssStep;
    /** Set once the sink is answered or cancelled (a cancelled MonoSink must not be signalled again). */
    private volatile boolean done;

    private StartupFlow(Transport transport, StartupParameters parameters) {
        this.transport = transport;
        this.parameters = parameters;
        this.protocol = new ProtocolNegotiation(parameters);
    }

    /**
     * Runs the startup phase on a fresh transport; completes when the server is ready for queries, with the
     * protocol version in use recorded on the transport.
     */
    public static Mono<Void> run(Transport transport, StartupParameters parameters) {
        return Mono.create(sink -> {
            StartupFlow flow = new StartupFlow(transport, parameters);
            flow.sink = sink;
            sink.onCancel(() -> flow.done = true);
            transport.submit(flow);
        });
    }

    @Override
    protected void writeTo(ByteBuf out) {
        new StartupMessage(parameters.requestedVersion(), parameters.startupMessage()).encode(out);
    }

    @Override
    protected boolean onMessage(BackendMessage message) {
        try {
            return handle(message);
        } catch (R2dbcException e) {
            fail(e);
            return true;
        } catch (ProtocolException e) {
            fail(new R2dbcNonTransientResourceException("authentication failed: " + e.getMessage(), SqlState.PROTOCOL_VIOLATION, e));
            return true;
        } finally {
            ReferenceCountUtil.release(message);
        }
    }

    private boolean handle(BackendMessage message) {
        if (message instanceof AuthenticationOk) {
            if (parameters.channelBinding() == StartupParameters.ChannelBindingPolicy.REQUIRE && !scramPlus) {
                throw new R2dbcPermissionDeniedException(
                        "channelBinding=require, but the server authenticated the client without channel binding", SqlState.INVALID_AUTHORIZATION_SPECIFICATION);
            }
            sawAuthenticationOk = true;
        } else if (message instanceof AuthenticationCleartextPassword) {
            refuseWithoutBinding("a cleartext password");
            if (!parameters.allowCleartextPassword()) {
                throw new R2dbcPermissionDeniedException(
                        "the server asked for a cleartext password and allowCleartextPassword=false", SqlState.INVALID_AUTHORIZATION_SPECIFICATION);
            }
            send(new PasswordMessage(password()));
        } else if (message instanceof AuthenticationMD5Password) {
            refuseWithoutBinding("MD5 authentication");
            byte[] salt = ((AuthenticationMD5Password) message).salt();
            send(new PasswordMessage(Md5Password.encode(parameters.user(), password(), salt)));
        } else if (message instanceof AuthenticationSASL) {
            startScram(((AuthenticationSASL) message).mechanisms());
        } else if (message instanceof AuthenticationSASLContinue) {
            requireScram(message);
            send(new SASLResponse(scram.clientFinalMessage(((AuthenticationSASLContinue) message).data())));
        } else if (message instanceof AuthenticationSASLFinal) {
            requireScram(message);
            scram.verifyServerFinal(((AuthenticationSASLFinal) message).data());
        } else if (message instanceof AuthenticationGSS) {
            refuseWithoutBinding("GSSAPI authentication, which has no channel binding");
            if (gss != null || gssStepRunning) {
                throw new R2dbcNonTransientResourceException("a second AuthenticationGSS", SqlState.PROTOCOL_VIOLATION);
            }
            gssStep(new byte[0]);
        } else if (message instanceof AuthenticationGSSContinue) {
            if (gss == null) {
                throw new R2dbcNonTransientResourceException("AuthenticationGSSContinue before AuthenticationGSS", SqlState.PROTOCOL_VIOLATION);
            }
            gssStep(((AuthenticationGSSContinue) message).data());
        } else if (message instanceof AuthenticationUnsupported) {
            AuthenticationUnsupported u = (AuthenticationUnsupported) message;
            throw new R2dbcNonTransientResourceException("the server asks for " + u.method()
                    + " authentication, which r2dbc-pgfast does not support; use password, md5, scram-sha-256, gss or cert in pg_hba.conf", SqlState.INVALID_AUTHORIZATION_SPECIFICATION);
        } else if (message instanceof ErrorResponse) {
            throw PgExceptionFactory.create(ErrorDetails.of(((ErrorResponse) message).fields()), null);
        } else if (message instanceof NoticeResponse) {
            NoticeResponse n = (NoticeResponse) message;
            transport.notices().log(n);
        } else if (message instanceof NegotiateProtocolVersion) {
            protocol.accept((NegotiateProtocolVersion) message);
        } else if (message instanceof BackendKeyData) {
            // the transport keeps it for CancelRequest; its length must be the negotiated version's
            protocol.check((BackendKeyData) message);
        } else if (message instanceof ReadyForQuery) {
            if (!sawAuthenticationOk) {
                throw new R2dbcNonTransientResourceException("the server sent ReadyForQuery before AuthenticationOk", SqlState.PROTOCOL_VIOLATION);
            }
            transport.session().protocolVersion(protocol.version());
            disposeGss();
            done = true;
            sink.success();
            return true;
        } else {
            throw new R2dbcNonTransientResourceException("unexpected " + message.getClass().getSimpleName() + " during startup", SqlState.PROTOCOL_VIOLATION);
        }
        return false;
    }

    /**
     * Runs one GSSAPI step off the event loop (the first one logs in and asks the KDC for a service ticket),
     * holding back the server's next message meanwhile, then sends the token it made, if any.
     */
    private void gssStep(byte[] serverToken) {
        gssStepRunning = true;
        GssClient existing = gss;
        gssStep = Mono.fromCallable(() -> {
                    GssClient client = existing != null ? existing : GssClient.open(parameters.gss(), false);
                    try {
                        return new GssStepResult(client, client.step(serverToken));
                    } catch (RuntimeException e) {
                        client.dispose();
                        throw e;
                    }
                })
                .subscribeOn(Schedulers.boundedElastic())
                .subscribe(result -> transport.eventLoop().execute(() -> gssStepDone(result)),
                        e -> transport.eventLoop().execute(() -> fail(e)));
    }

    private record GssStepResult(GssClient client, byte[] token) {
    }

    /** Event loop. */
    private void gssStepDone(GssStepResult result) {
        gss = result.client();
        if (done) {
            disposeGss();
            return;
        }
        gssStepRunning = false;
        if (result.token().length > 0) {
            send(new GSSResponse(result.token()));
        }
        transport.resumeReading();
    }

    private void disposeGss() {
        if (gssStep != null) {
            gssStep.dispose();
        }
        if (gss != null) {
            gss.dispose();
            gss = null;
        }
    }

    @Override
    protected boolean canAccept(BackendMessageType type) {
        return !gssStepRunning;
    }

    @Override
    protected boolean awaitsBackend() {
        // while a GSSAPI step runs, the client (and the KDC) is what is awaited
        return !gssStepRunning;
    }

    private void startScram(List<String> mechanisms) {
        SslHandler ssl = transport.channel().pipeline().get(SslHandler.class);
        boolean tls = ssl != null;
        StartupParameters.ChannelBindingPolicy policy = parameters.channelBinding();
        boolean serverPlus = mechanisms.contains(SCRAM_PLUS);
        boolean mayBind = tls && policy != StartupParameters.ChannelBindingPolicy.DISABLE;
        byte[] endPoint = mayBind && serverPlus ? serverEndPoint(ssl, policy) : null;
        ChannelBinding binding;
        String mechanism;
        if (endPoint != null) {
            binding = ChannelBinding.tlsServerEndPoint(endPoint);
            mechanism = SCRAM_PLUS;
            scramPlus = true;
        } else if (policy == StartupParameters.ChannelBindingPolicy.REQUIRE) {
            throw new R2dbcPermissionDeniedException(tls
                    ? "channelBinding=require, but the server does not offer SCRAM-SHA-256-PLUS"
                    : "channelBinding=require needs TLS (sslMode=require or stricter)", SqlState.INVALID_AUTHORIZATION_SPECIFICATION);
        } else if (mechanisms.contains(SCRAM)) {
            // "y": we could bind but the server did not offer it (RFC 5802 section 6); "n" when we
            // cannot, including a server certificate that defines no binding hash
            binding = mayBind && !serverPlus ? ChannelBinding.supportedButNotUsed() : ChannelBinding.notSupported();
            mechanism = SCRAM;
        } else {
            throw new R2dbcNonTransientResourceException("the server offers only the SASL mechanisms " + mechanisms
                    + "; r2dbc-pgfast supports " + SCRAM + " and " + SCRAM_PLUS, SqlState.INVALID_AUTHORIZATION_SPECIFICATION);
        }
        char[] password = passwordChars();
        try {
            scram = new ScramSha256Client(password, binding);
        } catch (IllegalArgumentException e) {
            throw new R2dbcNonTransientResourceException(e.getMessage(), "28000", e);
        } finally {
            Arrays.fill(password, '\0');
        }
        send(new SASLInitialResponse(mechanism, scram.clientFirstMessage()));
    }

    /**
     * The tls-server-end-point data of the server's certificate; null when its signature algorithm
     * defines none (Ed25519, Ed448) and channel binding is only preferred: then SCRAM runs without it,
     * as pgjdbc does. With channelBinding=require that refuses the server (CVE-2025-49146 class: never
     * authenticate without the binding that was required).
     */
    private static byte[] serverEndPoint(SslHandler ssl, StartupParameters.ChannelBindingPolicy policy) {
        X509Certificate certificate;
        try {
            Certificate[] chain = ssl.engine().getSession().getPeerCertificates();
            certificate = (X509Certificate) chain[0];
        } catch (Exception e) {
            throw new R2dbcNonTransientResourceException("cannot compute tls-server-end-point channel binding: " + e.getMessage(), SqlState.INVALID_AUTHORIZATION_SPECIFICATION, e);
        }
        if (TlsServerEndPoint.hashAlgorithm(certificate).isEmpty()) {
            if (policy == StartupParameters.ChannelBindingPolicy.REQUIRE) {
                throw new R2dbcPermissionDeniedException("channelBinding=require, but the server certificate is signed with "
                        + certificate.getSigAlgName() + ", for which no tls-server-end-point channel binding is defined"
                        + " (RFC 5929 section 4.1): give the server a certificate signed with RSA or ECDSA, or use channelBinding=prefer", "28000");
            }
            return null;
        }
        try {
            return TlsServerEndPoint.channelBindingData(certificate);
        } catch (RuntimeException e) {
            throw new R2dbcNonTransientResourceException("cannot compute tls-server-end-point channel binding: " + e.getMessage(), "28000", e);
        }
    }

    private void requireScram(BackendMessage message) {
        if (scram == null) {
            throw new R2dbcNonTransientResourceException("unexpected " + message.getClass().getSimpleName() + " before AuthenticationSASL", SqlState.PROTOCOL_VIOLATION);
        }
    }

    private void refuseWithoutBinding(String what) {
        if (parameters.channelBinding() == StartupParameters.ChannelBindingPolicy.REQUIRE) {
            throw new R2dbcPermissionDeniedException("channelBinding=require, but the server asked for " + what, SqlState.INVALID_AUTHORIZATION_SPECIFICATION);
        }
    }

    private byte[] password() {
        return configuredPassword().toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A copy for SCRAM, which the caller wipes. */
    private char[] passwordChars() {
        CharSequence password = configuredPassword();
        char[] chars = new char[password.length()];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = password.charAt(i);
        }
        return chars;
    }

    private CharSequence configuredPassword() {
        CharSequence password = parameters.password();
        if (password == null) {
            throw new R2dbcPermissionDeniedException("the server asks for a password for user \"" + parameters.user()
                    + "\", but none was configured", SqlState.INVALID_AUTHORIZATION_SPECIFICATION);
        }
        return password;
    }

    private void send(FrontendMessage message) {
        ByteBuf out = transport.channel().alloc().ioBuffer();
        message.encode(out);
        transport.writeMore(out);
    }

    private void fail(Throwable error) {
        disposeGss();
        if (!done) {
            done = true;
            sink.error(error);
        }
        transport.fail(error);
    }

    @Override
    protected void onConnectionFailure(Throwable failure) {
        disposeGss();
        if (!done) {
            done = true;
            sink.error(failure);
        }
    }
}
