package io.pgfast.gss;

import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.TextOutputCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.kerberos.KerberosTicket;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;
import javax.security.auth.login.LoginContext;
import javax.security.auth.login.LoginException;
import java.util.Map;

/**
 * Where the Kerberos credentials of one sign-on come from, first match wins: the caller's {@code Subject}
 * when it holds a Kerberos ticket; with {@code jaasLogin} a JAAS login under {@code jaasApplicationName}, or,
 * when the JAAS configuration has no such entry, a login from the Kerberos ticket cache (Krb5LoginModule with
 * {@code useTicketCache=true doNotPrompt=true}); otherwise none, and JGSS takes its default credentials.
 *
 * <p>Blocking: a JAAS login may read files and ask the KDC for a ticket.
 */
final class GssLogin {

    private static final String KRB5_LOGIN_MODULE = "com.sun.security.auth.module.Krb5LoginModule";

    private GssLogin() {
    }

    /** The subject to run JGSS in, or null for JGSS's default credentials. */
    static Subject credentials(GssTarget target) {
        if (target.subject() != null && !target.subject().getPrivateCredentials(KerberosTicket.class).isEmpty()) {
            return target.subject();
        }
        if (target.useDefaultCredentials() || !target.jaasLogin()) {
            return target.subject();
        }
        String entry = target.jaasApplicationName();
        AppConfigurationEntry[] entries = entries(entry);
        boolean configured = entries.length > 0;
        try {
            LoginContext login = configured
                    ? new LoginContext(entry, new Callbacks(target))
                    : new LoginContext(entry, new Subject(), new Callbacks(target), ticketCacheOnly());
            login.login();
            return login.getSubject();
        } catch (LoginException | SecurityException e) {
            throw GssFailure.of(configured ? "the JAAS login (entry \"" + entry + "\"" + ticketCaches(entries) + ")"
                    : "the login from the ticket cache (the JAAS configuration has no entry \"" + entry + "\")", target, e);
        }
    }

    /** The entry's login modules, none when the JAAS configuration has no such entry. */
    private static AppConfigurationEntry[] entries(String name) {
        try {
            AppConfigurationEntry[] entries = Configuration.getConfiguration().getAppConfigurationEntry(name);
            return entries == null ? new AppConfigurationEntry[0] : entries;
        } catch (SecurityException noConfiguration) {
            // no java.security.auth.login.config and no default file: no entry of that name either
            return new AppConfigurationEntry[0];
        }
    }

    /**
     * {@code ", ticket cache <file>"} for each Kerberos module of the entry that reads a ticket cache
     * ({@code useTicketCache=true}), so that a failure says which cache held no valid ticket; "the default
     * ticket cache" when the module names none.
     */
    private static String ticketCaches(AppConfigurationEntry[] entries) {
        StringBuilder out = new StringBuilder();
        for (AppConfigurationEntry e : entries) {
            if (KRB5_LOGIN_MODULE.equals(e.getLoginModuleName()) && "true".equalsIgnoreCase(String.valueOf(e.getOptions().get("useTicketCache")))) {
                Object cache = e.getOptions().get("ticketCache");
                out.append(cache == null ? ", the default ticket cache" : ", ticket cache " + cache);
            }
        }
        return out.toString();
    }

    /** The configuration used when the application has no JAAS entry: the ticket cache (kinit's), no prompt. */
    private static Configuration ticketCacheOnly() {
        AppConfigurationEntry entry = new AppConfigurationEntry(KRB5_LOGIN_MODULE,
                AppConfigurationEntry.LoginModuleControlFlag.REQUIRED, Map.of("useTicketCache", "true", "doNotPrompt", "true"));
        return new Configuration() {
            @Override
            public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
                return new AppConfigurationEntry[] {entry};
            }
        };
    }

    /** Answers a login module's questions with the database user name and the configured password, as pgjdbc does. */
    private static final class Callbacks implements CallbackHandler {

        private final GssTarget target;

        Callbacks(GssTarget target) {
            this.target = target;
        }

        @Override
        public void handle(Callback[] callbacks) throws UnsupportedCallbackException {
            for (Callback callback : callbacks) {
                if (callback instanceof NameCallback) {
                    ((NameCallback) callback).setName(target.user());
                } else if (callback instanceof PasswordCallback && target.password() != null) {
                    CharSequence password = target.password();
                    char[] chars = new char[password.length()];
                    for (int i = 0; i < chars.length; i++) {
                        chars[i] = password.charAt(i);
                    }
                    ((PasswordCallback) callback).setPassword(chars);
                    java.util.Arrays.fill(chars, '\0');
                } else if (!(callback instanceof TextOutputCallback)) {
                    throw new UnsupportedCallbackException(callback, callback instanceof PasswordCallback
                            ? "the JAAS login asks for a password and none is configured" : "unsupported JAAS callback");
                }
            }
        }
    }
}
