package io.pgfast.gss;

import io.pgfast.testing.KerberosServer;
import io.r2dbc.spi.R2dbcException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;

import static io.pgfast.gss.GssAuthenticationTest.config;
import static io.pgfast.gss.GssAuthenticationTest.connect;
import static io.pgfast.gss.GssAuthenticationTest.connected;
import static io.pgfast.gss.GssAuthenticationTest.gssState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Kerberos credentials from a ticket cache that MIT's {@code kinit} filled ({@link KerberosServer#kinit()}, a file
 * in the test realm's directory): through a JAAS entry that names the cache and has no keytab, and through
 * {@code gssUseDefaultCreds}, JGSS's default credentials, which JGSS gets from its own JAAS entry
 * ({@value KerberosJvm#JGSS_INITIATE_ENTRY}) when {@code javax.security.auth.useSubjectCredsOnly=false}.
 */
@Tag("kerberos")
@ExtendWith(KerberosJvm.class)
class GssTicketCacheTest {

    private static final String SUBJECT_CREDS_ONLY = "javax.security.auth.useSubjectCredsOnly";

    /** The life of a ticket the tests sign on with: far longer than any test. */
    private static final Duration VALID = Duration.ofHours(1);
    /** The life of the ticket that must expire before the sign-on (the KDC and the client share this machine's clock). */
    private static final Duration SHORT = Duration.ofSeconds(1);

    private final KerberosServer server = KerberosJvm.server();

    @Test
    void signsOnWithTheTicketKinitCached() {
        server.kinit(VALID);
        connected(config(server, KerberosServer.GSS_USER).jaasApplicationName(KerberosJvm.TICKET_CACHE_ENTRY),
                c -> assertThat(gssState(c)).isEqualTo("true,false," + KerberosServer.GSS_USER + "@" + server.realm()));
    }

    @Test
    void aDeletedTicketCacheIsNamed() throws IOException {
        server.kinit(VALID);
        Files.delete(server.ticketCache());
        failsNamingTheCache();
    }

    /**
     * A cache whose only ticket has expired: Krb5LoginModule ignores it, and the message names the cache. The wait
     * only has to outlast the ticket's end; a slow machine makes the ticket older still, never valid again.
     */
    @Test
    void anExpiredTicketCacheIsNamed() throws InterruptedException {
        server.kinit(SHORT);
        Thread.sleep(SHORT.multipliedBy(2).toMillis());
        failsNamingTheCache();
    }

    /** A cache file kinit never wrote (empty): no ticket in it, and the message says which cache was read. */
    @Test
    void anEmptyTicketCacheIsNamed() throws IOException {
        Files.deleteIfExists(server.ticketCache());
        Files.createFile(server.ticketCache());
        failsNamingTheCache();
    }

    /**
     * gssUseDefaultCreds skips the driver's JAAS login (the entry named has no ticket) and lets JGSS take its
     * default credentials: with useSubjectCredsOnly=false, the ticket cache of JGSS's own entry.
     */
    @Test
    void gssUseDefaultCredsTakesJgssDefaultCredentials() {
        server.kinit(VALID);
        String previous = System.setProperty(SUBJECT_CREDS_ONLY, "false");
        try {
            connected(config(server, KerberosServer.GSS_USER).gssUseDefaultCreds(true).jaasApplicationName(KerberosJvm.NO_TICKET_ENTRY),
                    c -> assertThat(gssState(c)).isEqualTo("true,false," + KerberosServer.GSS_USER + "@" + server.realm()));
        } finally {
            restore(previous);
        }
    }

    /**
     * With useSubjectCredsOnly at its default (true) JGSS has no default credentials outside a Subject: the error
     * says so. The default JAAS entry (pgjdbc, a keytab login) would have signed on: gssUseDefaultCreds never uses it.
     */
    @Test
    void gssUseDefaultCredsWithoutSubjectCredsOnlyFalseSaysSo() {
        server.kinit(VALID);
        String previous = System.clearProperty(SUBJECT_CREDS_ONLY);
        try {
            assertThatThrownBy(() -> connect(config(server, KerberosServer.GSS_USER).gssUseDefaultCreds(true)))
                    .isInstanceOf(R2dbcException.class)
                    .hasMessageContaining("failed at getting JGSS's default credentials (set " + SUBJECT_CREDS_ONLY + "=false")
                    .hasMessageContaining("no Kerberos credentials");
        } finally {
            restore(previous);
        }
    }

    /** A sign-on through {@link KerberosJvm#TICKET_CACHE_ENTRY} fails, naming the entry and its cache. */
    private void failsNamingTheCache() {
        assertThatThrownBy(() -> connect(config(server, KerberosServer.GSS_USER).jaasApplicationName(KerberosJvm.TICKET_CACHE_ENTRY)))
                .isInstanceOf(R2dbcException.class)
                .hasMessageContaining("failed at the JAAS login (entry \"" + KerberosJvm.TICKET_CACHE_ENTRY + "\", ticket cache "
                        + server.ticketCache() + ")")
                .hasMessageContaining("no Kerberos credentials")
                .hasMessageContaining("run kinit");
    }

    private static void restore(String previous) {
        if (previous == null) {
            System.clearProperty(SUBJECT_CREDS_ONLY);
        } else {
            System.setProperty(SUBJECT_CREDS_ONLY, previous);
        }
    }
}
