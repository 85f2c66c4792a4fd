package io.pgfast.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

@RequiresPostgres
class LocalClusterFailureTest {

    @Test
    void failedStartReportsTheServerLogAndLeavesNothingBehind() throws IOException {
        PgBinaries binaries = BinaryDistribution.fromClasspath(HarnessSettings.fromEnvironment().cacheRoot(),
                new ArrayList<>()).orElseThrow();
        Set<Path> before = clusterDirectories();
        // postgres refuses to start when a pg_hba.conf line is invalid (a CIDR mask beyond 32 bits)
        HbaConfig broken = new HbaConfig(List.of("127.0.0.1/33"), false);

        assertThatThrownBy(() -> LocalCluster.start(binaries, HbaConfig.SUPERUSER, broken, false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("PostgreSQL did not start")
                .hasMessageContaining("--- server log")
                .hasMessageContaining("pg_hba.conf");

        assertThat(clusterDirectories()).isSubsetOf(before);
        assertThat(postgresProcessesOutside(before)).isEmpty();
    }

    private static Set<Path> clusterDirectories() throws IOException {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        try (Stream<Path> entries = Files.list(tmp)) {
            return entries.filter(p -> p.getFileName().toString().startsWith("pgfast-cluster-"))
                    .collect(Collectors.toSet());
        }
    }

    private static List<String> postgresProcessesOutside(Set<Path> known) {
        return ProcessHandle.allProcesses()
                .map(p -> p.info().commandLine())
                .flatMap(Optional::stream)
                .filter(cmd -> cmd.contains("pgfast-cluster-"))
                .filter(cmd -> known.stream().noneMatch(dir -> cmd.contains(dir.toString())))
                .toList();
    }
}
