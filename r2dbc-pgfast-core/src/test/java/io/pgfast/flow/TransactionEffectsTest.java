package io.pgfast.flow;

import io.pgfast.protocol.backend.TransactionStatus;
import io.pgfast.transport.TransactionOutcome;
import io.pgfast.transport.TransactionOutcome.Commit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static io.pgfast.protocol.backend.TransactionStatus.FAILED;
import static io.pgfast.protocol.backend.TransactionStatus.IDLE;
import static io.pgfast.protocol.backend.TransactionStatus.IN_TRANSACTION;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What SQL cut off by a lost connection may have committed, and the status it leaves for the statement after it: a
 * COMMIT of a live block and anything outside a block may have committed; inside a block, or in a failed one,
 * nothing can have. Keywords in strings and comments do not count.
 */
class TransactionEffectsTest {

    @ParameterizedTest(name = "{1}: {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            // in auto-commit every statement commits on its own
            "SELECT 1                                   | IDLE           | AUTO     | IDLE",
            "INSERT INTO t VALUES (1)                   | IDLE           | AUTO     | IDLE",
            "INSERT INTO t VALUES (1); SELECT 2         | IDLE           | AUTO     | IDLE",
            "~~                                         | IDLE           | NONE     | IDLE",
            "~ ; -- nothing~                            | IDLE           | NONE     | IDLE",
            // transaction commands
            "BEGIN                                      | IDLE           | NONE     | IN_TRANSACTION",
            "begin isolation level serializable         | IDLE           | NONE     | IN_TRANSACTION",
            "START TRANSACTION READ ONLY                | IDLE           | NONE     | IN_TRANSACTION",
            "BEGIN; SET LOCAL lock_timeout = 5          | IDLE           | NONE     | IN_TRANSACTION",
            "COMMIT                                     | IN_TRANSACTION | EXPLICIT | IDLE",
            "end                                        | IN_TRANSACTION | EXPLICIT | IDLE",
            "COMMIT AND CHAIN                           | IN_TRANSACTION | EXPLICIT | IN_TRANSACTION",
            "COMMIT AND NO CHAIN                        | IN_TRANSACTION | EXPLICIT | IDLE",
            "COMMIT                                     | FAILED         | NONE     | IDLE",
            "COMMIT                                     | IDLE           | NONE     | IDLE",
            "ROLLBACK                                   | IN_TRANSACTION | NONE     | IDLE",
            "ABORT                                      | FAILED         | NONE     | IDLE",
            "ROLLBACK AND CHAIN                         | FAILED         | NONE     | IN_TRANSACTION",
            "ROLLBACK TO SAVEPOINT s                    | FAILED         | NONE     | IN_TRANSACTION",
            "ROLLBACK WORK TO SAVEPOINT s               | FAILED         | NONE     | IN_TRANSACTION",
            "rollback transaction to s                  | FAILED         | NONE     | IN_TRANSACTION",
            "ROLLBACK WORK TO s; COMMIT                 | IN_TRANSACTION | EXPLICIT | IDLE",
            "ROLLBACK WORK                              | IN_TRANSACTION | NONE     | IDLE",
            "PREPARE TRANSACTION 'tx'                   | IN_TRANSACTION | EXPLICIT | IDLE",
            "COMMIT PREPARED 'tx'                       | IDLE           | EXPLICIT | IDLE",
            "ROLLBACK PREPARED 'tx'                     | IDLE           | AUTO     | IDLE",
            // statements inside a block commit nothing by themselves
            "INSERT INTO t VALUES (1)                   | IN_TRANSACTION | NONE     | IN_TRANSACTION",
            "SELECT 1                                   | FAILED         | NONE     | FAILED",
            "INSERT INTO t VALUES (1); COMMIT           | IN_TRANSACTION | EXPLICIT | IDLE",
            "BEGIN; INSERT INTO t VALUES (1); COMMIT    | IDLE           | EXPLICIT | IDLE",
            "BEGIN; INSERT INTO t VALUES (1)            | IDLE           | NONE     | IN_TRANSACTION",
            "COMMIT; INSERT INTO t VALUES (1)           | IN_TRANSACTION | EXPLICIT | IDLE",
            // words in literals, identifiers and comments are no commands
            "SELECT 'COMMIT'                            | IN_TRANSACTION | NONE     | IN_TRANSACTION",
            "/* COMMIT */ SELECT 1                      | IN_TRANSACTION | NONE     | IN_TRANSACTION",
            "SELECT $$; COMMIT$$                        | IN_TRANSACTION | NONE     | IN_TRANSACTION",
            "SELECT \"commit\" FROM t                   | IN_TRANSACTION | NONE     | IN_TRANSACTION",
    })
    void classifies(String sql, TransactionStatus before, Commit commit, TransactionStatus after) {
        assertThat(TransactionEffects.of(sql, before)).isEqualTo(new TransactionOutcome(commit, after));
    }
}
