package io.pgfast.r2dbc;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.SslMode;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A fake server that reads the StartupMessage and answers with scripted bytes: every broken answer must
 * end in an R2dbcException within connectTimeout — never a hang — with no buffer leaked (the leak
 * detector runs at PARANOID in every test JVM).
 */
class ScriptedServerTest {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    private ServerSocket server;

    @AfterEach
    void close() throws IOException {
        if (server != null) {
            server.close();
        }
    }

    /** Starts a one-connection server: reads the startup packet, writes {@code answer}, then holds or closes. */
    private int serve(byte[] answer, boolean closeAfter) throws IOException {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        CompletableFuture.runAsync(() -> {
            try (Socket s = server.accept()) {
                InputStream in = s.getInputStream();
                byte[] len = in.readNBytes(4);
                int n = ((len[0] & 0xFF) << 24) | ((len[1] & 0xFF) << 16) | ((len[2] & 0xFF) << 8) | (len[3] & 0xFF);
                in.readNBytes(n - 4);
                OutputStream out = s.getOutputStream();
                out.write(answer);
                out.flush();
                if (!closeAfter) {
                    // silence: keep the socket open until the client gives up
                    while (in.read() >= 0) {
                        Thread.onSpinWait();
                    }
                }
            } catch (IOException ignored) {
                // the client closed the connection: expected
            }
        });
        return server.getLocalPort();
    }

    private Mono<?> connect(int port) {
        PgfastConnectionConfiguration config = PgfastConnectionConfiguration.builder()
                .host("127.0.0.1").port(port).username("u").password("secret-pw")
                .sslMode(SslMode.DISABLE).connectTimeout(CONNECT_TIMEOUT).build();
        return Mono.from(new PgfastConnectionFactory(config).create());
    }

    private void assertFailsFast(byte[] answer, boolean closeAfter, String messagePart) throws IOException {
        int port = serve(answer, closeAfter);
        // the wait is a hang guard only; what ended the attempt is told by the exception: connectTimeout only
        // where the answer leaves the client nothing else to go by (a truncated message)
        boolean byTimeout = messagePart.equals("connectTimeout");
        assertThatThrownBy(() -> connect(port).block(Duration.ofSeconds(60)))
                .isInstanceOf(R2dbcException.class)
                .satisfies(e -> assertThat(e instanceof R2dbcTimeoutException).as("ended by connectTimeout").isEqualTo(byTimeout))
                .hasMessageContaining(messagePart)
                .hasMessageNotContaining("secret-pw");
    }

    @Test
    void garbageBytes() throws IOException {
        assertFailsFast(new byte[] {'?', 1, 2, 3, 4, 5, 6, 7, 8, 9}, false, "");
    }

    @Test
    void lengthRunningPastTheEndThenSilence() throws IOException {
        // 'R' AuthenticationRequest claiming 100 bytes, only 4 of them sent: the timeout must end it
        assertFailsFast(new byte[] {'R', 0, 0, 0, 100, 0, 0, 0, 0}, false, "connectTimeout");
    }

    @Test
    void immediateClose() throws IOException {
        assertFailsFast(new byte[0], true, "closed");
    }

    @Test
    void negativeLength() throws IOException {
        assertFailsFast(new byte[] {'R', (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xF0, 0, 0, 0, 0}, false, "length");
    }

    @Test
    void oversizedMessage() throws IOException {
        // 2 GiB - 1: must be refused before anything is allocated for it
        assertFailsFast(new byte[] {'D', 0x7F, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0, 0}, false, "length");
    }

    @Test
    void unsupportedAuthenticationNamesTheMethod() throws IOException {
        // AuthenticationSSPI (code 9)
        assertFailsFast(new byte[] {'R', 0, 0, 0, 8, 0, 0, 0, 9}, false, "SSPI");
    }

    @Test
    void errorResponseDuringStartupIsMapped() throws IOException {
        byte[] body = "SFATAL\0C28P01\0Mpassword authentication failed for user \"u\"\0\0".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] msg = new byte[5 + body.length];
        msg[0] = 'E';
        int len = body.length + 4;
        msg[1] = (byte) (len >>> 24);
        msg[2] = (byte) (len >>> 16);
        msg[3] = (byte) (len >>> 8);
        msg[4] = (byte) len;
        System.arraycopy(body, 0, msg, 5, body.length);
        int port = serve(msg, true);
        assertThatThrownBy(() -> connect(port).block(Duration.ofSeconds(10)))
                .isInstanceOf(io.r2dbc.spi.R2dbcPermissionDeniedException.class)
                .hasMessageContaining("password authentication failed")
                .satisfies(e -> assertThat(e.toString()).contains("[28P01]"));
    }

    @Test
    void nothingListening() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        assertThatThrownBy(() -> connect(port).block(Duration.ofSeconds(10)))
                .isInstanceOf(io.r2dbc.spi.R2dbcNonTransientResourceException.class)
                .hasMessageContaining("cannot connect");
    }

    @Test
    void cancellingCreateClosesTheConnection() throws Exception {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        CompletableFuture<Long> closedAfter = CompletableFuture.supplyAsync(() -> {
            try (Socket s = server.accept()) {
                InputStream in = s.getInputStream();
                byte[] len = in.readNBytes(4);
                int n = ((len[0] & 0xFF) << 24) | ((len[1] & 0xFF) << 16) | ((len[2] & 0xFF) << 8) | (len[3] & 0xFF);
                in.readNBytes(n - 4);
                long start = System.nanoTime();
                // answer nothing; wait for the client to give up
                while (in.read() >= 0) {
                    Thread.onSpinWait();
                }
                return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            } catch (IOException e) {
                return -1L;
            }
        });
        PgfastConnectionConfiguration config = PgfastConnectionConfiguration.builder()
                .host("127.0.0.1").port(server.getLocalPort()).username("u").password("pw")
                .sslMode(SslMode.DISABLE).connectTimeout(Duration.ofMinutes(10)).build();
        reactor.core.Disposable pending = Mono.from(new PgfastConnectionFactory(config).create()).subscribe();
        Thread.sleep(300);
        pending.dispose();
        // the server sees the connection closed: connectTimeout (10 minutes) outlasts this wait, so only the
        // disposal can have closed it
        assertThat(closedAfter.get(60, TimeUnit.SECONDS)).isNotNegative();
    }
}
