package io.pgfast.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Optional;
import java.util.OptionalInt;

import org.junit.jupiter.api.Test;

class ServerSelectionTest {

    @Test
    void dockerProbeAnswersWithinItsDeadlineAndNeverThrows() {
        long begin = System.nanoTime();
        Optional<String> reason = DockerProbe.unavailableReason(Duration.ofMillis(1800));
        long millis = (System.nanoTime() - begin) / 1_000_000;

        assertThat(millis).isLessThan(2_500);
        reason.ifPresent(r -> assertThat(r).isNotBlank());
    }

    @Test
    @RequiresPostgres
    void binariesOfAnotherMajorThanRequestedAreRefused() {
        Path cache = HarnessSettings.fromEnvironment().cacheRoot();
        int jarMajor = BinaryDistribution.fromClasspath(cache, new ArrayList<>()).orElseThrow().major();
        int other = jarMajor == 12 ? 13 : 12;
        HarnessSettings settings = new HarnessSettings(Optional.empty(), OptionalInt.of(other), false, false,
                Optional.empty(), cache);

        assertThatThrownBy(() -> ServerSelection.start(settings))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("-Dpgfast.test.pg=" + other);
    }

    @Test
    void badSettingsAreRejectedByName() {
        assertThatThrownBy(() -> withProperty("pgfast.test.pg", "eleven", HarnessSettings::fromEnvironment))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("pgfast.test.pg");
        assertThatThrownBy(() -> withProperty("pgfast.test.binaries", "system", HarnessSettings::fromEnvironment))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("pgfast.test.binaries");
        HarnessSettings local = withProperty("pgfast.test.binaries", "local", HarnessSettings::fromEnvironment);
        assertThat(local.localBinaries()).isTrue();
        assertThat(local.cacheRoot()).isEqualTo(Path.of(System.getProperty("java.io.tmpdir")));
    }

    private static <T> T withProperty(String name, String value, java.util.function.Supplier<T> action) {
        String previous = System.getProperty(name);
        System.setProperty(name, value);
        try {
            return action.get();
        } finally {
            if (previous == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, previous);
            }
        }
    }
}
