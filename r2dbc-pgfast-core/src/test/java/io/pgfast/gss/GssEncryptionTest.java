package io.pgfast.gss;

import io.pgfast.config.ChannelBindingMode;
import io.pgfast.config.GssEncMode;
import io.pgfast.config.SslMode;
import io.pgfast.testing.KerberosServer;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcPermissionDeniedException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.core.publisher.Flux;

import java.util.List;

import static io.pgfast.gss.GssAuthenticationTest.TIMEOUT;
import static io.pgfast.gss.GssAuthenticationTest.config;
import static io.pgfast.gss.GssAuthenticationTest.connect;
import static io.pgfast.gss.GssAuthenticationTest.connected;
import static io.pgfast.gss.GssAuthenticationTest.tls;
import static io.pgfast.gss.GssAuthenticationTest.gssState;
import static io.pgfast.gss.GssAuthenticationTest.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * GSS transport encryption ({@code gssEncMode}) against a real MIT KDC and a PostgreSQL built with GSSAPI: the
 * server's own view ({@code pg_stat_gssapi.encrypted}) says whether the connection is encrypted. Results and
 * parameters far larger than one 16 kB packet cross it both ways; a cancelled huge result frees the
 * connection; prefer falls back to TLS without a ticket or without a hostgssenc line for the role.
 */
@Tag("kerberos")
@ExtendWith(KerberosJvm.class)
class GssEncryptionTest {

    private final KerberosServer server = KerberosJvm.server();

    @Test
    void requireEncryptsAndCarriesLargeMessagesBothWays() {
        connected(config(server, KerberosServer.GSS_USER).gssEncMode(GssEncMode.REQUIRE), c -> {
            assertThat(gssState(c)).isEqualTo("true,true," + KerberosServer.GSS_USER + "@" + server.realm());
            // 3 MB of rows in, a 200 kB parameter out: many packets each way, split anywhere in a message
            List<Integer> lengths = Flux.from(c.createStatement("SELECT repeat(md5(g::text), 20) FROM generate_series(1, 5000) g").execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, String.class).length())).collectList().block(TIMEOUT);
            assertThat(lengths).hasSize(5000).allMatch(l -> l == 640);
            String big = "é".repeat(100_000);
            Integer length = Flux.from(c.createStatement("SELECT length($1)").bind(0, big).execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).single().block(TIMEOUT);
            assertThat(length).isEqualTo(100_000);
        });
    }

    /**
     * Reads follow demand over the encryption too: ten rows of two billion, then the next statement answers,
     * which it could not within the wait if the rows were drained instead of cancelled.
     */
    @Test
    void aCancelledHugeResultFreesTheEncryptedConnection() {
        connected(config(server, KerberosServer.GSS_USER).gssEncMode(GssEncMode.REQUIRE), c -> {
            List<Integer> first = Flux.from(c.createStatement("SELECT generate_series(1, 2000000000)").execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).take(10).collectList().block(TIMEOUT);
            assertThat(first).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
            assertThat(text(c, "SELECT 'still here'")).isEqualTo("still here");
            assertThat(gssState(c)).startsWith("true,true");
        });
    }

    @Test
    void preferEncryptsWhenItCan() {
        connected(config(server, KerberosServer.GSS_USER).gssEncMode(GssEncMode.PREFER).sslMode(SslMode.PREFER), c -> {
            assertThat(gssState(c)).startsWith("true,true");
            assertThat(tls(c)).isEqualTo("false");
        });
    }

    /** The server takes GSS encryption, but the role has no hostgssenc line: prefer connects again, over TLS. */
    @Test
    void preferFallsBackToTlsWhenTheRoleHasNoHostgssencLine() {
        connected(config(server, KerberosServer.PASSWORD_USER).password(KerberosServer.PASSWORD)
                .gssEncMode(GssEncMode.PREFER).sslMode(SslMode.PREFER), c -> {
                assertThat(gssState(c)).startsWith("false,false");
                assertThat(tls(c)).isEqualTo("true");
        });
    }

    /** No Kerberos credentials: prefer does not even ask for GSS encryption, and goes on with sslMode. */
    @Test
    void preferWithoutATicketGoesOnWithTls() {
        connected(config(server, KerberosServer.PASSWORD_USER).password(KerberosServer.PASSWORD)
                .jaasApplicationName(KerberosJvm.NO_TICKET_ENTRY).gssEncMode(GssEncMode.PREFER).sslMode(SslMode.REQUIRE), c -> {
                assertThat(gssState(c)).startsWith("false,false");
                assertThat(tls(c)).isEqualTo("true");
        });
    }

    @Test
    void requireWithoutATicketSaysSo() {
        assertThatThrownBy(() -> connect(config(server, KerberosServer.GSS_USER).jaasApplicationName(KerberosJvm.NO_TICKET_ENTRY)
                .gssEncMode(GssEncMode.REQUIRE)))
                .isInstanceOf(R2dbcException.class)
                .hasMessageContaining("no Kerberos credentials")
                .hasMessageContaining("run kinit");
    }

    @Test
    void requireWithAWrongServiceNameSaysSo() {
        assertThatThrownBy(() -> connect(config(server, KerberosServer.GSS_USER).kerberosServerName("wrongsvc")
                .gssEncMode(GssEncMode.REQUIRE)))
                .isInstanceOf(R2dbcException.class)
                .hasMessageContaining("GSS encryption")
                .hasMessageContaining("the KDC does not know the server's service principal");
    }

    /** A GSS-encrypted sign-on has no channel binding either: channelBinding=require refuses it. */
    @Test
    void channelBindingRequireRefusesGssEncryption() {
        assertThatThrownBy(() -> connect(config(server, KerberosServer.GSS_USER).gssEncMode(GssEncMode.REQUIRE)
                .sslMode(SslMode.PREFER).channelBinding(ChannelBindingMode.REQUIRE)))
                .isInstanceOf(R2dbcPermissionDeniedException.class)
                .hasMessageContaining("channelBinding=require, but the server authenticated the client without channel binding");
    }
}
