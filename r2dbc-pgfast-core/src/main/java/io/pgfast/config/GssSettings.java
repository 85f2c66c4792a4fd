package io.pgfast.config;

import javax.security.auth.Subject;

/**
 * How the driver signs on with GSSAPI (Kerberos) and whether it encrypts with it; option names as pgjdbc's.
 * Nothing here is used until a server asks for GSSAPI authentication ({@code gss} in pg_hba.conf) or
 * {@code gssEncMode} asks for encryption.
 *
 * <p>Where the Kerberos credentials come from, first match wins: {@code subject} (the caller's, holding a
 * Kerberos ticket); with {@code jaasLogin}, a JAAS login under {@code jaasApplicationName} (when the JAAS
 * configuration has no such entry, the Kerberos ticket cache); with {@code useDefaultCredentials}, JGSS's
 * default credentials (the ticket cache, when {@code javax.security.auth.useSubjectCredsOnly=false}).
 *
 * @param kerberosServerName    the service name of the server's principal {@code <name>/<host>}; libpq's
 *                              {@code krbsrvname}
 * @param jaasApplicationName   the JAAS login configuration entry to log in with
 * @param jaasLogin             whether to log in through JAAS (false: only {@code subject} or the default credentials)
 * @param useDefaultCredentials use JGSS's default credentials instead of a JAAS login
 * @param useSpnego             negotiate the mechanism with SPNEGO instead of asking for Kerberos 5 directly
 * @param encMode               GSS transport encryption
 * @param subject               credentials the caller has already, or null
 */
public record GssSettings(String kerberosServerName, String jaasApplicationName, boolean jaasLogin,
                          boolean useDefaultCredentials, boolean useSpnego, GssEncMode encMode, Subject subject) {

    /** The defaults: service {@code postgres}, JAAS entry {@code pgjdbc} (as pgjdbc), Kerberos 5, no encryption. */
    public static final GssSettings DEFAULT = new GssSettings("postgres", "pgjdbc", true, false, false, GssEncMode.DISABLE, null);

    public GssSettings {
        if (kerberosServerName == null || kerberosServerName.isEmpty()) {
            throw new IllegalArgumentException("kerberosServerName must not be empty");
        }
        if (jaasApplicationName == null || jaasApplicationName.isEmpty()) {
            throw new IllegalArgumentException("jaasApplicationName must not be empty");
        }
        if (encMode == null) {
            throw new IllegalArgumentException("gssEncMode must not be null");
        }
    }

    public GssSettings withKerberosServerName(String name) {
        return new GssSettings(name, jaasApplicationName, jaasLogin, useDefaultCredentials, useSpnego, encMode, subject);
    }

    public GssSettings withJaasApplicationName(String name) {
        return new GssSettings(kerberosServerName, name, jaasLogin, useDefaultCredentials, useSpnego, encMode, subject);
    }

    public GssSettings withJaasLogin(boolean login) {
        return new GssSettings(kerberosServerName, jaasApplicationName, login, useDefaultCredentials, useSpnego, encMode, subject);
    }

    public GssSettings withUseDefaultCredentials(boolean use) {
        return new GssSettings(kerberosServerName, jaasApplicationName, jaasLogin, use, useSpnego, encMode, subject);
    }

    public GssSettings withUseSpnego(boolean use) {
        return new GssSettings(kerberosServerName, jaasApplicationName, jaasLogin, useDefaultCredentials, use, encMode, subject);
    }

    public GssSettings withEncMode(GssEncMode mode) {
        return new GssSettings(kerberosServerName, jaasApplicationName, jaasLogin, useDefaultCredentials, useSpnego, mode, subject);
    }

    public GssSettings withSubject(Subject callerSubject) {
        return new GssSettings(kerberosServerName, jaasApplicationName, jaasLogin, useDefaultCredentials, useSpnego, encMode, callerSubject);
    }

    /** Leaves the subject's credentials out. */
    @Override
    public String toString() {
        return "GssSettings[kerberosServerName=" + kerberosServerName + ", jaasApplicationName=" + jaasApplicationName
                + ", jaasLogin=" + jaasLogin + ", gssUseDefaultCreds=" + useDefaultCredentials + ", useSpnego=" + useSpnego
                + ", gssEncMode=" + encMode.libpqName() + (subject != null ? ", subject given" : "") + "]";
    }
}
