package io.pgfast.bench.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class AppOptionsTest {
    private static final Path OUT = Path.of("target", "bench");

    @Test
    void theDefaultRunJudgesEveryVariantAtBothConcurrencies() {
        AppOptions o = AppOptions.parse(new String[0], OUT);
        assertThat(o.judged()).isTrue();
        assertThat(o.rounds()).isGreaterThanOrEqualTo(AppOptions.LEAST_JUDGED_ROUNDS);
        assertThat(o.variants()).containsExactly(AppVariant.values());
        assertThat(o.connections()).containsExactly(16, 256);
        assertThat(o.scenarios()).hasSize(8);
    }

    @Test
    void theDefaultRunTakesAboutTenMinutes() {
        AppOptions o = AppOptions.parse(new String[0], OUT);
        double minutes = AppBench.estimateSeconds(o, AppBench.slots(o, 25).size()) / 60;
        assertThat(minutes).isBetween(8.0, 13.0);
        AppOptions quick = AppOptions.parse(new String[]{"--quick"}, OUT);
        assertThat(AppBench.estimateSeconds(quick, AppBench.slots(quick, 25).size()) / 60).isLessThan(3.0);
    }

    @Test
    void theSmokeRunJudgesNothing() {
        AppOptions o = AppOptions.parse(new String[]{"--quick"}, OUT);
        assertThat(o.judged()).isFalse();
        assertThat(o.rounds()).isEqualTo(1);
        assertThat(o.warmup()).isZero();
        assertThat(AppOptions.parse(new String[]{"--quick", "--rounds", "9"}, OUT).judged()).isFalse();
    }

    @Test
    void tooFewRoundsJudgeNothing() {
        assertThat(AppOptions.parse(new String[]{"--rounds", "7"}, OUT).judged()).isFalse();
        assertThat(AppOptions.parse(new String[]{"--rounds", "8", "--seconds", "2"}, OUT).seconds()).isEqualTo(2);
    }

    @Test
    void theBaselineRunsWhicheverVariantsAreAskedFor() {
        AppOptions o = AppOptions.parse(new String[]{"--variants", "pgfast-pool", "--connections", "16"}, OUT);
        assertThat(o.variants()).containsExactly(AppVariant.R2DBC_POSTGRESQL, AppVariant.PGFAST_POOL);
        assertThat(o.connections()).containsExactly(16);
    }

    @Test
    void theBaselineRunsTwiceAndMvcOnlyWithVirtualThreads() {
        AppOptions o = AppOptions.parse(new String[0], OUT);
        List<AppSlot> on25 = AppBench.slots(o, 25);
        assertThat(on25).hasSize(6).contains(new AppSlot(AppVariant.R2DBC_POSTGRESQL, 2),
                new AppSlot(AppVariant.MVC_JDBC, 1));
        assertThat(AppBench.slots(o, 17)).hasSize(5).doesNotContain(new AppSlot(AppVariant.MVC_JDBC, 1));
    }

    @Test
    void badOptionsAreRefused() {
        assertThatThrownBy(() -> AppOptions.parse(new String[]{"--bogus"}, OUT)).hasMessageContaining("--bogus");
        assertThatThrownBy(() -> AppOptions.parse(new String[]{"--seconds", "0.5"}, OUT)).hasMessageContaining("whole");
        assertThatThrownBy(() -> AppOptions.parse(new String[]{"--variants", "nope"}, OUT)).hasMessageContaining("nope");
        assertThatThrownBy(() -> AppOptions.parse(new String[]{"--rounds"}, OUT)).hasMessageContaining("needs a value");
    }

    @Test
    void everyVariantDiffersOnlyInItsDriverOrPool() {
        io.pgfast.bench.BenchTarget t = new io.pgfast.bench.BenchTarget("127.0.0.1", 5432, "db", "u", "p");
        assertThat(AppVariant.R2DBC_POSTGRESQL.properties(t, 0, 256)).containsEntry("spring.r2dbc.url",
                "r2dbc:pool:postgresql://127.0.0.1:5432/db?sslMode=disable&maxSize=256&initialSize=10");
        assertThat(AppVariant.PGFAST_R2DBC_POOL.properties(t, 0, 256)).containsEntry("spring.r2dbc.url",
                "r2dbc:pool:pgfast://127.0.0.1:5432/db?sslMode=disable&maxSize=256&initialSize=10");
        assertThat(AppVariant.PGFAST_POOL.properties(t, 0, 256)).containsEntry("spring.r2dbc.pool.max-size", "256")
                .doesNotContainKey("pgfast.pool.shared-leases");
        assertThat(AppVariant.PGFAST_SHARED_LEASES.properties(t, 0, 256)).containsEntry("pgfast.pool.shared-leases", "true");
        assertThat(AppVariant.MVC_JDBC.properties(t, 0, 256)).containsEntry("spring.threads.virtual.enabled", "true")
                .containsEntry("spring.datasource.hikari.maximum-pool-size", "256");
        assertThat(AppVariant.PGFAST_POOL.properties(t, 0, 4)).containsEntry("spring.r2dbc.pool.initial-size", "4");
    }
}
