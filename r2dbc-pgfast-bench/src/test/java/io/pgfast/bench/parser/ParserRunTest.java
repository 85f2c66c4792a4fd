package io.pgfast.bench.parser;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.pgfast.bench.stats.Comparison;
import io.pgfast.bench.stats.Marker;
import io.pgfast.codec.io.AsciiNumbers;
import io.pgfast.codec.io.Utf8Strings;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ParserRunTest {

    /** Four rounds: pgfast forks at {@code a1}/{@code a2} µs per stream, plain at {@code b} µs. */
    private static ParserRun run(double a1, double a2, double b) {
        ParserRun run = new ParserRun(4);
        for (int r = 0; r < 4; r++) {
            run.add(new ParserRun.Fork(DataRowStreams.Dataset.SHORT_5, r, ParserRun.Path.PGFAST, 1, a1, 72_000));
            run.add(new ParserRun.Fork(DataRowStreams.Dataset.SHORT_5, r, ParserRun.Path.PGFAST, 2, a2, 72_000));
            run.add(new ParserRun.Fork(DataRowStreams.Dataset.SHORT_5, r, ParserRun.Path.PLAIN, 1, b, 180_000));
            run.add(new ParserRun.Fork(DataRowStreams.Dataset.SHORT_5, r, ParserRun.Path.PLAIN, 2, b, 180_000));
        }
        return run;
    }

    @Test
    void theRatioIsSpeedSoLessTimeIsAboveOne() {
        Comparison c = run(50, 50, 100).compare(DataRowStreams.Dataset.SHORT_5);
        assertThat(c.medianRatio()).isCloseTo(2.0, within(1e-12));
        assertThat(c.noise()).isZero();
        assertThat(c.marker()).isEqualTo(Marker.BETTER);
    }

    @Test
    void forksOfOnePathFarApartLeaveTheRowNotJudged() {
        Comparison c = run(95, 120, 100).compare(DataRowStreams.Dataset.SHORT_5);
        assertThat(c.noise()).isGreaterThan(0.2);
        assertThat(c.marker()).isEqualTo(Marker.NOT_JUDGED);
    }

    @Test
    void theTableShowsEveryRoundsRatioTheRangeTheNoiseAndBytesPerRow() {
        String md = ParserReport.markdown(run(50, 50, 100), "4 rounds", "Test machine.");
        assertThat(md).contains("| 5 short columns | 50.0 | 100.0 | 2.000x (+100.0%) | 2.00, 2.00, 2.00, 2.00 | "
                + "2.00 to 2.00 | ±0.0% | 🏆 | 144 | 360 |").contains("4 rounds. Each round").contains("Test machine.");
        assertThat(ParserReport.csv(run(50, 50, 100)).lines()).hasSize(1 + 16).first()
                .isEqualTo("dataset,round,path,copy,us_per_500_rows,bytes_per_500_rows");
    }

    @Test
    void aBeforeAfterRunIsLabelledWithItsPaths() {
        ParserRun run = new ParserRun(4, ParserRun.Path.AFTER, ParserRun.Path.BEFORE);
        for (int r = 0; r < 4; r++) {
            run.add(new ParserRun.Fork(DataRowStreams.Dataset.MIXED_8, r, ParserRun.Path.AFTER, 1, 100, 500));
            run.add(new ParserRun.Fork(DataRowStreams.Dataset.MIXED_8, r, ParserRun.Path.AFTER, 2, 100, 500));
            run.add(new ParserRun.Fork(DataRowStreams.Dataset.MIXED_8, r, ParserRun.Path.BEFORE, 1, 100, 500));
            run.add(new ParserRun.Fork(DataRowStreams.Dataset.MIXED_8, r, ParserRun.Path.BEFORE, 2, 100, 500));
        }
        String md = ParserReport.markdown(run, "4 rounds", "Test machine.");
        assertThat(md).contains("| Dataset | after µs / 500 rows | before µs / 500 rows | after / before speed |")
                .contains("| 8 mixed | 100.0 | 100.0 | 1.000x (+0.0%) | 1.00, 1.00, 1.00, 1.00 | 1.00 to 1.00 | ±0.0% |  "
                        + "| 1 | 1 |")
                .contains("Each round runs after, before, a second fork of each");
        assertThat(ParserReport.csv(run)).contains("MIXED_8,1,after,1,").contains("MIXED_8,4,before,2,");
        assertThat(run.medians(DataRowStreams.Dataset.MIXED_8)).containsOnlyKeys(ParserRun.Path.AFTER, ParserRun.Path.BEFORE);
    }

    @Test
    void bothPathsReadTheSameValuesFromEveryDataset() {
        for (DataRowStreams.Dataset d : DataRowStreams.Dataset.values()) {
            ByteBuf buf = DataRowStreams.build(d, UnpooledByteBufAllocator.DEFAULT);
            try {
                int index = 0;
                int rows = 0;
                while (index < buf.writerIndex()) {
                    int length = buf.getInt(index + 1);
                    int columns = buf.getShort(index + 5);
                    int at = index + 7;
                    for (int c = 0; c < columns; c++) {
                        int n = buf.getInt(at);
                        at += 4;
                        String plain = buf.toString(at, n, StandardCharsets.UTF_8);
                        if (d.kinds[c] == DataRowStreams.Kind.INT) {
                            assertThat(AsciiNumbers.parseInt(buf, at, n, "int4")).isEqualTo(Integer.parseInt(plain));
                        } else {
                            assertThat(Utf8Strings.read(buf, at, n)).isEqualTo(plain);
                        }
                        at += n;
                    }
                    index += 1 + length;
                    rows++;
                }
                assertThat(rows).as(d.name()).isEqualTo(DataRowStreams.ROWS);
            } finally {
                buf.release();
            }
        }
    }
}
