package io.pgfast.gss;

import javax.security.auth.Subject;

/**
 * What one GSSAPI sign-on needs: the server's service principal, where the credentials come from, and the
 * user name and password a JAAS login module may ask for.
 *
 * @param serviceName           the service part of the server's principal ({@code postgres})
 * @param host                  the host part, the name the client connects to (not resolved or canonicalised here)
 * @param jaasApplicationName   the JAAS configuration entry to log in with
 * @param jaasLogin             whether to log in through JAAS
 * @param useDefaultCredentials take JGSS's default credentials instead of a login
 * @param useSpnego             SPNEGO instead of plain Kerberos 5
 * @param subject               the caller's credentials, or null
 * @param user                  the database user, the name given to a JAAS module that asks for one
 * @param password              the configured password, given to a JAAS module that asks for one; or null
 */
public record GssTarget(String serviceName, String host, String jaasApplicationName, boolean jaasLogin,
                        boolean useDefaultCredentials, boolean useSpnego, Subject subject, String user, CharSequence password) {

    /** {@code postgres/db.example.com}, as the principal is written in a keytab. */
    public String principal() {
        return serviceName + "/" + host;
    }

    /** Leaves the password and the subject's credentials out. */
    @Override
    public String toString() {
        return "GssTarget[" + principal() + ", jaasApplicationName=" + jaasApplicationName + ", jaasLogin=" + jaasLogin
                + ", useDefaultCredentials=" + useDefaultCredentials + ", useSpnego=" + useSpnego + "]";
    }
}
