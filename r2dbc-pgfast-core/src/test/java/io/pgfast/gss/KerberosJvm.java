package io.pgfast.gss;

import io.pgfast.testing.KerberosServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;
import java.util.Map;

/**
 * A test class's Kerberos ({@code @ExtendWith(KerberosJvm.class)}): starts the {@link KerberosServer} (or skips
 * the class), and for the class's tests points this JVM's Kerberos at its realm: {@code java.security.krb5.conf},
 * and a JAAS configuration with the entries the tests name. Every entry sets {@code refreshKrb5Config=true}, so a
 * krb5.conf the JVM read before (JGSS caches it) does not matter. After the class, what was there is put back.
 */
public final class KerberosJvm implements BeforeAllCallback, AfterAllCallback {

    /** pgjdbc's default entry name: a login with the user's keytab. */
    public static final String KEYTAB_ENTRY = "pgjdbc";
    /** A login from a ticket cache that does not exist: no credentials at all. */
    public static final String NO_TICKET_ENTRY = "pgfast-no-ticket";
    /** A login from {@link KerberosServer#ticketCache()} alone (no keytab): the ticket kinit put there. */
    public static final String TICKET_CACHE_ENTRY = "pgfast-ticket-cache";
    /**
     * The entry JGSS itself logs in with for default credentials when {@code javax.security.auth.useSubjectCredsOnly}
     * is false: here from {@link KerberosServer#ticketCache()}, as JGSS's own default would read the machine's cache.
     */
    public static final String JGSS_INITIATE_ENTRY = "com.sun.security.jgss.krb5.initiate";

    private static final String KRB5_CONF = "java.security.krb5.conf";
    private static final String KRB5_LOGIN_MODULE = "com.sun.security.auth.module.Krb5LoginModule";

    private static KerberosServer server;
    private String previousKrb5Conf;
    private Configuration previousJaas;
    private boolean installed;

    /** The server of the running test class. */
    public static KerberosServer server() {
        return server;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        server = KerberosServer.get();
        previousKrb5Conf = System.getProperty(KRB5_CONF);
        previousJaas = currentJaas();
        install(server);
        installed = true;
    }

    private static void install(KerberosServer server) {
        System.setProperty(KRB5_CONF, server.krb5Conf().toString());
        AppConfigurationEntry keytab = new AppConfigurationEntry(KRB5_LOGIN_MODULE, AppConfigurationEntry.LoginModuleControlFlag.REQUIRED,
                Map.of("useKeyTab", "true", "keyTab", server.userKeytab().toString(),
                        "principal", KerberosServer.GSS_USER + "@" + server.realm(), "storeKey", "false",
                        "doNotPrompt", "true", "refreshKrb5Config", "true"));
        AppConfigurationEntry noTicket = new AppConfigurationEntry(KRB5_LOGIN_MODULE, AppConfigurationEntry.LoginModuleControlFlag.REQUIRED,
                Map.of("useTicketCache", "true", "ticketCache", server.emptyTicketCache().toString(),
                        "doNotPrompt", "true", "refreshKrb5Config", "true"));
        AppConfigurationEntry ticketCache = new AppConfigurationEntry(KRB5_LOGIN_MODULE, AppConfigurationEntry.LoginModuleControlFlag.REQUIRED,
                Map.of("useTicketCache", "true", "ticketCache", server.ticketCache().toString(),
                        "doNotPrompt", "true", "refreshKrb5Config", "true"));
        Configuration.setConfiguration(new Configuration() {
            @Override
            public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
                switch (name) {
                    case KEYTAB_ENTRY:
                        return new AppConfigurationEntry[] {keytab};
                    case NO_TICKET_ENTRY:
                        return new AppConfigurationEntry[] {noTicket};
                    case TICKET_CACHE_ENTRY:
                    case JGSS_INITIATE_ENTRY:
                        return new AppConfigurationEntry[] {ticketCache};
                    default:
                        return null;
                }
            }
        });
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (!installed) {
            return;
        }
        installed = false;
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
