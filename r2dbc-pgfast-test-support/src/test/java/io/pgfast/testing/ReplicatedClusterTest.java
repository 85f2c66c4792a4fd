package io.pgfast.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The fallback of machines without pg_basebackup: a standby made from a cold copy of the stopped primary. */
@RequiresPostgres
class ReplicatedClusterTest {

    @Test
    void coldCopyMakesAStreamingStandby() throws SQLException {
        ReplicationBinaries chosen = ReplicationBinaries.choose();
        ReplicatedCluster pair = ReplicatedCluster.start(new ReplicationBinaries(chosen.server(), Optional.empty(), "cold copy test"));
        try {
            assertThat(pair.method()).contains("cold copy");
            assertThat(recovery(pair.primaryPort())).isFalse();
            assertThat(recovery(pair.replicaPort())).isTrue();
            pair.stopReplica();
            pair.startReplica();
            assertThat(recovery(pair.replicaPort())).isTrue();
        } finally {
            pair.stop();
        }
    }

    private static boolean recovery(int port) throws SQLException {
        try (Connection c = Jdbc.connect(Jdbc.url(LocalCluster.HOST, port, ReplicatedCluster.DATABASE,
                Map.of("user", ReplicatedCluster.USER, "password", ReplicatedCluster.PASSWORD, "sslmode", "disable")));
             Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT pg_is_in_recovery()")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }
}
