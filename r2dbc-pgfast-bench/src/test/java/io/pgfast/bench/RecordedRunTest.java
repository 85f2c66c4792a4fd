package io.pgfast.bench;

import io.pgfast.bench.report.CsvReport;
import io.pgfast.bench.report.JsonReport;
import io.pgfast.bench.report.MachineInfo;
import io.pgfast.bench.report.RunDescription;
import io.pgfast.bench.stats.Marker;
import io.pgfast.bench.stats.Metric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RecordedRunTest {
    private static final long SECOND = 1_000_000_000L;
    private static final MachineInfo MACHINE = new MachineInfo("TestVM \"17\"", "Test CPU, 2 GHz", 2, "Linux", "PostgreSQL 17.4");

    private static Measurement ok(Scenario s, LoopShape shape, long ops, long cpuMicros) {
        return Measurement.ok(s, shape, ops, SECOND, new WindowCost(ops * cpuMicros * 1000, ops * 1500, 1, 3));
    }

    /** A run of {@code args}: update with rounds that differ, 100 rows failing for pgfast, take 10 timing out. */
    private static RunDescription run(String... args) {
        BenchOptions options = BenchOptions.parse(args, Path.of("target"));
        RunResults results = new RunResults(options.rounds(), options.judged(), options.margin());
        for (int r = 0; r < options.rounds(); r++) {
            for (int copy = 1; copy <= 2; copy++) {
                for (LoopShape shape : LoopShape.values()) {
                    results.add(r, copy == 1 ? 0 : 2, new Slot(Peer.PGFAST, copy),
                            ok(Scenario.UPDATE, shape, 1000 + 37L * r + 11L * copy, 40 + r));
                    results.add(r, copy == 1 ? 0 : 2, new Slot(Peer.PGFAST, copy), Measurement.error(
                            Scenario.ROWS_100_ALL_TYPES, shape, "bad, \"quoted\" message"));
                    results.add(r, copy == 1 ? 0 : 2, new Slot(Peer.PGFAST, copy),
                            ok(Scenario.TAKE_10_OF_30M, shape, 50, 10));
                }
                results.add(r, copy == 1 ? 1 : 3, new Slot(Peer.PGJDBC, copy),
                        ok(Scenario.UPDATE, LoopShape.BLOCKING, 900 + 13L * r, 50));
                results.add(r, copy == 1 ? 1 : 3, new Slot(Peer.PGJDBC, copy),
                        ok(Scenario.ROWS_100_ALL_TYPES, LoopShape.BLOCKING, 300, 90));
                results.add(r, copy == 1 ? 1 : 3, new Slot(Peer.PGJDBC, copy),
                        Measurement.timeout(Scenario.TAKE_10_OF_30M, LoopShape.BLOCKING, 2000));
            }
        }
        results.addWarmup(0, new Slot(Peer.PGFAST, 1), List.of(new WarmupSlice(1, ok(Scenario.UPDATE,
                LoopShape.CHAINED, 700, 60))));
        return new RunDescription(options, results, MACHINE, "2026-12-02T15:17:53Z");
    }

    private static Path write(RunDescription run, Path dir) throws Exception {
        Files.writeString(dir.resolve("measurements.csv"), CsvReport.measurements(run), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("warmup.csv"), CsvReport.warmup(run), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("results.json"), JsonReport.render(run), StandardCharsets.UTF_8);
        return dir;
    }

    @Test
    void aRunReadBackReportsWhatItReportedWhenItRan(@TempDir Path dir) throws Exception {
        for (String[] args : List.of(new String[]{"--scenarios", "update,rows_100_all_types,take_10_of_30m",
                "--peers", "pgjdbc"}, new String[]{"--full", "--scenarios", "update,rows_100_all_types,take_10_of_30m",
                "--peers", "pgjdbc"})) {
            RunDescription original = run(args);
            RunDescription read = RecordedRun.read(write(original, dir), dir.resolve("out"));
            assertThat(read.options().mode()).isEqualTo(original.options().mode());
            assertThat(read.options().rounds()).isEqualTo(original.options().rounds());
            assertThat(read.options().margin()).isEqualTo(original.options().margin());
            assertThat(read.options().outputDirectory()).isEqualTo(dir.resolve("out"));
            assertThat(read.results().margin()).isEqualTo(original.results().margin());
            assertThat(read.machine()).isEqualTo(MACHINE);
            assertThat(read.startedAt()).isEqualTo("2026-12-02T15:17:53Z");
            assertThat(CsvReport.measurements(read)).isEqualTo(CsvReport.measurements(original));
            assertThat(CsvReport.warmup(read)).isEqualTo(CsvReport.warmup(original));
            assertThat(CsvReport.summary(read)).isEqualTo(CsvReport.summary(original));
            assertThat(JsonReport.render(read)).isEqualTo(JsonReport.render(original));
        }
    }

    @Test
    void theVerdictsFollowTheCurrentRuleNotTheRecordedOnes(@TempDir Path dir) throws Exception {
        RunDescription original = run("--scenarios", "update", "--peers", "pgjdbc");
        String json = JsonReport.render(original).replace("\"verdict\": \"", "\"verdict\": \"WAS_");
        write(original, dir);
        Files.writeString(dir.resolve("results.json"), json, StandardCharsets.UTF_8);
        RunDescription read = RecordedRun.read(dir, dir);
        Marker marker = read.results().compare(Peer.PGJDBC, Scenario.UPDATE, LoopShape.BLOCKING, Metric.THROUGHPUT)
                .marker();
        assertThat(marker).isEqualTo(original.results().compare(Peer.PGJDBC, Scenario.UPDATE, LoopShape.BLOCKING,
                Metric.THROUGHPUT).marker());
    }

    @Test
    void aMissingFileOrColumnIsAClearError(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> RecordedRun.read(dir, dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("results.json");
        write(run("--scenarios", "update", "--peers", "pgjdbc"), dir);
        Files.writeString(dir.resolve("measurements.csv"), "header\n1,1,pgfast,1,update,chained,OK,5\n");
        assertThatThrownBy(() -> RecordedRun.read(dir, dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("columns");
    }

    @Test
    void csvFieldsFollowRfc4180Quoting() {
        assertThat(RecordedRun.fields("a,\"b, c\",\"say \"\"hi\"\"\",")).containsExactly("a", "b, c", "say \"hi\"", "");
        assertThatThrownBy(() -> RecordedRun.fields("a,\"b")).isInstanceOf(IllegalArgumentException.class);
    }
}
