package io.pgfast.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

@RequiresPostgres
class LocalClusterFailureTest {
    private static final Pattern CLUSTER = Pattern.compile("cluster (\\S+)/data");

    @Test
    void failedStartReportsTheServerLogAndLeavesNothingBehind() {
        PgBinaries binaries = BinaryDistribution.fromClasspath(HarnessSettings.fromEnvironment().cacheRoot(),
                new ArrayList<>()).orElseThrow();
        // postgres refuses to start when a pg_hba.conf line is invalid (a CIDR mask beyond 32 bits)
        HbaConfig broken = new HbaConfig(List.of("127.0.0.1/33"), false);

        IllegalStateException failure = catchThrowableOfType(IllegalStateException.class,
                () -> LocalCluster.start(binaries, HbaConfig.SUPERUSER, broken, false));

        assertThat(failure).hasMessageContaining("PostgreSQL did not start")
                .hasMessageContaining("--- server log")
                .hasMessageContaining("invalid CIDR mask")
                .hasMessageContaining("pg_hba.conf");
        Matcher m = CLUSTER.matcher(failure.getMessage());
        assertThat(m.find()).as("message names the cluster directory").isTrue();
        Path base = Path.of(m.group(1));
        assertThat(base).doesNotExist();
        // a killed process can stay listed for a moment on a loaded machine: allow it a few seconds to go
        List<String> left = processesMentioning(base);
        for (int i = 0; i < 50 && !left.isEmpty(); i++) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            left = processesMentioning(base);
        }
        assertThat(left).isEmpty();
    }

    private static List<String> processesMentioning(Path directory) {
        return ProcessHandle.allProcesses()
                .map(p -> p.info().commandLine())
                .flatMap(Optional::stream)
                .filter(cmd -> cmd.contains(directory.toString()))
                .toList();
    }
}
