package io.pgfast.replication;

import io.pgfast.codec.type.Lsn;
import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.replication.example.OrderChanges;
import io.pgfast.replication.pgoutput.PgOutput;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The replication guide ({@code docs/replication.md}): its complete example is the source of
 * {@link OrderChanges} (without the package line), which runs here against a real server, restart
 * included; the pgoutput options its table names are methods of {@link PgOutput}.
 */
class ReplicationGuideTest {

    private static final Path GUIDE = Path.of("../docs/replication.md");
    private static final Path EXAMPLE = Path.of("src/test/java/io/pgfast/replication/example/OrderChanges.java");
    private static final Pattern OPTION_ROW = Pattern.compile("^\\| `([a-zA-Z]+)\\(");

    private static String guide() throws IOException {
        return Files.readString(GUIDE, StandardCharsets.UTF_8);
    }

    /** The code block under "## A complete example". */
    private static String exampleBlock(String guide) {
        int section = guide.indexOf("## A complete example");
        assertThat(section).as("the guide has its complete example").isPositive();
        int start = guide.indexOf("```java\n", section) + "```java\n".length();
        int end = guide.indexOf("```", start);
        return guide.substring(start, end);
    }

    @Test
    void theCompleteExampleIsTheTestedSource() throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(EXAMPLE, StandardCharsets.UTF_8));
        assertThat(lines.get(0)).startsWith("package ");
        assertThat(lines.get(1)).isEmpty();
        String source = lines.subList(2, lines.size()).stream().collect(Collectors.joining("\n", "", "\n"));
        assertThat(exampleBlock(guide())).isEqualTo(source);
    }

    @Test
    void theOptionsTableNamesPgOutputMethods() throws IOException {
        Set<String> methods = Arrays.stream(PgOutput.class.getMethods()).map(Method::getName).collect(Collectors.toSet());
        List<String> named = new ArrayList<>();
        for (String line : guide().split("\n")) {
            Matcher m = OPTION_ROW.matcher(line);
            if (m.find() && line.contains("|")) {
                named.add(m.group(1));
            }
        }
        assertThat(named).contains("publications", "binary", "messages", "streaming", "twoPhase", "origin", "protoVersion");
        assertThat(methods).containsAll(named.stream().filter(n -> !n.equals("snapshot")).toList());
    }

    @Test
    @RequiresPostgres
    void theExampleFollowsChangesAndResumesAfterARestart() {
        PgfastConnection sql = Repl.sql();
        String table = TestDb.unique("orders");
        String publication = TestDb.unique("orders_pub");
        String slot = TestDb.unique("orders_cdc");
        try {
            TestDb.run(sql, "CREATE TABLE " + table + " (id int PRIMARY KEY, item text, amount numeric)",
                    "CREATE PUBLICATION " + publication + " FOR TABLE " + table);
            Lsn start = OrderChanges.createSlot(Pg.replication().build(), slot).block(TestDb.TIMEOUT);
            assertThat(start.isValid()).isTrue();
            TestDb.run(sql, "INSERT INTO " + table + " VALUES (1, 'widget', 9.99), (2, 'gadget', 5)",
                    "UPDATE " + table + " SET amount = 10.49 WHERE id = 1",
                    "DELETE FROM " + table + " WHERE id = 2");

            List<String> applied = new CopyOnWriteArrayList<>();
            List<Lsn> acknowledged = OrderChanges.follow(Pg.replication().build(), slot, publication,
                            line -> Mono.fromRunnable(() -> applied.add(line)))
                    .take(3).collectList().block(TestDb.TIMEOUT);
            assertThat(applied).containsExactly("insert 1 widget 9.99", "insert 2 gadget 5", "update 1 widget 10.49", "delete 2");
            TestDb.await("the slot to confirm the last applied transaction",
                    () -> Repl.activePid(sql, slot) == 0 && Repl.confirmedFlush(sql, slot).equals(acknowledged.get(2)));

            // the application restarts: only what came after the last acknowledged transaction
            TestDb.run(sql, "INSERT INTO " + table + " VALUES (3, 'gizmo', 1.5)");
            applied.clear();
            OrderChanges.follow(Pg.replication().build(), slot, publication, line -> Mono.fromRunnable(() -> applied.add(line)))
                    .take(1).blockLast(TestDb.TIMEOUT);
            assertThat(applied).containsExactly("insert 3 gizmo 1.5");
        } finally {
            TestDb.await("slot " + slot + " to be free", () -> Repl.activePid(sql, slot) == 0);
            TestDb.run(sql, "SELECT pg_drop_replication_slot('" + slot + "')");
            TestDb.close(sql);
        }
    }
}
