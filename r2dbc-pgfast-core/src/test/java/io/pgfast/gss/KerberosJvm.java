package io.pgfast.gss;

import io.pgfast.testing.KerberosServer;

import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;
import java.util.Map;

/**
 * Points this JVM's Kerberos at the test realm: {@code java.security.krb5.conf}, and a JAAS configuration with
 * the entries the tests name. Every entry sets {@code refreshKrb5Config=true}, so a krb5.conf the JVM read
 * before (JGSS caches it) does not matter. {@link #restore()} puts back what was there.
 */
final class KerberosJvm {

    /** pgjdbc's default entry name: a login with the user's keytab. */
    static final String KEYTAB_ENTRY = "pgjdbc";
    /** A login from a ticket cache that does not exist: no credentials at all. */
    static final String NO_TICKET_ENTRY = "pgfast-no-ticket";

    private static final String KRB5_CONF = "java.security.krb5.conf";
    private static final String KRB5_LOGIN_MODULE = "com.sun.security.auth.module.Krb5LoginModule";

    private final String previousKrb5Conf;
    private final Configuration previousJaas;

    private KerberosJvm(String previousKrb5Conf, Configuration previousJaas) {
        this.previousKrb5Conf = previousKrb5Conf;
        this.previousJaas = previousJaas;
    }

    static KerberosJvm install(KerberosServer server) {
        KerberosJvm saved = new KerberosJvm(System.getProperty(KRB5_CONF), currentJaas());
        System.setProperty(KRB5_CONF, server.krb5Conf().toString());
        AppConfigurationEntry keytab = new AppConfigurationEntry(KRB5_LOGIN_MODULE, AppConfigurationEntry.LoginModuleControlFlag.REQUIRED,
                Map.of("useKeyTab", "true", "keyTab", server.userKeytab().toString(),
                        "principal", KerberosServer.GSS_USER + "@" + server.realm(), "storeKey", "false",
                        "doNotPrompt", "true", "refreshKrb5Config", "true"));
        AppConfigurationEntry noTicket = new AppConfigurationEntry(KRB5_LOGIN_MODULE, AppConfigurationEntry.LoginModuleControlFlag.REQUIRED,
                Map.of("useTicketCache", "true", "ticketCache", server.emptyTicketCache().toString(),
                        "doNotPrompt", "true", "refreshKrb5Config", "true"));
        Configuration.setConfiguration(new Configuration() {
            @Override
            public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
                switch (name) {
                    case KEYTAB_ENTRY:
                        return new AppConfigurationEntry[] {keytab};
                    case NO_TICKET_ENTRY:
                        return new AppConfigurationEntry[] {noTicket};
                    default:
                        return null;
                }
            }
        });
        return saved;
    }

    void restore() {
        if (previousKrb5Conf == null) {
            System.clearProperty(KRB5_CONF);
        } else {
            System.setProperty(KRB5_CONF, previousKrb5Conf);
        }
        Configuration.setConfiguration(previousJaas);
    }

    private static Configuration currentJaas() {
        try {
            return Configuration.getConfiguration();
        } catch (SecurityException none) {
            return null;
        }
    }
}
