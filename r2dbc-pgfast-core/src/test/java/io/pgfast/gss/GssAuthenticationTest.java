package io.pgfast.gss;

import io.pgfast.config.ChannelBindingMode;
import io.pgfast.config.GssEncMode;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.config.SslMode;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.KerberosServer;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcPermissionDeniedException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import javax.security.auth.login.LoginContext;
import javax.security.auth.login.LoginException;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * GSSAPI authentication against a real MIT KDC and a PostgreSQL built with GSSAPI ({@link KerberosServer}):
 * sign-on with a keytab login, and the clear errors of a missing ticket, a wrong service name and
 * {@code channelBinding=require} (GSSAPI has no channel binding).
 */
@Tag("kerberos")
@ExtendWith(KerberosJvm.class)
class GssAuthenticationTest {

    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final KerberosServer server = KerberosJvm.server();

    static PgfastConnectionConfigurationBuilder config(KerberosServer server, String user) {
        return PgfastConnectionConfiguration.builder().host(server.host()).port(server.port()).database(server.database())
                .username(user).sslMode(SslMode.DISABLE).connectTimeout(TIMEOUT);
    }

    static Connection connect(PgfastConnectionConfigurationBuilder config) {
        return Mono.from(new PgfastConnectionFactory(config.build()).create()).block(TIMEOUT);
    }

    /** Connects, runs {@code checks} on the connection, and closes it. */
    static void connected(PgfastConnectionConfigurationBuilder config, Consumer<Connection> checks) {
        Connection c = connect(config);
        try {
            checks.accept(c);
        } finally {
            Mono.from(c.close()).block(TIMEOUT);
        }
    }

    /** The one value of a one-row, one-column query, as text. */
    static String text(Connection c, String sql) {
        List<String> rows = Flux.from(c.createStatement(sql).execute()).concatMap(r -> r.map((row, md) -> row.get(0, String.class)))
                .collectList().block(TIMEOUT);
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    /** gss_authenticated, encrypted and principal of this backend (pg_stat_gssapi). */
    static String gssState(Connection c) {
        return text(c, "SELECT gss_authenticated || ',' || encrypted || ',' || coalesce(principal, '') FROM pg_stat_gssapi"
                + " WHERE pid = pg_backend_pid()");
    }

    /** Whether this backend's connection is TLS (pg_stat_ssl). */
    static String tls(Connection c) {
        return text(c, "SELECT ssl::text FROM pg_stat_ssl WHERE pid = pg_backend_pid()");
    }

    @Test
    void signsOnWithKerberos() {
        connected(config(server, KerberosServer.GSS_USER), c -> {
            assertThat(gssState(c)).isEqualTo("true,false," + KerberosServer.GSS_USER + "@" + server.realm());
            assertThat(text(c, "SELECT current_user::text")).isEqualTo(KerberosServer.GSS_USER);
        });
    }

    @Test
    void signsOnWithKerberosOverTls() {
        connected(config(server, KerberosServer.GSS_USER).sslMode(SslMode.REQUIRE), c -> {
            assertThat(gssState(c)).isEqualTo("true,false," + KerberosServer.GSS_USER + "@" + server.realm());
            assertThat(tls(c)).isEqualTo("true");
        });
    }

    /** SPNEGO negotiates Kerberos 5 with the server, which accepts it as any GSSAPI mechanism. */
    @Test
    void signsOnWithSpnego() {
        connected(config(server, KerberosServer.GSS_USER).useSpnego(true),
                c -> assertThat(gssState(c)).isEqualTo("true,false," + KerberosServer.GSS_USER + "@" + server.realm()));
    }

    /**
     * The caller's own login goes first: with its Subject, the JAAS entry named (one without a ticket) is
     * never used.
     */
    @Test
    void signsOnWithTheCallersSubject() throws LoginException {
        LoginContext login = new LoginContext(KerberosJvm.KEYTAB_ENTRY);
        login.login();
        try {
            connected(config(server, KerberosServer.GSS_USER).gssSubject(login.getSubject())
                            .jaasApplicationName(KerberosJvm.NO_TICKET_ENTRY),
                    c -> assertThat(gssState(c)).startsWith("true,false"));
        } finally {
            login.logout();
        }
    }

    @Test
    void aMissingTicketSaysSo() {
        assertThatThrownBy(() -> connect(config(server, KerberosServer.GSS_USER).jaasApplicationName(KerberosJvm.NO_TICKET_ENTRY)))
                .isInstanceOf(R2dbcException.class)
                .hasMessageContaining("GSSAPI sign-on to postgres/localhost failed at the JAAS login (entry \"" + KerberosJvm.NO_TICKET_ENTRY
                        + "\", ticket cache " + server.emptyTicketCache() + ")")
                .hasMessageContaining("no Kerberos credentials")
                .hasMessageContaining("run kinit");
    }

    /**
     * A krb5.conf whose KDC port is closed (every JAAS entry of the test re-reads krb5.conf at login): the
     * keytab login cannot reach it.
     */
    @Test
    void anUnreachableKdcSaysSo() throws Exception {
        int closedPort;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            closedPort = probe.getLocalPort();
        }
        String conf = java.nio.file.Files.readString(server.krb5Conf()).replaceAll("kdc = 127\\.0\\.0\\.1:\\d+", "kdc = 127.0.0.1:" + closedPort);
        java.nio.file.Path deadKdc = server.writeFile("dead-kdc.conf", conf);
        String previous = System.getProperty("java.security.krb5.conf");
        System.setProperty("java.security.krb5.conf", deadKdc.toString());
        try {
            assertThatThrownBy(() -> connect(config(server, KerberosServer.GSS_USER)))
                    .isInstanceOf(R2dbcException.class)
                    .hasMessageContaining("failed at the JAAS login (entry \"" + KerberosJvm.KEYTAB_ENTRY + "\")")
                    .hasMessageContaining("the Kerberos KDC cannot be reached");
        } finally {
            System.setProperty("java.security.krb5.conf", previous);
        }
    }

    @Test
    void aWrongServiceNameSaysSo() {
        assertThatThrownBy(() -> connect(config(server, KerberosServer.GSS_USER).kerberosServerName("wrongsvc")))
                .isInstanceOf(R2dbcException.class)
                .hasMessageContaining("GSSAPI sign-on to wrongsvc/localhost failed at initSecContext, the first token")
                .hasMessageContaining("the KDC does not know the server's service principal")
                .hasMessageContaining("check kerberosServerName");
    }

    @Test
    void channelBindingRequireRefusesGss() {
        assertThatThrownBy(() -> connect(config(server, KerberosServer.GSS_USER).sslMode(SslMode.REQUIRE)
                .channelBinding(ChannelBindingMode.REQUIRE)))
                .isInstanceOf(R2dbcPermissionDeniedException.class)
                .hasMessageContaining("channelBinding=require, but the server asked for GSSAPI authentication");
    }

    /** With GSS encryption off, a password role signs on as before beside the Kerberos ones. */
    @Test
    void aPasswordRoleIsUnaffected() {
        connected(config(server, KerberosServer.PASSWORD_USER).password(KerberosServer.PASSWORD).gssEncMode(GssEncMode.DISABLE),
                c -> assertThat(gssState(c)).startsWith("false,false"));
    }
}
