package io.pgfast.bench.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import io.pgfast.bench.BenchOptions;
import io.pgfast.bench.Measurement;
import io.pgfast.bench.Peer;
import io.pgfast.bench.RunResults;
import io.pgfast.bench.Scenario;
import io.pgfast.bench.Slot;
import org.junit.jupiter.api.Test;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ReportsTest {
    private static final long SECOND = 1_000_000_000L;
    private static final MachineInfo MACHINE = new MachineInfo("TestVM 17", "Test CPU <x>", 2, "Linux", "PostgreSQL 17.4");

    /** pgfast 1200/s against pgjdbc 1000/s on update; pgfast fails select by id; the floor has no update. */
    private static RunDescription run() {
        BenchOptions options = BenchOptions.parse(new String[]{"--scenarios", "update,select_by_id,take_10_of_30m",
                "--peers", "pgjdbc,floor"}, Path.of("target"));
        RunResults results = new RunResults(4);
        for (int r = 0; r < 4; r++) {
            for (int copy = 1; copy <= 2; copy++) {
                results.add(r, 0, new Slot(Peer.PGFAST, copy), Measurement.ok(Scenario.UPDATE, 1200, SECOND));
                results.add(r, 1, new Slot(Peer.PGJDBC, copy), Measurement.ok(Scenario.UPDATE, 1000, SECOND));
                results.add(r, 2, new Slot(Peer.FLOOR, copy), Measurement.notApplicable(Scenario.UPDATE, "no \"params\""));
                results.add(r, 0, new Slot(Peer.PGFAST, copy),
                        Measurement.error(Scenario.SELECT_BY_ID, "cannot encode values of java.lang.Integer"));
                results.add(r, 1, new Slot(Peer.PGJDBC, copy), Measurement.ok(Scenario.SELECT_BY_ID, 5000, SECOND));
                results.add(r, 2, new Slot(Peer.FLOOR, copy), Measurement.notApplicable(Scenario.SELECT_BY_ID, "n/a"));
                results.add(r, 0, new Slot(Peer.PGFAST, copy), Measurement.ok(Scenario.TAKE_10_OF_30M, 100, SECOND));
                results.add(r, 1, new Slot(Peer.PGJDBC, copy), Measurement.timeout(Scenario.TAKE_10_OF_30M, 2000));
                results.add(r, 2, new Slot(Peer.FLOOR, copy), Measurement.notApplicable(Scenario.TAKE_10_OF_30M, "n/a"));
            }
        }
        return new RunDescription(options, results, MACHINE, "2026-12-01T00:00:00Z");
    }

    @Test
    void theTableHasOneRowPerScenarioWithTheSeedsColumns() {
        String md = MarkdownReport.render(run());
        assertThat(md).contains("### pgfast vs pgjdbc 42.7.14")
                .contains("| Scenario | pgfast q/s | pgjdbc q/s | pgfast / peer | Rounds | Noise | |")
                .contains("| update, parameterized | 1200 | 1000 | 1.200x (+20.0%) | 1.20 to 1.20 | ±0.0% | 🏆 |")
                .contains("| select by id, parameterized | error: cannot encode values of java.lang.Integer | 5000 | — | — | — | |")
                .contains("| update, parameterized | 1200 | n/a | — | — | — | |")
                .contains("| take 10 rows of a 30M-row result, then the next query | 200 | timeout: > 2000 ms per operation | — | — | — | |");
    }

    @Test
    void underTheTablesAreTheLatencyTheMethodTheMachineAndTheFailures() {
        String md = MarkdownReport.render(run());
        assertThat(md).contains("(mean per operation): pgfast 10.00 ms · pgjdbc > 2000 ms (timeout) · floor n/a.")
                .contains("4 rounds of 0.2 s (after 0.2 s of warm-up)")
                .contains("TestVM 17, Test CPU <x>, 2 cores, Linux, PostgreSQL 17.4.")
                .contains("#### Failures")
                .contains("- pgfast, select by id, parameterized: cannot encode values of java.lang.Integer")
                .contains("- pgjdbc, take 10 rows of a 30M-row result, then the next query: one operation took longer than 2000 ms");
    }

    @Test
    void aQuickRunSaysWhatItsShortWindowsCanTellAndAFullRunDoesNot() {
        assertThat(MarkdownReport.render(run())).contains(MarkdownReport.SHORT_RUN);
        BenchOptions full = BenchOptions.parse(new String[]{"--full", "--scenarios", "update"}, Path.of("target"));
        RunDescription run = run();
        String md = MarkdownReport.render(new RunDescription(full, run.results(), MACHINE, "2026-12-01T00:00:00Z"));
        assertThat(md).contains("6 rounds of 3 s (after 2 s of warm-up)").doesNotContain(MarkdownReport.SHORT_RUN);
    }

    @Test
    void theCsvFilesHaveAHeaderAndOneLinePerMeasurementOrRow() {
        RunDescription run = run();
        String measurements = CsvReport.measurements(run);
        assertThat(measurements.lines()).hasSize(1 + run.results().entries().size());
        assertThat(measurements).contains("1,1,pgfast,1,update,OK,1200,1,1000000000,1200.00,0.833333,\n")
                .contains("\"no \"\"params\"\"\"");
        String summary = CsvReport.summary(run);
        assertThat(summary.lines()).hasSize(1 + 2 * 3);
        assertThat(summary).contains("pgjdbc,update,MEASURED,1200.00,1000.00,1.20000,1.20000,1.20000,0.00000,FASTER,");
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
        assertThat(json).contains("\"medianRatio\": 1.20000").contains("\"status\": \"TIMEOUT\"");
    }

    @Test
    void jsonStringsEscapeQuotesBackslashesAndControlCharacters() {
        assertThat(JsonReport.string("a\"b\\c\nd\u0001")).isEqualTo("\"a\\\"b\\\\c\\nd\\u0001\"");
    }

    @Test
    void theChartIsWellFormedSvgWithOneBarPerMeasuredRow() throws Exception {
        String svg = SvgChart.render(run());
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        var doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
        // the background and one bar (update vs pgjdbc); the other rows are text
        assertThat(doc.getElementsByTagName("rect").getLength()).isEqualTo(2);
        assertThat(svg).contains("1.20x faster").contains("error (pgfast)").contains("timeout (pgjdbc)").contains("n/a").contains("Test CPU &lt;x&gt;");
    }

    @Test
    void theChartScaleIsLogarithmicAroundOne() {
        double one = SvgChart.x(1);
        assertThat(SvgChart.x(2) - one).isCloseTo(one - SvgChart.x(0.5), org.assertj.core.api.Assertions.within(1e-9));
        assertThat(SvgChart.x(100)).isEqualTo(SvgChart.x(4));
        assertThat(SvgChart.x(0.001)).isEqualTo(SvgChart.x(0.25));
    }
}
