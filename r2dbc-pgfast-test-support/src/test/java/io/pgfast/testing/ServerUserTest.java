package io.pgfast.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Each way of running PostgreSQL as root (where it works on this machine) brings up a cluster and cleans up. */
@RequiresPostgres
class ServerUserTest {

    static Stream<ServerUser> rootWrappers() {
        return Stream.of(ServerUser.unshare(), ServerUser.runuser(), ServerUser.setpriv());
    }

    @Test
    void nonRootRunsDirectly() {
        Assumptions.assumeFalse(ServerUser.runningAsRoot(), "running as root");
        assertThat(ServerUser.current().prefix()).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("rootWrappers")
    void clusterStartsAndStopsThisWay(ServerUser user) throws Exception {
        Assumptions.assumeTrue(ServerUser.runningAsRoot(), "not root");
        Assumptions.assumeTrue(user.works(), () -> user.description() + " does not work here");
        PgBinaries binaries = BinaryDistribution.fromClasspath(HarnessSettings.fromEnvironment().cacheRoot(),
                new ArrayList<>()).orElseThrow();

        LocalCluster cluster = LocalCluster.start(binaries, user, HbaConfig.SUPERUSER,
                new HbaConfig(List.of("127.0.0.1/32"), false), false);
        Path socket;
        try {
            ServerAddress address = cluster.address();
            socket = address.socketDirectory().orElseThrow();
            String url = Jdbc.url(address.host(), address.port(), "postgres", Map.of(
                    "user", HbaConfig.SUPERUSER, "password", HbaConfig.SUPERUSER + "_pw", "sslmode", "disable"));
            try (Connection c = Jdbc.connect(url); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT current_setting('ssl'), current_setting('fsync')")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("off");
                assertThat(rs.getString(2)).isEqualTo("off");
            }
        } finally {
            cluster.stop();
        }
        assertThat(socket).doesNotExist();
        assertThat(Files.exists(socket.getParent())).isFalse();
    }
}
