package io.pgfast.bench.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The verdict rule on synthetic runs whose truth is known, with heavy-tailed noise: every process a JVM of its
 * own whose JIT made it about 1 % faster or slower for good, every round a burst of load that all four windows
 * of the block share (Student's t with 2 degrees of freedom: no variance at all), a drift inside the block, and
 * in every window noise of its own (t with 2 degrees of freedom again) plus, one window in twenty, a stall that
 * takes 40 to 90 % of its rate. Rows of 20 rounds each, as the default run has: the A/A rows (the same code on
 * both sides) must be marked at most once in 5000 (an A/A run of the default run's 16 rows then marks nothing
 * 997 times in 1000), and a real 20 % difference must be marked in most rows and always the right way.
 * <p>
 * The limit: the rule measures the JVMs' own spread from two JVMs per side. With JVMs 2 % apart instead of 1 %,
 * this model marks one or two A/A rows in a thousand; that is what the A/A run ({@code --aa}) checks on the real
 * machine.
 */
class PairedRuleSimulationTest {
    private static final int ROWS = 2000;
    private static final int ROUNDS = 20;

    /** Spread of one JVM's lasting speed (its JIT's luck), as a log factor. */
    private static final double JVM_SPREAD = 0.01;
    /** Spread of the load shared by a block's four windows. */
    private static final double BLOCK_SPREAD = 0.30;
    /** Spread of the drift from one window of a block to the next. */
    private static final double DRIFT_SPREAD = 0.01;
    /** Scale of each window's own heavy-tailed noise. */
    private static final double WINDOW_SCALE = 0.03;
    private static final double STALL_CHANCE = 0.05;

    /** Student's t with 2 degrees of freedom: heavy tails, no variance. */
    private static double t2(SplittableRandom random) {
        double z = gaussian(random);
        double u = 1 - random.nextDouble();
        return z / Math.sqrt(-Math.log(u));
    }

    private static double gaussian(SplittableRandom random) {
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }

    /**
     * One synthetic row: per round a block A1 B1 B2 A2 (the order of {@code RoundPlan.block} 0), B's truth
     * {@code trueRatio} slower, the shared bursts {@code blockSpread} wide.
     */
    private static List<RoundValues> row(SplittableRandom random, double trueRatio, double blockSpread) {
        double[] jvm = new double[4];
        for (int i = 0; i < 4; i++) {
            jvm[i] = Math.exp(JVM_SPREAD * gaussian(random));
        }
        List<RoundValues> rounds = new ArrayList<>(ROUNDS);
        for (int r = 0; r < ROUNDS; r++) {
            double block = Math.exp(blockSpread * t2(random));
            double drift = DRIFT_SPREAD * gaussian(random);
            double[] w = new double[4];
            for (int place = 0; place < 4; place++) {
                double stall = random.nextDouble() < STALL_CHANCE ? 0.1 + 0.5 * random.nextDouble() : 1;
                w[place] = 1000 * block * Math.exp(drift * place + WINDOW_SCALE * t2(random)) * stall;
            }
            // places: 0 = A1, 1 = B1, 2 = B2, 3 = A2
            rounds.add(new RoundValues(w[0] * jvm[0], w[3] * jvm[1], w[1] * jvm[2] / trueRatio,
                    w[2] * jvm[3] / trueRatio));
        }
        return rounds;
    }

    private static Map<Marker, Integer> verdicts(double trueRatio, long seed) {
        return verdicts(trueRatio, seed, BLOCK_SPREAD, ROWS);
    }

    private static Map<Marker, Integer> verdicts(double trueRatio, long seed, double blockSpread, int rows) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<Marker, Integer> count = new EnumMap<>(Marker.class);
        for (int i = 0; i < rows; i++) {
            Marker m = Comparison.measured(row(random, trueRatio, blockSpread)).marker();
            count.merge(m, 1, Integer::sum);
        }
        return count;
    }

    @Test
    void theSameCodeOnBothSidesIsMarkedAtMostOnceInFiveThousandRows() {
        // 10 × ROWS rows: 1250 A/A runs of the default run's 16 rows
        int rows = 10 * ROWS;
        Map<Marker, Integer> count = verdicts(1.0, 31, BLOCK_SPREAD, rows);
        int marked = count.getOrDefault(Marker.BETTER, 0) + count.getOrDefault(Marker.WORSE, 0);
        assertThat(marked).isLessThanOrEqualTo(rows / 5000);
        assertThat(count.getOrDefault(Marker.NONE, 0)).as("ties vouched for").isGreaterThan(rows / 4);
    }

    @Test
    void aBurstThatTheWholeBlockSharesChangesNoVerdict() {
        assertThat(verdicts(1.2, 34, 0.9, ROWS)).isEqualTo(verdicts(1.2, 34, 0, ROWS));
        assertThat(verdicts(1.0, 35, 0.9, ROWS)).isEqualTo(verdicts(1.0, 35, 0, ROWS));
    }

    @Test
    void aRealTwentyPercentIsMarkedInMostRowsAndNeverTheWrongWay() {
        Map<Marker, Integer> count = verdicts(1.2, 32);
        assertThat(count.getOrDefault(Marker.WORSE, 0)).isZero();
        assertThat(count.getOrDefault(Marker.BETTER, 0)).isGreaterThanOrEqualTo(ROWS * 70 / 100);
    }

    @Test
    void theRuleIsNotMoreWillingToJudgeAgainstASlowerPeer() {
        Map<Marker, Integer> count = verdicts(1 / 1.2, 33);
        assertThat(count.getOrDefault(Marker.BETTER, 0)).isZero();
        assertThat(count.getOrDefault(Marker.WORSE, 0)).isGreaterThanOrEqualTo(ROWS * 70 / 100);
    }
}
