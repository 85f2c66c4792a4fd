package io.pgfast.bench.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import io.pgfast.bench.BenchOptions;
import io.pgfast.bench.LoopShape;
import io.pgfast.bench.Measurement;
import io.pgfast.bench.Peer;
import io.pgfast.bench.RunResults;
import io.pgfast.bench.Scenario;
import io.pgfast.bench.Slot;
import io.pgfast.bench.WarmupSlice;
import io.pgfast.bench.WindowCost;
import io.pgfast.bench.stats.Metric;
import org.junit.jupiter.api.Test;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ReportsTest {
    private static final long SECOND = 1_000_000_000L;
    private static final MachineInfo MACHINE = new MachineInfo("TestVM 17", "Test CPU <x>", 2, "Linux", "PostgreSQL 17.4");

    private static Measurement ok(Scenario s, LoopShape shape, long ops, long cpuMicros, long bytes) {
        return Measurement.ok(s, shape, ops, SECOND, new WindowCost(ops * cpuMicros * 1000, ops * bytes, 0, 2));
    }

    /**
     * update: pgfast 1200/s at 40 µs and 2000 B per operation against pgjdbc 1000/s at 50 µs and 3000 B; 100 rows:
     * pgfast's two processes 30 % apart (not judged) at 1000 B per operation; pgfast fails select by id; pgjdbc
     * times out on take(10); the floor runs none of them.
     */
    private static RunDescription run(String... mode) {
        List<String> args = new ArrayList<>(List.of(mode));
        args.addAll(List.of("--scenarios", "update,rows_100_all_types,select_by_id,take_10_of_30m", "--peers", "pgjdbc,floor"));
        BenchOptions options = BenchOptions.parse(args.toArray(new String[0]), Path.of("target"));
        RunResults results = new RunResults(options.rounds(), options.judged());
        for (int r = 0; r < options.rounds(); r++) {
            for (int copy = 1; copy <= 2; copy++) {
                Slot pgfast = new Slot(Peer.PGFAST, copy);
                Slot pgjdbc = new Slot(Peer.PGJDBC, copy);
                Slot floor = new Slot(Peer.FLOOR, copy);
                for (LoopShape shape : LoopShape.values()) {
                    results.add(r, 0, pgfast, ok(Scenario.UPDATE, shape, 1200, 40, 2000));
                    results.add(r, 0, pgfast, ok(Scenario.ROWS_100_ALL_TYPES, shape, copy == 1 ? 1000 : 1300, 100, 100_000));
                    results.add(r, 0, pgfast, Measurement.error(Scenario.SELECT_BY_ID, shape,
                            "cannot encode values of java.lang.Integer"));
                    results.add(r, 0, pgfast, ok(Scenario.TAKE_10_OF_30M, shape, 100, 10, 10));
                }
                results.add(r, 1, pgjdbc, ok(Scenario.UPDATE, LoopShape.BLOCKING, 1000, 50, 3000));
                results.add(r, 1, pgjdbc, ok(Scenario.ROWS_100_ALL_TYPES, LoopShape.BLOCKING, 1100, 100, 200_000));
                results.add(r, 1, pgjdbc, ok(Scenario.SELECT_BY_ID, LoopShape.BLOCKING, 5000, 10, 10));
                results.add(r, 1, pgjdbc, Measurement.timeout(Scenario.TAKE_10_OF_30M, LoopShape.BLOCKING, 2000));
                for (Scenario s : List.of(Scenario.UPDATE, Scenario.ROWS_100_ALL_TYPES, Scenario.SELECT_BY_ID,
                        Scenario.TAKE_10_OF_30M)) {
                    results.add(r, 2, floor, Measurement.notApplicable(s, LoopShape.BLOCKING,
                            s == Scenario.UPDATE ? "no \"params\"" : "n/a"));
                }
                results.addWarmup(r, pgfast, List.of(new WarmupSlice(1, ok(Scenario.UPDATE, LoopShape.CHAINED, 600, 80, 2000)),
                        new WarmupSlice(2, ok(Scenario.UPDATE, LoopShape.CHAINED, 1200, 40, 2000))));
            }
        }
        return new RunDescription(options, results, MACHINE, "2026-12-01T00:00:00Z");
    }

    @Test
    void theTableHasOneRowPerScenarioWithQpsCpuAndAllocationColumns() {
        String md = MarkdownReport.render(run());
        assertThat(md).contains("## Loop shape: chained on the event loop", "## Loop shape: blocking caller",
                        "### pgfast vs pgjdbc 42.7.14, chained on the event loop",
                        "### pgfast vs pgjdbc 42.7.14, blocking caller")
                .contains("| Scenario | pgfast q/s | pgjdbc q/s | q/s pgfast / peer | Interval | Noise | | pgfast CPU µs/op | "
                        + "pgjdbc CPU µs/op | CPU pgfast / peer | Interval | Noise | | pgfast B/op | pgjdbc B/op | "
                        + "pgfast B/row | pgjdbc B/row |")
                .contains("| update, parameterized | 1200 | 1000 | 1.200x (+20.0%) | 1.20 to 1.20 | ±0.0% | 🏆 "
                        + "| 40.0 | 50.0 | 0.800x (-20.0%) | 0.80 to 0.80 | ±0.0% | 🏆 | 2,000 | 3,000 | — | — |")
                .contains("| select by id, parameterized | error: cannot encode values of java.lang.Integer | 5000 | — |")
                .contains("| update, parameterized | 1200 | n/a | — |")
                .contains("| take 10 rows of a 30M-row result, then the next query | 200 | timeout: > 2000 ms per operation | — |")
                .contains("pgjdbc has no event loop").contains(MarkdownReport.FLOOR_CPU);
        // every row has the header's 17 cells
        for (String line : md.lines().filter(l -> l.startsWith("| ")).toList()) {
            assertThat(line.chars().filter(c -> c == '|').count()).as(line).isEqualTo(18);
        }
    }

    @Test
    void aRowWhoseNoiseIsAboveTheLimitIsNotJudged() {
        String md = MarkdownReport.render(run());
        // pgfast's two processes 1000 and 1300: noise 30 %, median 1150/1100
        assertThat(md).contains("| select 100 rows, all types, prepared | 1150 | 1100 | 1.045x (+4.5%) | 1.05 to 1.05 "
                + "| ±30.0% | not judged | 100.0 | 100.0 | 1.000x (+0.0%) | 1.00 to 1.00 | ±0.0% |  "
                + "| 100,000 | 200,000 | 1,000 | 2,000 |");
    }

    @Test
    void underTheTablesAreTheLatencyTheMethodTheWarmupTheMachineAndTheFailures() {
        String md = MarkdownReport.render(run());
        assertThat(md).contains("(mean per operation): pgfast 10.00 ms · pgjdbc > 2000 ms (timeout) · floor n/a.")
                .contains("Default run: 32 rounds;")
                .contains("each warmed up once, before any round, in every scenario and loop shape (4 passes, 1 s per "
                        + "scenario and shape in all), and kept for the whole run. A round of a scenario and shape is one "
                        + "0.04 s window of every process, in a mirrored order (A B C D D' C' B' A'")
                .contains("with 99% confidence (the sign test's interval: the 9th lowest to the 9th highest round)")
                .contains("beyond 2 × the noise")
                .contains("\"not judged\": the run cannot tell")
                .contains("Warm-up check").contains("pgfast 1.00 (1.00 to 1.00), JIT 2 ms, 2 warm-up passes")
                .contains("TestVM 17, Test CPU <x>, 2 cores, Linux, PostgreSQL 17.4.")
                .contains("#### Failures")
                .contains("- pgfast, select by id, parameterized, chained: cannot encode values of java.lang.Integer")
                .contains("- pgjdbc, take 10 rows of a 30M-row result, then the next query, blocking: one operation took longer than 2000 ms");
    }

    @Test
    void theSmokeCheckJudgesNothingAndSaysSo() {
        String md = MarkdownReport.render(run("--quick"));
        assertThat(md).contains(MarkdownReport.SMOKE_CHECK)
                .contains("| 1.200x (+20.0%) | 1.20 to 1.20 | ±0.0% | not judged |");
        assertThat(md.lines().filter(l -> l.startsWith("| ")).toList()).noneMatch(l -> l.contains("🏆") || l.contains("👀"));
        assertThat(MarkdownReport.render(run())).doesNotContain(MarkdownReport.SMOKE_CHECK);
        String full = MarkdownReport.render(run("--full"));
        assertThat(full).contains("Full run: 32 rounds;").contains("the 9th lowest to the 9th highest round").contains("new ones for every scenario")
                .doesNotContain(MarkdownReport.SMOKE_CHECK);
    }

    @Test
    void theCsvFilesHaveAHeaderAndOneLinePerMeasurementRowOrWarmupSlice() {
        RunDescription run = run();
        String measurements = CsvReport.measurements(run);
        assertThat(measurements.lines()).hasSize(1 + run.results().entries().size());
        assertThat(measurements).contains("1,1,pgfast,1,,,update,chained,OK,1200,1,0,1000000000,1200.00,0.833333,"
                        + "48000000,40.0000,2400000,2000.00,,0,2,\n")
                .contains("\"no \"\"params\"\"\"");
        String summary = CsvReport.summary(run);
        assertThat(summary.lines()).hasSize(1 + 2 * 2 * 4);
        assertThat(summary).contains("pgjdbc,update,chained,MEASURED,1200.00,1000.00,1.20000,1.20000,1.20000,0.00000,"
                + "BETTER,40.0000,50.0000,0.800000,0.800000,0.800000,0.00000,BETTER,2000.00,3000.00,,,true,\n")
                .contains("pgjdbc,rows_100_all_types,blocking,MEASURED,1150.00,1100.00,1.04545,1.04545,1.04545,0.300000,NOT_JUDGED,");
        String warmup = CsvReport.warmup(run);
        assertThat(warmup.lines()).hasSize(1 + run.results().warmup().size());
        assertThat(warmup).contains("1,pgfast,1,1,update,chained,OK,600,");
    }

    @Test
    void theJsonIsWellFormed() throws Exception {
        String json = JsonReport.render(run());
        int tokens = 0;
        try (JsonParser p = new JsonFactory().createParser(json)) {
            while (p.nextToken() != null) {
                tokens++;
            }
        }
        assertThat(tokens).isGreaterThan(100);
        assertThat(json).contains("\"medianRatio\": 1.20000").contains("\"status\": \"TIMEOUT\"")
                .contains("\"cpuMicrosPerOperation\": {\"pgfast\": 40.0000, \"peer\": 50.0000, \"medianRatio\": 0.800000")
                .contains("\"verdict\": \"NOT_JUDGED\"").contains("\"pgfastBytesPerRow\": null")
                .contains("\"warmup\": [").contains("\"shape\": \"blocking\"");
    }

    @Test
    void jsonStringsEscapeQuotesBackslashesAndControlCharacters() {
        assertThat(JsonReport.string("a\"b\\c\nd\u0001")).isEqualTo("\"a\\\"b\\\\c\\nd\\u0001\"");
    }

    @Test
    void theChartsAreWellFormedSvgWithOneBarPerMeasuredRow() throws Exception {
        for (Metric metric : Metric.values()) {
            String svg = SvgChart.render(run(), metric);
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            var doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
            assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
            // the background and one bar per shape for update and 100 rows vs pgjdbc; the other rows are text
            assertThat(doc.getElementsByTagName("rect").getLength()).isEqualTo(1 + 2 * 2);
            assertThat(svg).contains("error (pgfast)").contains("timeout (pgjdbc)").contains("n/a")
                    .contains("Test CPU &lt;x&gt;").contains("blocking caller");
        }
        assertThat(SvgChart.render(run(), Metric.THROUGHPUT)).contains("1.20x faster").contains("above 1x: pgfast faster")
                .contains("1.05x not judged");
        assertThat(SvgChart.render(run(), Metric.CPU)).contains("0.80x leaner").contains("below 1x: pgfast spends less");
    }

    @Test
    void theChartScaleIsLogarithmicAroundOne() {
        double one = SvgChart.x(1);
        assertThat(SvgChart.x(2) - one).isCloseTo(one - SvgChart.x(0.5), org.assertj.core.api.Assertions.within(1e-9));
        assertThat(SvgChart.x(100)).isEqualTo(SvgChart.x(4));
        assertThat(SvgChart.x(0.001)).isEqualTo(SvgChart.x(0.25));
    }
}
