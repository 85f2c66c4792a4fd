package io.pgfast.flow;

import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.error.PgfastClientException;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code beginTransaction()} in an idle session does not wait for the server: the BEGIN goes out and the next
 * statement is written behind it before any answer (one round trip less per transaction, as pgjdbc); the
 * connection counts the transaction as open meanwhile; a BEGIN that fails fails the next commit.
 */
class PipelinedBeginFlowTest extends ScriptedFlowTest {

    @Test
    void theStatementAfterBeginIsWrittenBeforeBeginIsAnswered() {
        server = ScriptedServer.start();
        connection = server.connect();
        // the server answers nothing until it has both the BEGIN and the SELECT
        server.expect('Q').expect('Q')
                .send(new CommandComplete("BEGIN"), ReadyForQuery.IN_TRANSACTION)
                .send(FlowKind.description(), FlowKind.SIMPLE.row(1), new CommandComplete("SELECT 1"), ReadyForQuery.IN_TRANSACTION);
        Mono.from(connection.beginTransaction()).block(BOUND);
        assertThat(connection.isAutoCommit()).as("a BEGIN on its way counts as an open transaction").isFalse();
        assertThat(FlowKind.SIMPLE.run(connection).collectList().block(BOUND)).containsExactly(1);
        server.awaitScript();
        assertThat(connection.isAutoCommit()).isFalse();

        server.expect('Q').send(new CommandComplete("COMMIT"), ReadyForQuery.IDLE);
        Mono.from(connection.commitTransaction()).block(BOUND);
        server.awaitScript();
        assertThat(connection.isAutoCommit()).isTrue();
        assertThat(server.receivedTypes()).endsWith("QQQ");
    }

    @Test
    void aBeginThatFailedFailsTheNextCommit() {
        server = ScriptedServer.start();
        connection = server.connect();
        server.expect('Q')
                .send(new ErrorResponse(Map.of('S', "ERROR", 'V', "ERROR", 'C', "53200", 'M', "out of memory")), ReadyForQuery.IDLE);
        Mono.from(connection.beginTransaction()).block(BOUND);
        server.awaitScript();
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!connection.isAutoCommit()) {
            assertThat(System.nanoTime()).as("the failed BEGIN's answer was never taken").isLessThan(deadline);
            Thread.onSpinWait();
        }
        assertThatThrownBy(() -> Mono.from(connection.commitTransaction()).block(BOUND))
                .isInstanceOf(PgfastClientException.class)
                .hasMessageContaining("BEGIN failed")
                .hasMessageContaining("out of memory");
        // reported once: the connection is idle and usable
        Mono.from(connection.commitTransaction()).block(BOUND);
        assertThat(connection.isAutoCommit()).isTrue();
    }
}
