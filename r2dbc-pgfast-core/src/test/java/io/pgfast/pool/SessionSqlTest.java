package io.pgfast.pool;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** What a shared connection refuses: session changes, recognised as code only (not in literals or comments). */
class SessionSqlTest {

    @ParameterizedTest
    @ValueSource(strings = {"SET search_path = x", "set local work_mem = '1MB'", "  RESET ALL", "LISTEN chan", "UNLISTEN *",
            "BEGIN", "begin isolation level serializable", "START TRANSACTION", "COMMIT", "END", "ROLLBACK", "ABORT",
            "SAVEPOINT s", "RELEASE s", "PREPARE TRANSACTION 'x'", "PREPARE q AS SELECT 1", "DEALLOCATE ALL",
            "DISCARD ALL", "DECLARE c CURSOR FOR SELECT 1", "LOCK TABLE t", "CREATE TEMP TABLE t (a int)",
            "create temporary table t (a int)", "CREATE LOCAL TEMP TABLE t (a int)", "CREATE GLOBAL TEMPORARY TABLE t (a int)",
            "CREATE OR REPLACE TEMP VIEW v AS SELECT 1", "SELECT pg_advisory_lock(1)", "SELECT PG_TRY_ADVISORY_LOCK_SHARED(1)",
            "SELECT pg_advisory_unlock_all()", "SELECT set_config('search_path', 'x', false)", "SELECT 1; SET x = 1",
            "/* c */ -- d\n SET x = 1", "INSERT INTO t VALUES (1); BEGIN"})
    void refused(String sql) {
        String refusal = SessionSql.refusal(sql);
        assertThat(refusal).as(sql).isNotNull();
        SessionSqlVerdicts kept = new SessionSqlVerdicts(4);
        assertThat(kept.refusal(sql)).as(sql).isEqualTo(refusal);
        assertThat(kept.refusal(new String(sql))).as("kept, " + sql).isEqualTo(refusal);
        assertThat(kept.size()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT 1", "SELECT 'SET x = 1'", "-- SET x\nSELECT 1", "/* BEGIN */ SELECT 1",
            "SELECT \"set_config\" FROM t", "SELECT $$ pg_advisory_lock(1) $$", "SELECT pg_advisory_xact_lock(1)",
            "SELECT pg_try_advisory_xact_lock_shared(1)", "NOTIFY chan, 'x'", "CREATE TABLE t (a int)",
            "UPDATE t SET a = 1", "INSERT INTO t (begin) VALUES (1)", "WITH x AS (SELECT 1) SELECT * FROM x", "",
            "SELECT current_setting('search_path')", "VALUES (1); SELECT 2"})
    void allowed(String sql) {
        assertThat(SessionSql.refusal(sql)).as(sql).isNull();
        SessionSqlVerdicts kept = new SessionSqlVerdicts(4);
        assertThat(kept.refusal(sql)).as(sql).isNull();
        assertThat(kept.refusal(new String(sql))).as("kept, " + sql).isNull();
        assertThat(kept.size()).isEqualTo(1);
    }

    /** Texts made per call do not grow the verdicts kept past their limit, and each still gets its own verdict. */
    @Test
    void verdictsKeptAreBounded() {
        SessionSqlVerdicts kept = new SessionSqlVerdicts(8);
        for (int i = 0; i < 100; i++) {
            assertThat(kept.refusal("SELECT " + i)).isNull();
            assertThat(kept.refusal("SET x = " + i)).isEqualTo("SET");
            assertThat(kept.size()).isBetween(1, 8);
        }
    }
}
