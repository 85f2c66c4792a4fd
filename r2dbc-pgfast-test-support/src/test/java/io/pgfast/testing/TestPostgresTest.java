package io.pgfast.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.List;

import org.junit.jupiter.api.Test;

@RequiresPostgres
class TestPostgresTest {

    @Test
    void serverAnswersAsSuperuser() throws Exception {
        TestServer server = TestPostgres.get();
        try (Connection c = server.jdbc(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT current_user, current_database(), rolsuper"
                     + " FROM pg_roles WHERE rolname = current_user")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo(server.superuser());
            assertThat(rs.getString(2)).isEqualTo(server.database());
            assertThat(rs.getBoolean(3)).isTrue();
        }
        assertThat(server.serverVersion()).startsWith(server.majorVersion() + ".");
        assertThat(server.jdbcUrl()).startsWith("jdbc:postgresql://" + server.host() + ":" + server.port() + "/");
    }

    @Test
    void startingTwiceReturnsTheSameServer() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<CompletableFuture<TestServer>> calls = List.of(
                    CompletableFuture.supplyAsync(TestPostgres::get, pool),
                    CompletableFuture.supplyAsync(TestPostgres::get, pool),
                    CompletableFuture.supplyAsync(TestPostgres::get, pool));
            TestServer first = TestPostgres.get();
            for (CompletableFuture<TestServer> call : calls) {
                assertThat(call.get()).isSameAs(first);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void executeRunsStatementsInOrderAsSuperuser() throws Exception {
        TestServer server = TestPostgres.get();
        server.execute("DROP TABLE IF EXISTS harness_execute", "CREATE TABLE harness_execute (v int)",
                "INSERT INTO harness_execute VALUES (42)");
        try (Connection c = server.jdbc(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT v FROM harness_execute")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(42);
        } finally {
            server.execute("DROP TABLE harness_execute");
        }
    }

    @Test
    void failingStatementIsNamedInTheException() {
        TestServer server = TestPostgres.get();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> server.execute("SELECT no_such_column"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("SELECT no_such_column");
    }
}
