package io.pgfast.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import io.pgfast.testing.RequiresPostgres;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Spring's R2dbcTransactionManager hands the whole {@code @Transactional} definition to
 * {@code Connection.beginTransaction(definition)}; the driver must send it as one BEGIN, with no separate
 * {@code SET TRANSACTION} after it.
 */
@RequiresPostgres
class TransactionDefinitionTest extends PostgresBackedTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @Autowired
    TransactionProbe probe;

    @Test
    void serializableReadOnlyIsOneBegin() {
        TransactionProbe.Observed seen = probe.serializableReadOnly().block(TIMEOUT);
        assertThat(seen.openingStatements()).containsExactly("BEGIN ISOLATION LEVEL SERIALIZABLE READ ONLY");
        assertThat(seen.isolation()).isEqualTo("serializable");
        assertThat(seen.readOnly()).isEqualTo("on");
    }

    @Test
    void serializableReadWriteIsOneBegin() {
        TransactionProbe.Observed seen = probe.serializable().block(TIMEOUT);
        assertThat(seen.openingStatements()).containsExactly("BEGIN ISOLATION LEVEL SERIALIZABLE READ WRITE");
        assertThat(seen.isolation()).isEqualTo("serializable");
        assertThat(seen.readOnly()).isEqualTo("off");
    }

    @Test
    void timeoutBecomesTheTransactionsLockTimeoutInTheSameRoundTrip() {
        TransactionProbe.Observed seen = probe.repeatableReadWithTimeout().block(TIMEOUT);
        assertThat(seen.openingStatements())
                .containsExactly("BEGIN ISOLATION LEVEL REPEATABLE READ READ WRITE; SET LOCAL lock_timeout = 7000");
        assertThat(seen.isolation()).isEqualTo("repeatable read");
        assertThat(seen.lockTimeout()).isEqualTo("7s");
    }

    @Test
    void defaultDefinitionLeavesTheServersDefaults() {
        TransactionProbe.Observed seen = probe.defaults().block(TIMEOUT);
        assertThat(seen.openingStatements()).containsExactly("BEGIN READ WRITE");
        assertThat(seen.isolation()).isEqualTo("read committed");
        assertThat(seen.readOnly()).isEqualTo("off");
        assertThat(seen.lockTimeout()).isEqualTo("0");
    }

    @Test
    void settingsDoNotLeakIntoTheNextTransactionOnAPooledConnection() {
        for (int i = 0; i < 3; i++) {
            assertThat(probe.serializableReadOnly().block(TIMEOUT).isolation()).isEqualTo("serializable");
            TransactionProbe.Observed after = probe.defaults().block(TIMEOUT);
            assertThat(after.isolation()).isEqualTo("read committed");
            assertThat(after.readOnly()).isEqualTo("off");
        }
    }
}
