package io.pgfast.gss;

import io.pgfast.testing.KerberosServer;
import io.r2dbc.spi.R2dbcException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.nio.file.Files;

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

    private final KerberosServer server = KerberosJvm.server();

    @Test
    void signsOnWithTheTicketKinitCached() {
        server.kinit();
        connected(config(server, KerberosServer.GSS_USER).jaasApplicationName(KerberosJvm.TICKET_CACHE_ENTRY),
                c -> assertThat(gssState(c)).isEqualTo("true,false," + KerberosServer.GSS_USER + "@" + server.realm()));
    }

    @Test
    void aDeletedTicketCacheIsNamed() throws IOException {
        server.kinit();
        Files.delete(server.ticketCache());
        assertThatThrownBy(() -> connect(config(server, KerberosServer.GSS_USER).jaasApplicationName(KerberosJvm.TICKET_CACHE_ENTRY)))
                .isInstanceOf(R2dbcException.class)
                .hasMessageContaining("failed at the JAAS login (entry \"" + KerberosJvm.TICKET_CACHE_ENTRY + "\", ticket cache "
                        + server.ticketCache() + ")")
                .hasMessageContaining("no Kerberos credentials")
                .hasMessageContaining("run kinit");
    }

    /** A cache file kinit never wrote (empty): no ticket in it, and the message says which cache was read. */
    @Test
    void anEmptyTicketCacheIsNamed() throws IOException {
        Files.deleteIfExists(server.ticketCache());
        Files.createFile(server.ticketCache());
        assertThatThrownBy(() -> connect(config(server, KerberosServer.GSS_USER).jaasApplicationName(KerberosJvm.TICKET_CACHE_ENTRY)))
                .isInstanceOf(R2dbcException.class)
                .hasMessageContaining("ticket cache " + server.ticketCache() + ")")
                .hasMessageContaining("no Kerberos credentials");
    }

    /**
     * gssUseDefaultCreds skips the driver's JAAS login (the entry named has no ticket) and lets JGSS take its
     * default credentials: with useSubjectCredsOnly=false, the ticket cache of JGSS's own entry.
     */
    @Test
    void gssUseDefaultCredsTakesJgssDefaultCredentials() {
        server.kinit();
        String previous = System.setProperty(SUBJECT_CREDS_ONLY, "false");
        try {
            connected(config(server, KerberosServer.GSS_USER).gssUseDefaultCreds(true).jaasApplicationName(KerberosJvm.NO_TICKET_ENTRY),
                    c -> assertThat(gssState(c)).isEqualTo("true,false," + KerberosServer.GSS_USER + "@" + server.realm()));
        } finally {
            restore(previous);
        }
    }

    /** With useSubjectCredsOnly at its default (true) JGSS has no default credentials outside a Subject: the error says so. */
    @Test
    void gssUseDefaultCredsWithoutSubjectCredsOnlyFalseSaysSo() {
        server.kinit();
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

    private static void restore(String previous) {
        if (previous == null) {
            System.clearProperty(SUBJECT_CREDS_ONLY);
        } else {
            System.setProperty(SUBJECT_CREDS_ONLY, previous);
        }
    }
}
