package io.pgfast.bench.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WrkTest {

    @Test
    void theScriptsLineGivesTheWindowsFigures() throws IOException {
        String output = String.join("\n", "Running 1s test @ http://127.0.0.1:8080/db",
                "  Latency Distribution", "     50%    1.10ms", "     99%    3.45ms",
                "PGFAST-WRK requests=742 duration_us=1000627 p50_us=4741 p99_us=16823 connect=0 read=2 write=0 status=3 timeout=1",
                "Requests/sec:    741.54");
        WrkResult r = WrkResult.parse(output);
        assertThat(r.requests()).isEqualTo(742);
        assertThat(r.p50Micros()).isEqualTo(4741);
        assertThat(r.p99Micros()).isEqualTo(16823);
        assertThat(r.errors()).isEqualTo(6);
        assertThat(r.requestsPerSecond()).isCloseTo(741.54, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void outputWithoutTheLineIsAnError() {
        assertThatThrownBy(() -> WrkResult.parse("unable to connect to 127.0.0.1:1 Connection refused"))
                .isInstanceOf(IOException.class).hasMessageContaining("Connection refused");
    }

    @Test
    void theCommandRunsWhereThePrefixSaysWithTheScript(@TempDir Path dir) throws IOException {
        // built without find(), which needs wrk on the PATH
        Wrk wrk = new Wrk(List.of("taskset", "-c", "1"), dir.resolve("s.lua"));
        List<String> c = wrk.command("http://127.0.0.1:8080/db", 256, 2);
        assertThat(c.subList(0, 4)).containsExactly("taskset", "-c", "1", "wrk");
        assertThat(String.join(" ", c)).contains("-t 2 -c 256 -d 2s").contains("--latency")
                .contains("-s " + dir.resolve("s.lua")).endsWith("http://127.0.0.1:8080/db");
        assertThat(Wrk.threads(16)).isEqualTo(1);
    }

    @Test
    void theScriptPrintsEveryFigureTheParserReads() {
        for (String key : List.of("requests=", "duration_us=", "p50_us=", "p99_us=", "connect=", "read=", "write=",
                "status=", "timeout=")) {
            assertThat(Wrk.SCRIPT).contains(key);
        }
        assertThat(Wrk.SCRIPT).contains(WrkResult.MARKER).contains("latency:percentile(99)");
    }

    @Test
    void theServerLogCountsEveryConnectionReceivedSinceAnOffset(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("server.log");
        String line = "2026-12-06 05:00:00.000 UTC [123] LOG:  connection received: host=127.0.0.1 port=5555\n";
        java.nio.file.Files.writeString(file, line + line);
        ServerLog log = new ServerLog(file);
        long offset = log.end();
        assertThat(log.connectionsSince(0)).isEqualTo(2);
        assertThat(log.connectionsSince(offset)).isZero();
        java.nio.file.Files.writeString(file, line + "LOG:  connection authorized: user=x\n" + line + line,
                java.nio.file.StandardOpenOption.APPEND);
        assertThat(log.connectionsSince(offset)).isEqualTo(3);
    }

}
