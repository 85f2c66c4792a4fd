package io.pgfast.gss;

import io.pgfast.error.SqlState;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import org.ietf.jgss.GSSException;

import java.net.ConnectException;
import java.net.PortUnreachableException;
import java.net.SocketTimeoutException;
import java.util.Locale;

/**
 * Turns what JAAS and JGSS throw into an R2dbcException that names the step that failed and what to check.
 * JGSS reports most Kerberos failures as a GSSException whose text carries the KDC's error, so the
 * kind is read from the cause chain's types and messages.
 */
final class GssFailure {

    /** What went wrong, by what the user has to fix. */
    enum Kind {
        NO_CREDENTIALS("no Kerberos credentials", SqlState.INVALID_AUTHORIZATION_SPECIFICATION,
                "run kinit (or give the JAAS entry a keytab: useKeyTab=true keyTab=... principal=...), or pass a Subject "
                        + "holding a ticket (gssSubject)"),
        KDC_UNREACHABLE("the Kerberos KDC cannot be reached", SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION,
                "check the realm's kdc in krb5.conf (java.security.krb5.conf or KRB5_CONFIG) and that the KDC is up"),
        UNKNOWN_SERVICE("the KDC does not know the server's service principal", SqlState.INVALID_AUTHORIZATION_SPECIFICATION,
                "check kerberosServerName (default postgres) and the host name the connection uses: the principal is "
                        + "<kerberosServerName>/<host>, as in the server's krb_server_keyfile"),
        UNKNOWN_CLIENT("the KDC does not know the client principal", SqlState.INVALID_AUTHORIZATION_SPECIFICATION,
                "check the principal of the JAAS entry or ticket cache"),
        OTHER("GSSAPI failed", SqlState.INVALID_AUTHORIZATION_SPECIFICATION,
                "check the Kerberos configuration (krb5.conf, the JAAS entry, the ticket)");

        private final String what;
        private final String sqlState;
        private final String check;

        Kind(String what, String sqlState, String check) {
            this.what = what;
            this.sqlState = sqlState;
            this.check = check;
        }
    }

    private GssFailure() {
    }

    /**
     * @param step   what was being done, e.g. {@code "JAAS login (entry pgjdbc)"}
     * @param target the sign-on, named in the message
     */
    static R2dbcException of(String step, GssTarget target, Throwable cause) {
        Kind kind = classify(cause);
        String message = "GSSAPI sign-on to " + target.principal() + " failed at " + step + ": " + kind.what + " (" + describe(cause)
                + "); " + kind.check;
        return new R2dbcNonTransientResourceException(message, kind.sqlState, cause);
    }

    /** The most specific kind the whole cause chain shows (a NO_CRED GSSException often wraps the KDC's reason). */
    static Kind classify(Throwable cause) {
        StringBuilder text = new StringBuilder();
        boolean network = false;
        boolean noCredential = false;
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            network |= t instanceof SocketTimeoutException || t instanceof ConnectException || t instanceof PortUnreachableException;
            noCredential |= t instanceof GSSException && ((GSSException) t).getMajor() == GSSException.NO_CRED;
            if (t.getMessage() != null) {
                text.append(t.getMessage().toLowerCase(Locale.ROOT)).append('\n');
            }
        }
        String m = text.toString();
        if (m.contains("server not found in kerberos database") || m.contains("s_principal_unknown")) {
            return Kind.UNKNOWN_SERVICE;
        }
        if (m.contains("client not found in kerberos database") || m.contains("c_principal_unknown")) {
            return Kind.UNKNOWN_CLIENT;
        }
        if (network || m.contains("cannot contact any kdc") || m.contains("cannot locate kdc") || m.contains("receive timed out")
                || m.contains("connection refused") || m.contains("cannot locate default realm")) {
            return Kind.KDC_UNREACHABLE;
        }
        if (noCredential || m.contains("unable to obtain password") || m.contains("failed to find any kerberos tgt")
                || m.contains("unable to obtain principal name") || m.contains("no valid credentials")) {
            return Kind.NO_CREDENTIALS;
        }
        return Kind.OTHER;
    }

    private static String describe(Throwable cause) {
        StringBuilder out = new StringBuilder();
        for (Throwable t = cause; t != null && out.length() < 400; t = t.getCause() == t ? null : t.getCause()) {
            if (out.length() > 0) {
                out.append(" <- ");
            }
            out.append(t.getClass().getSimpleName());
            if (t.getMessage() != null) {
                out.append(": ").append(t.getMessage());
            }
        }
        return out.toString();
    }
}
