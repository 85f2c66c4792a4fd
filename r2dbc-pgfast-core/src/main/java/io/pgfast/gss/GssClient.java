package io.pgfast.gss;

import io.pgfast.error.SqlState;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import org.ietf.jgss.GSSContext;
import org.ietf.jgss.GSSCredential;
import org.ietf.jgss.GSSException;
import org.ietf.jgss.GSSManager;
import org.ietf.jgss.GSSName;
import org.ietf.jgss.MessageProp;
import org.ietf.jgss.Oid;

import javax.security.auth.Subject;
import java.security.PrivilegedActionException;
import java.security.PrivilegedExceptionAction;

/**
 * The client side of one GSSAPI security context with the server's service principal
 * {@code <serviceName>@<host>} (a host-based service name, as libpq and pgjdbc ask for it), mutually
 * authenticated; for GSS encryption also with confidentiality and integrity.
 *
 * <p>{@link #open} and {@link #step} block (JAAS login, the KDC): run them off the event loop, one at a time.
 * {@link #wrap} and {@link #unwrap} of an established context only compute, and run on the event loop.
 * {@link #dispose} frees the context's keys.
 */
public final class GssClient {

    private static final Oid KERBEROS_5 = oid("1.2.840.113554.1.2.2");
    private static final Oid SPNEGO = oid("1.3.6.1.5.5.2");

    private final GssTarget target;
    private final Subject subject;
    private final GSSContext context;
    /** Tokens given to {@link #step} so far, to name the failing step. */
    private int steps;

    private GssClient(GssTarget target, Subject subject, GSSContext context) {
        this.target = target;
        this.subject = subject;
        this.context = context;
    }

    /**
     * Gets the credentials (see {@link GssLogin}) and creates the context; sends nothing yet. Blocking.
     *
     * @param confidentiality whether the context must protect messages (GSS encryption)
     * @throws io.r2dbc.spi.R2dbcException naming the step and what to check
     */
    public static GssClient open(GssTarget target, boolean confidentiality) {
        Subject subject = GssLogin.credentials(target);
        Oid mechanism = target.useSpnego() ? SPNEGO : KERBEROS_5;
        try {
            GSSContext context = as(subject, () -> {
                GSSManager manager = GSSManager.getInstance();
                GSSName server = manager.createName(target.serviceName() + "@" + target.host(), GSSName.NT_HOSTBASED_SERVICE);
                GSSCredential credential = manager.createCredential(null, GSSCredential.DEFAULT_LIFETIME, mechanism,
                        GSSCredential.INITIATE_ONLY);
                GSSContext c = manager.createContext(server, mechanism, credential, GSSContext.DEFAULT_LIFETIME);
                c.requestMutualAuth(true);
                c.requestConf(confidentiality);
                c.requestInteg(confidentiality);
                return c;
            });
            return new GssClient(target, subject, context);
        } catch (GSSException e) {
            throw GssFailure.of(target.useDefaultCredentials() && subject == null
                    ? "getting JGSS's default credentials (set javax.security.auth.useSubjectCredsOnly=false to read the ticket cache)"
                    : "getting Kerberos credentials", target, e);
        }
    }

    /**
     * Feeds the server's token (empty for the first step) to the context; returns the token to send, or an
     * empty array when there is none. Blocking: the first step asks the KDC for a service ticket.
     */
    public byte[] step(byte[] serverToken) {
        int step = ++steps;
        try {
            byte[] out = as(subject, () -> context.initSecContext(serverToken, 0, serverToken.length));
            return out == null ? new byte[0] : out;
        } catch (GSSException e) {
            throw GssFailure.of(step == 1 ? "initSecContext, the first token (the service ticket for " + target.principal() + ")"
                    : "initSecContext, the server's token " + (step - 1), target, e);
        }
    }

    public boolean isEstablished() {
        return context.isEstablished();
    }

    /** Whether the established context encrypts what it wraps. */
    public boolean confidential() {
        return context.getConfState();
    }

    /** The most plaintext one wrap may take for its token to fit in {@code maxToken} bytes. */
    public int wrapSizeLimit(int maxToken) {
        try {
            return context.getWrapSizeLimit(0, true, maxToken);
        } catch (GSSException e) {
            throw failure("getWrapSizeLimit", e);
        }
    }

    /** Encrypts {@code length} bytes into one token. */
    public byte[] wrap(byte[] plaintext, int offset, int length) {
        try {
            return context.wrap(plaintext, offset, length, new MessageProp(0, true));
        } catch (GSSException e) {
            throw failure("wrap", e);
        }
    }

    /** Decrypts one token; refuses a token that was not encrypted. */
    public byte[] unwrap(byte[] token, int offset, int length) {
        MessageProp prop = new MessageProp(0, true);
        try {
            byte[] plain = context.unwrap(token, offset, length, prop);
            if (!prop.getPrivacy()) {
                throw new R2dbcNonTransientResourceException("GSS encryption: the server sent a packet that is not encrypted",
                        SqlState.PROTOCOL_VIOLATION);
            }
            return plain;
        } catch (GSSException e) {
            throw failure("unwrap", e);
        }
    }

    /** Frees the context; safe to call more than once. */
    public void dispose() {
        try {
            context.dispose();
        } catch (GSSException ignored) {
            // nothing left to free
        }
    }

    private R2dbcNonTransientResourceException failure(String operation, GSSException e) {
        return new R2dbcNonTransientResourceException("GSS encryption with " + target.principal() + ": " + operation + " failed: "
                + e.getMessage(), SqlState.CONNECTION_FAILURE, e);
    }

    private interface Action<T> {
        T run() throws GSSException;
    }

    /** Runs {@code action} with {@code subject}'s credentials (JGSS finds them there), or as it is when null. */
    @SuppressWarnings("removal")
    private static <T> T as(Subject subject, Action<T> action) throws GSSException {
        if (subject == null) {
            return action.run();
        }
        try {
            return Subject.doAs(subject, (PrivilegedExceptionAction<T>) action::run);
        } catch (PrivilegedActionException e) {
            if (e.getException() instanceof GSSException) {
                throw (GSSException) e.getException();
            }
            throw new IllegalStateException(e.getException());
        }
    }

    private static Oid oid(String value) {
        try {
            return new Oid(value);
        } catch (GSSException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
