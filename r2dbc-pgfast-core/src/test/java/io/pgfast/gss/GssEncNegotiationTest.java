package io.pgfast.gss;

import io.pgfast.config.GssEncMode;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.SslMode;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.KerberosServer;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.core.publisher.Mono;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The GSSENCRequest exchange against a scripted server (with real Kerberos credentials from the test realm, so
 * the driver gets as far as asking): bytes after 'G' that no client token asked for are refused as a man in
 * the middle's; 'N' fails {@code require}; with {@code prefer}, 'N' is followed on the same connection by the
 * SSLRequest and the startup, as libpq does.
 */
@Tag("kerberos")
@ExtendWith(KerberosJvm.class)
class GssEncNegotiationTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final int GSSENC_REQUEST = 80877104;
    private static final int SSL_REQUEST = 80877103;

    private ServerSocket listener;
    /** The request codes (or protocol versions) of the untyped packets the scripted server read, in order. */
    private final List<Integer> received = new CopyOnWriteArrayList<>();

    @BeforeEach
    void listen() throws IOException {
        listener = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"));
    }

    @AfterEach
    void close() throws IOException {
        listener.close();
    }

    /**
     * Serves one connection: for each answer, reads one untyped packet and writes the answer's bytes (in one
     * write, so the client reads them together); then closes it.
     */
    private CompletableFuture<Void> serve(byte[]... answers) {
        return CompletableFuture.runAsync(() -> {
            try (Socket s = listener.accept()) {
                s.setSoTimeout((int) TIMEOUT.toMillis());
                DataInputStream in = new DataInputStream(s.getInputStream());
                OutputStream out = s.getOutputStream();
                for (byte[] answer : answers) {
                    int length = in.readInt();
                    received.add(in.readInt());
                    in.skipNBytes(length - 8);
                    out.write(answer);
                    out.flush();
                }
            } catch (IOException e) {
                // the client closed the connection
            }
        });
    }

    private Mono<?> connect(GssEncMode mode) {
        PgfastConnectionConfiguration config = PgfastConnectionConfiguration.builder()
                .host(KerberosServer.HOST).port(listener.getLocalPort()).username(KerberosServer.GSS_USER)
                .sslMode(SslMode.PREFER).gssEncMode(mode).connectTimeout(TIMEOUT).build();
        return Mono.from(new PgfastConnectionFactory(config).create());
    }

    @Test
    void bytesInjectedAfterGAreRefused() throws Exception {
        CompletableFuture<Void> server = serve(new byte[] {'G', 'E', 0, 0, 0, 4});
        assertThatThrownBy(() -> connect(GssEncMode.REQUIRE).block(TIMEOUT))
                .isInstanceOf(R2dbcNonTransientResourceException.class)
                .hasMessageContaining("possible man-in-the-middle");
        server.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertThat(received).containsExactly(GSSENC_REQUEST);
    }

    @Test
    void requireRefusesAServerWithoutGssEncryption() throws Exception {
        CompletableFuture<Void> server = serve(new byte[] {'N'});
        assertThatThrownBy(() -> connect(GssEncMode.REQUIRE).block(TIMEOUT))
                .isInstanceOf(R2dbcNonTransientResourceException.class)
                .hasMessageContaining("the server does not offer GSS encryption");
        server.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertThat(received).containsExactly(GSSENC_REQUEST);
    }

    /** prefer: 'N', then SSLRequest on the same connection ('N' again), then the StartupMessage (protocol 3.0). */
    @Test
    void preferGoesOnWithSslRequestOnTheSameConnection() throws Exception {
        // after the startup message the scripted server closes: the attempt fails, which is not what is tested
        CompletableFuture<Void> server = serve(new byte[] {'N'}, new byte[] {'N'}, new byte[0]);
        assertThatThrownBy(() -> connect(GssEncMode.PREFER).block(TIMEOUT)).isInstanceOf(R2dbcNonTransientResourceException.class);
        server.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertThat(received).containsExactly(GSSENC_REQUEST, SSL_REQUEST, 3 << 16);
    }
}
