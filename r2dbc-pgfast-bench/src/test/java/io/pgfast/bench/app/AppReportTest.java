package io.pgfast.bench.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.pgfast.bench.stats.Marker;
import org.junit.jupiter.api.Test;

class AppReportTest {
    private static final AppSlot BASE = new AppSlot(AppVariant.R2DBC_POSTGRESQL, 1);
    private static final AppSlot BASE_AGAIN = new AppSlot(AppVariant.R2DBC_POSTGRESQL, 2);
    private static final AppSlot POOL = new AppSlot(AppVariant.PGFAST_POOL, 1);
    private static final AppSlot SHARED = new AppSlot(AppVariant.PGFAST_SHARED_LEASES, 1);
    private static final AppScenario DB_16 = new AppScenario(Endpoint.SINGLE_QUERY, 16);

    private static AppOptions options(String... args) {
        return AppOptions.parse(args, Path.of("target"));
    }

    /**
     * Windows of {@code rounds} rounds: the baseline's processes ~1000/s and 2 % apart, the pool twice as fast, shared
     * leases as fast as the baseline; every process ±1 % from round to round.
     */
    private static List<AppWindow> windows(int rounds, long poolConnections) {
        List<AppWindow> out = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            double wobble = 1 + (r % 3 - 1) * 0.01;
            out.add(window(r, 0, BASE, 1000 * wobble, 0));
            out.add(window(r, 1, BASE_AGAIN, 980 * wobble, 0));
            out.add(window(r, 2, POOL, 2000 * wobble, poolConnections));
            out.add(window(r, 3, SHARED, 1000 * wobble, 0));
        }
        return out;
    }

    private static AppWindow window(int round, int position, AppSlot slot, double rate, long connections) {
        return new AppWindow(round, position, slot, DB_16,
                new WrkResult(Math.round(rate), 1_000_000, 2_000, 9_000, 0), connections, null);
    }

    @Test
    void aVariantTwiceAsFastAsBothBaselineProcessesIsBetterAndATieIsNone() {
        AppOptions o = options("--rounds", "8", "--connections", "16");
        AppReport report = new AppReport(o, List.of(BASE, BASE_AGAIN, POOL, SHARED), windows(8, 3));
        List<AppReport.Cell> cells = report.cells(DB_16);
        assertThat(cells).extracting(AppReport.Cell::variant).containsExactly(AppVariant.R2DBC_POSTGRESQL,
                AppVariant.PGFAST_POOL, AppVariant.PGFAST_SHARED_LEASES);
        assertThat(cells.get(0).comparison()).isNull();
        assertThat(cells.get(1).comparison().medianRatio()).isCloseTo(2.0, org.assertj.core.data.Offset.offset(0.05));
        assertThat(cells.get(1).comparison().marker()).isEqualTo(Marker.BETTER);
        assertThat(cells.get(2).comparison().marker()).isEqualTo(Marker.NONE);
        assertThat(report.noise(DB_16)).isCloseTo(0.02, org.assertj.core.data.Offset.offset(0.002));
        // 3 new connections in each window of ~2000 requests
        assertThat(cells.get(1).connectionsPerRequest()).isCloseTo(3.0 / 2000, org.assertj.core.data.Offset.offset(1e-4));
        assertThat(cells.get(1).p99Millis()).isEqualTo(9.0);
    }

    @Test
    void theSmokeRunsOneRoundIsNotJudged() {
        AppReport report = new AppReport(options("--quick", "--connections", "16"), List.of(BASE, BASE_AGAIN, POOL),
                windows(1, 0));
        assertThat(report.cells(DB_16).get(1).comparison().marker()).isEqualTo(Marker.NOT_JUDGED);
        // round 1: the baseline 990/s and 970/s, the pool 1980/s
        String md = report.markdown("machine", "jvm");
        assertThat(md).contains("| single query | 16 | ±2.1% | 980/s, p50 2.0, p99 9.0, 0.00 conn/req | 2.02× [2.02–2.02] "
                + "not judged,");
    }

    @Test
    void aFailedWindowLeavesItsRoundOutAndNamesTheFailure() {
        List<AppWindow> w = new ArrayList<>(windows(8, 0));
        w.removeIf(x -> x.slot().equals(POOL));
        for (int r = 0; r < 8; r++) {
            w.add(new AppWindow(r, 9, POOL, DB_16, null, 0, "pgfast-pool has exited"));
        }
        AppReport report = new AppReport(options("--rounds", "8", "--connections", "16"), List.of(BASE, BASE_AGAIN, POOL),
                w);
        AppReport.Cell pool = report.cells(DB_16).get(1);
        assertThat(pool.comparison().isMeasured()).isFalse();
        assertThat(report.markdown("m", "j")).contains("failed: pgfast-pool has exited");
        assertThat(report.summaryCsv()).contains("/db,16,pgfast-pool");
        assertThat(report.windowsCsv().lines()).hasSize(1 + 8 * 4).anyMatch(l -> l.endsWith("\"pgfast-pool has exited\""));
    }
}
