package io.pgfast.reliability;

import io.pgfast.config.GssEncMode;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.SslMode;
import io.pgfast.gss.KerberosJvm;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.KerberosServer;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.ValidationDepth;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Faults under GSS encryption, injected by {@link FaultProxy} between the driver and a Kerberos-enabled server:
 * the packets reassembled from 1-byte fragments; a flipped byte inside a wrapped packet (GSSAPI's integrity
 * check refuses it) and a connection closed mid-result each fail the statement with an R2dbcException and
 * leave the connection closed, never hanging. Positions are server-to-client bytes far past the set-up
 * (about 1 kB): inside the 100 kB result.
 */
@Tag("kerberos")
@ExtendWith(KerberosJvm.class)
class GssEncryptionFaultTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** 400 rows of 256 characters: about 100 kB, seven packets and more. */
    private static final String RESULT = "SELECT repeat(md5(g::text), 8) FROM generate_series(1, 400) g";
    private static final long INSIDE_THE_RESULT = 40_000;

    private final KerberosServer server = KerberosJvm.server();
    private FaultProxy proxy;

    @BeforeEach
    void proxy() {
        proxy = FaultProxy.to("127.0.0.1", server.port());
    }

    @AfterEach
    void close() {
        proxy.close();
    }

    private Connection connect() {
        PgfastConnectionConfiguration config = PgfastConnectionConfiguration.builder()
                // the principal is postgres/localhost whatever port the proxy listens on
                .host(KerberosServer.HOST).port(proxy.port()).database(server.database()).username(KerberosServer.GSS_USER)
                .sslMode(SslMode.DISABLE).gssEncMode(GssEncMode.REQUIRE).connectTimeout(TIMEOUT).build();
        return Mono.from(new PgfastConnectionFactory(config).create()).block(TIMEOUT);
    }

    private static Mono<List<Integer>> lengths(Connection c, String sql) {
        return Flux.from(c.createStatement(sql).execute()).concatMap(r -> r.map((row, md) -> row.get(0, String.class).length()))
                .collectList();
    }

    @Test
    void packetsInOneByteFragmentsAreReassembled() {
        proxy.faultNext(Fault.everywhere(Fault.Kind.FRAGMENT, Duration.ZERO));
        Connection c = connect();
        try {
            // one DataRow of 17 kB: two packets
            assertThat(lengths(c, "SELECT repeat('x', 17000)").block(TIMEOUT)).containsExactly(17000);
        } finally {
            Mono.from(c.close()).block(TIMEOUT);
        }
    }

    @Test
    void aFlippedByteInAPacketFailsTheStatementAndTheConnection() {
        proxy.faultNext(Fault.at(Fault.Kind.CORRUPT, Fault.Direction.TO_CLIENT, INSIDE_THE_RESULT));
        assertFailsAndCloses("GSS encryption with postgres/localhost: unwrap failed");
    }

    @Test
    void aConnectionClosedMidPacketFailsTheStatement() {
        proxy.faultNext(Fault.at(Fault.Kind.CLOSE, Fault.Direction.TO_CLIENT, INSIDE_THE_RESULT));
        assertFailsAndCloses("closed");
    }

    private void assertFailsAndCloses(String messagePart) {
        Connection c = connect();
        try {
            assertThatThrownBy(() -> lengths(c, RESULT).block(TIMEOUT)).isInstanceOf(R2dbcNonTransientResourceException.class)
                    .hasMessageContaining(messagePart);
            assertThat(Mono.from(c.validate(ValidationDepth.LOCAL)).block(TIMEOUT)).isFalse();
        } finally {
            Mono.from(c.close()).onErrorResume(e -> Mono.empty()).block(TIMEOUT);
        }
    }
}
