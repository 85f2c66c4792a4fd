package io.pgfast.transport;

import io.netty.channel.unix.UnixChannel;
import io.pgfast.config.SslMode;
import io.pgfast.flow.CommandFlow;
import io.pgfast.testing.LeakChecker;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestServer;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.ArrayList;
import java.util.List;

import static io.pgfast.transport.TestTransports.TIMEOUT;
import static io.pgfast.transport.TestTransports.config;
import static io.pgfast.transport.TestTransports.connect;
import static io.pgfast.transport.TestTransports.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Flushes go straight to the socket on a plaintext connection on a native transport, and through the channel when TLS is in
 * the pipeline. A flush larger than the socket takes at once leaves its rest to the channel, and what is
 * written after it waits behind that rest: the server receives everything in order. Against the real server.
 */
@RequiresPostgres
class SocketWriterTest {

    @Test
    void plaintextFlushesGoStraightToTheSocketAndStayInOrderBehindARestTheChannelQueues() {
        LeakChecker.collectLeaks();
        Transport transport = connect(config());
        assumeTrue(transport.channel() instanceof UnixChannel, "direct writes are made on a native transport only");
        try {
            long before = directWrites(transport);
            for (int i = 0; i < 10; i++) {
                assertThat(rows(transport, "SELECT " + i)).containsExactly(String.valueOf(i));
            }
            assertThat(directWrites(transport) - before).as("ten statements, ten sends straight to the socket").isEqualTo(10);

            // 16 MB of query text, more than a socket's send buffer takes at once, and statements submitted right
            // behind it: whatever the socket did not take is queued in the channel, and they queue behind it
            int length = 16 << 20;
            String big = "SELECT length('" + "x".repeat(length) + "')";
            List<Mono<List<String>>> answers = new ArrayList<>();
            answers.add(CommandFlow.textRows(transport, big).map(TestTransports::firstColumn));
            for (int i = 0; i < 20; i++) {
                answers.add(CommandFlow.textRows(transport, "SELECT 'after " + i + "'").map(TestTransports::firstColumn));
            }
            List<List<String>> got = Flux.mergeSequential(answers).collectList().block(TIMEOUT);
            assertThat(got.get(0)).containsExactly(String.valueOf(length));
            for (int i = 0; i < 20; i++) {
                assertThat(got.get(i + 1)).containsExactly("after " + i);
            }
            assertThat(rows(transport, "SELECT 'last'")).containsExactly("last");
        } finally {
            transport.close().block(TIMEOUT);
        }
        assertThat(LeakChecker.collectLeaks()).isEmpty();
    }

    @Test
    void withTlsEveryFlushGoesThroughTheChannel() {
        TestServer s = TestPostgres.get();
        Transport transport = connect(config().sslMode(SslMode.VERIFY_FULL).sslRootCert(s.caCert()));
        try {
            for (int i = 0; i < 5; i++) {
                assertThat(rows(transport, "SELECT " + i)).containsExactly(String.valueOf(i));
            }
            assertThat(directWrites(transport)).isZero();
        } finally {
            transport.close().block(TIMEOUT);
        }
    }

    /** The writer's count is the event loop's: read it there. */
    private static long directWrites(Transport transport) {
        return transport.eventLoop().submit(transport::directWrites).syncUninterruptibly().getNow();
    }
}
