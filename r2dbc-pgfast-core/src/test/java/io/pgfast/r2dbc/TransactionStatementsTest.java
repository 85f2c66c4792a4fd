package io.pgfast.r2dbc;

import io.r2dbc.spi.IsolationLevel;
import io.r2dbc.spi.Option;
import io.r2dbc.spi.TransactionDefinition;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static io.pgfast.testing.TestDb.definition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TransactionStatementsTest {

    @Test
    void oneBeginCarriesTheWholeDefinition() {
        Map<Option<?>, Object> a = new HashMap<>();
        a.put(TransactionDefinition.ISOLATION_LEVEL, IsolationLevel.SERIALIZABLE);
        a.put(TransactionDefinition.READ_ONLY, true);
        a.put(PgfastTransactionDefinition.DEFERRABLE, true);
        a.put(TransactionDefinition.LOCK_WAIT_TIMEOUT, Duration.ofSeconds(5));
        a.put(TransactionDefinition.NAME, "ignored");
        assertThat(TransactionStatements.begin(definition(a)))
                .isEqualTo("BEGIN ISOLATION LEVEL SERIALIZABLE READ ONLY DEFERRABLE; SET LOCAL lock_timeout = 5000");
    }

    @Test
    void plainBegin() {
        assertThat(TransactionStatements.begin(null)).isEqualTo("BEGIN");
        assertThat(TransactionStatements.begin(definition(Map.of(TransactionDefinition.READ_ONLY, false)))).isEqualTo("BEGIN READ WRITE");
    }

    @Test
    void unknownIsolationLevelIsRefused() {
        assertThatThrownBy(() -> TransactionStatements.isolationSql(IsolationLevel.valueOf("SNAPSHOT; DROP TABLE x")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void savepointNamesAreQuotedIdentifiers() {
        assertThat(TransactionStatements.identifier("s1")).isEqualTo("\"s1\"");
        assertThat(TransactionStatements.identifier("a\"; ROLLBACK; --")).isEqualTo("\"a\"\"; ROLLBACK; --\"");
        assertThatThrownBy(() -> TransactionStatements.identifier("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TransactionStatements.identifier("a\0b")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void returningIsAppendedOnlyToDml() {
        assertThat(PgfastStatement.withReturning("INSERT INTO t VALUES ($1);", new String[] {"id"})).isEqualTo("INSERT INTO t VALUES ($1) RETURNING \"id\"");
        assertThat(PgfastStatement.withReturning("UPDATE t SET a = 1", new String[0])).isEqualTo("UPDATE t SET a = 1 RETURNING *");
        assertThat(PgfastStatement.withReturning("DELETE FROM t RETURNING id", new String[] {"x"})).isEqualTo("DELETE FROM t RETURNING id");
        assertThat(PgfastStatement.withReturning("SELECT 1", new String[] {"x"})).isEqualTo("SELECT 1");
    }
}
