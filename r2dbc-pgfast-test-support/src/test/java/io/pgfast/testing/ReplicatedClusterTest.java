package io.pgfast.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The pair's own machinery: a standby copied with the low-level backup API (the path of machines without a
 * pg_basebackup of the server's major), and a synchronous pair failing over and back, once per way of failing.
 */
@RequiresPostgres
class ReplicatedClusterTest {

    @Test
    void theLowLevelBackupApiMakesAStreamingStandby() throws SQLException {
        ReplicatedCluster pair = ReplicatedCluster.start(ReplicationBinaries.choose().withoutBaseBackup(), false);
        try {
            assertThat(pair.method()).contains("low-level backup API");
            assertThat(recovery(pair.primaryPort())).isFalse();
            assertThat(recovery(pair.replicaPort())).isTrue();
            pair.stopReplica();
            pair.startReplica();
            assertThat(recovery(pair.replicaPort())).isTrue();
        } finally {
            pair.stop();
        }
    }

    /** Fail, promote, rebuild, and again the other way: each server ends where it began, rows kept, synchronous. */
    @Test
    void aSynchronousPairFailsOverAndBack() throws SQLException {
        ReplicatedCluster pair = ReplicatedCluster.startSynchronous();
        try {
            int first = pair.primaryPort();
            int second = pair.replicaPort();
            assertThat(synchronousStandbys(first)).isEqualTo(1);
            execute(first, "CREATE TABLE failover_rows (v int)", "INSERT INTO failover_rows VALUES (1)");

            pair.failPrimary(PrimaryFailure.KILL_POSTMASTER);
            pair.promoteStandby();
            assertThat(pair.primaryPort()).isEqualTo(second);
            assertThat(recovery(second)).isFalse();
            // no standby yet: the promoted server commits on its own
            execute(second, "INSERT INTO failover_rows VALUES (2)");
            assertThat(synchronousStandbys(second)).isZero();

            pair.rebuildStandby();
            assertThat(pair.replicaPort()).isEqualTo(first);
            assertThat(recovery(first)).isTrue();
            assertThat(synchronousStandbys(second)).isEqualTo(1);

            pair.failPrimary(PrimaryFailure.IMMEDIATE_SHUTDOWN);
            pair.promoteStandby();
            assertThat(pair.primaryPort()).isEqualTo(first);
            assertThat(sum(first)).isEqualTo(3);
            pair.rebuildStandby();
            assertThat(recovery(second)).isTrue();
            assertThat(synchronousStandbys(first)).isEqualTo(1);
        } finally {
            pair.stop();
        }
    }

    private static Connection connect(int port) throws SQLException {
        return Jdbc.connect(Jdbc.url(LocalCluster.HOST, port, ReplicatedCluster.DATABASE,
                Map.of("user", ReplicatedCluster.USER, "password", ReplicatedCluster.PASSWORD, "sslmode", "disable")));
    }

    private static void execute(int port, String... sql) throws SQLException {
        try (Connection c = connect(port)) {
            Jdbc.execute(c, sql);
        }
    }

    private static long query(int port, String sql) throws SQLException {
        try (Connection c = connect(port); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static boolean recovery(int port) throws SQLException {
        return query(port, "SELECT pg_is_in_recovery()::int") == 1;
    }

    private static long synchronousStandbys(int port) throws SQLException {
        return query(port, "SELECT count(*) FROM pg_stat_replication WHERE sync_state = 'sync'");
    }

    private static long sum(int port) throws SQLException {
        return query(port, "SELECT sum(v) FROM failover_rows");
    }
}
