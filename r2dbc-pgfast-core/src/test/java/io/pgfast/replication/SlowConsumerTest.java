package io.pgfast.replication;

import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A change stream far larger than the heap, consumed slowly, in a child JVM whose heap and direct memory
 * are capped at 64 MB ({@link ReplicationStreamMain}): it only completes if the driver reads no more than
 * is asked for, so the changes wait on the server, not in the client.
 *
 * <p>The CI test streams 120 000 rows of 1000 characters (about 120 MB of changes). The million-row run is
 * opt-in, as it takes minutes: {@code ./mvnw -B -pl r2dbc-pgfast-core -am verify -Dtest=SlowConsumerTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dpgfast.replication.million=true}; its figures are in
 * docs/replication.md.
 */
@RequiresPostgres
class SlowConsumerTest {

    @Test
    void aStreamFarLargerThanTheHeapToASlowConsumer() throws Exception {
        String output = run(120_000, 1000, 40_000);
        assertThat(output).contains("inserts=120000 chars=120000000 ");
    }

    @Test
    @EnabledIfSystemProperty(named = "pgfast.replication.million", matches = "true")
    void aMillionRowStreamToASlowConsumer() throws Exception {
        String output = run(1_000_000, 200, 100_000);
        assertThat(output).contains("inserts=1000000 chars=200000000 ");
    }

    /** Inserts {@code rows} in transactions of 10 000 into a published table, then streams them in the child. */
    private static String run(int rows, int width, int gcEvery) throws IOException, InterruptedException {
        TestServer s = TestDb.server();
        TestRole role = s.replicationRole();
        PgfastConnection sql = Repl.sql();
        ReplicationConnection replication = Repl.open();
        String table = TestDb.unique("t");
        String publication = TestDb.unique("pub");
        String slot = TestDb.unique("slot");
        try {
            TestDb.run(sql, "CREATE TABLE " + table + " (id int PRIMARY KEY, pad text)", "CREATE PUBLICATION " + publication + " FOR TABLE " + table);
            replication.createSlot(CreateReplicationSlot.logical(slot).snapshot(SlotSnapshot.NOTHING)).block(TestDb.TIMEOUT);
            Repl.close(replication);
            TestDb.run(sql, "DO $$ BEGIN FOR b IN 0.." + (rows / 10_000 - 1) + " LOOP INSERT INTO " + table
                    + " SELECT g, repeat('x', " + width + ") FROM generate_series(b * 10000 + 1, b * 10000 + 10000) g; COMMIT; END LOOP; END $$");

            String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            String javaBin = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
            List<String> command = new ArrayList<>(List.of(javaBin, "-Xmx64m", "-XX:MaxDirectMemorySize=64m",
                    "-Dio.netty.leakDetection.level=simple", "-cp", classpath, ReplicationStreamMain.class.getName(),
                    s.host(), String.valueOf(s.port()), s.database(), role.user(), role.password(), slot, publication,
                    String.valueOf(rows), String.valueOf(gcEvery)));
            File log = File.createTempFile("replication-stream", ".log");
            log.deleteOnExit();
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
            boolean exited = p.waitFor(rows > 200_000 ? 60 : 10, TimeUnit.MINUTES);
            if (!exited) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            String output = new String(Files.readAllBytes(log.toPath()), StandardCharsets.UTF_8);
            System.out.println("child JVM (-Xmx64m, " + rows + " rows of " + width + " characters): " + output.strip());
            assertThat(exited).as("child finished; output:\n%s", output).isTrue();
            assertThat(p.exitValue()).as("child exit status; output:\n%s", output).isZero();
            return output;
        } finally {
            TestDb.await("slot " + slot + " to be free", () -> Repl.activePid(sql, slot) == 0);
            TestDb.run(sql, "SELECT pg_drop_replication_slot('" + slot + "')", "DROP PUBLICATION " + publication, "DROP TABLE " + table);
            Repl.close(replication);
            TestDb.close(sql);
        }
    }
}
