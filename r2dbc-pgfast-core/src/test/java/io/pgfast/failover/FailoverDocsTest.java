package io.pgfast.failover;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * docs/failover.md shows the listener code that {@link DocumentedListener} runs in every failover round,
 * word for word (indentation aside): the guide cannot drift from code that is known to work.
 */
class FailoverDocsTest {
    private static final Path GUIDE = Path.of("../docs/failover.md");
    private static final Path SOURCE = Path.of("src/test/java/io/pgfast/failover/DocumentedListener.java");

    @Test
    void theGuideShowsTheListenerTheFailoverTestRuns() throws IOException {
        List<String> source = Files.readAllLines(SOURCE, StandardCharsets.UTF_8);
        int begin = source.indexOf("        // docs/failover.md: begin");
        int end = source.indexOf("        // docs/failover.md: end");
        assertThat(begin).as("the begin marker in " + SOURCE).isNotNegative();
        assertThat(end).as("the end marker in " + SOURCE).isGreaterThan(begin + 1);
        String snippet = normalize(source.subList(begin + 1, end));
        String guide = normalize(Files.readAllLines(GUIDE, StandardCharsets.UTF_8));
        assertThat(guide).contains(snippet);
    }

    /** Lines without their indentation, joined; blank lines dropped. */
    private static String normalize(List<String> lines) {
        return lines.stream().map(String::strip).filter(l -> !l.isEmpty()).collect(Collectors.joining("\n"));
    }
}
