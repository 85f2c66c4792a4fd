package io.pgfast.bench;

import io.pgfast.bench.stats.Comparison;
import io.pgfast.bench.stats.Marker;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RunResultsTest {
    private static final long SECOND = 1_000_000_000L;

    /** Four rounds in which pgfast runs {@code a} operations per second and the peer {@code b}. */
    static RunResults steady(Scenario s, Peer peer, long a, long b) {
        RunResults results = new RunResults(4);
        for (int r = 0; r < 4; r++) {
            results.add(r, 0, new Slot(Peer.PGFAST, 1), Measurement.ok(s, a, SECOND));
            results.add(r, 1, new Slot(peer, 1), Measurement.ok(s, b, SECOND));
            results.add(r, 2, new Slot(Peer.PGFAST, 2), Measurement.ok(s, a, SECOND));
            results.add(r, 3, new Slot(peer, 2), Measurement.ok(s, b, SECOND));
        }
        return results;
    }

    @Test
    void comparesEveryRound() {
        Comparison c = steady(Scenario.UPDATE, Peer.PGJDBC, 1200, 1000).compare(Peer.PGJDBC, Scenario.UPDATE);
        assertThat(c.isMeasured()).isTrue();
        assertThat(c.rounds()).hasSize(4);
        assertThat(c.medianRatio()).isCloseTo(1.2, within(1e-12));
        assertThat(c.marker()).isEqualTo(Marker.FASTER);
        assertThat(c.pgfastRate()).isCloseTo(1200, within(1e-9));
    }

    @Test
    void aPgfastErrorInAnyRoundFailsTheRowWithItsMessage() {
        RunResults broken = replace(steady(Scenario.UPDATE, Peer.VERTX, 1000, 1000), new Slot(Peer.PGFAST, 1), 2,
                Measurement.error(Scenario.UPDATE, "cannot encode Integer"));
        Comparison c = broken.compare(Peer.VERTX, Scenario.UPDATE);
        assertThat(c.state()).isEqualTo(Comparison.State.PGFAST_FAILED);
        assertThat(c.message()).isEqualTo("cannot encode Integer");
        assertThat(broken.summary(Peer.VERTX, Scenario.UPDATE).isOk()).isTrue();
        assertThat(broken.summary(Peer.PGFAST, Scenario.UPDATE).status()).isEqualTo(Measurement.Status.ERROR);
    }

    /** A copy of {@code results} where {@code slot}'s measurement in {@code round} is {@code m}. */
    static RunResults replace(RunResults results, Slot slot, int round, Measurement m) {
        RunResults out = new RunResults(results.rounds());
        for (RunResults.Entry e : results.entries()) {
            boolean hit = e.slot().equals(slot) && (round < 0 || e.round() == round);
            out.add(e.round(), e.position(), e.slot(), hit ? m : e.measurement());
        }
        return out;
    }

    @Test
    void notApplicableWinsOverAnError() {
        RunResults results = new RunResults(4);
        for (int r = 0; r < 4; r++) {
            for (int copy = 1; copy <= 2; copy++) {
                results.add(r, 0, new Slot(Peer.PGFAST, copy), Measurement.error(Scenario.CURSOR, "broken"));
                results.add(r, 1, new Slot(Peer.FLOOR, copy), Measurement.notApplicable(Scenario.CURSOR, "no portals"));
            }
        }
        Comparison c = results.compare(Peer.FLOOR, Scenario.CURSOR);
        assertThat(c.state()).isEqualTo(Comparison.State.NOT_APPLICABLE);
        assertThat(c.message()).isEqualTo("no portals");
    }

    @Test
    void aMissingMeasurementIsAnErrorNamingTheProcess() {
        RunResults results = steady(Scenario.UPDATE, Peer.PGJDBC, 1000, 1000);
        RunResults.DriverSummary s = results.summary(Peer.VERTX, Scenario.UPDATE);
        assertThat(s.status()).isEqualTo(Measurement.Status.ERROR);
        assertThat(s.message()).contains("vertx#1", "round 1");
    }

    @Test
    void aTimeoutKeepsItsLimitForTheLatencyLine() {
        Measurement timeout = Measurement.timeout(Scenario.TAKE_10_OF_30M, 2000);
        RunResults withTimeout = replace(replace(steady(Scenario.TAKE_10_OF_30M, Peer.R2DBC_POSTGRESQL, 100, 1),
                new Slot(Peer.R2DBC_POSTGRESQL, 1), -1, timeout), new Slot(Peer.R2DBC_POSTGRESQL, 2), -1, timeout);
        RunResults.DriverSummary s = withTimeout.summary(Peer.R2DBC_POSTGRESQL, Scenario.TAKE_10_OF_30M);
        assertThat(s.status()).isEqualTo(Measurement.Status.TIMEOUT);
        assertThat(s.millisPerOperation()).isEqualTo(2000);
        assertThat(withTimeout.compare(Peer.R2DBC_POSTGRESQL, Scenario.TAKE_10_OF_30M).state())
                .isEqualTo(Comparison.State.PEER_FAILED);
    }
}
