package io.pgfast.bench.parser;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CoreBeforeAfterTest {

    @TempDir
    Path dir;

    @Test
    void theBeforeJarsComeFirstOnTheForksClassPathThenTheHostsOwn() throws Exception {
        Files.createFile(dir.resolve("r2dbc-pgfast-core-0.1.0-SNAPSHOT.jar"));
        Files.createFile(dir.resolve("r2dbc-pgfast-codecs-0.1.0-SNAPSHOT.jar"));
        Files.createFile(dir.resolve("notes.txt"));
        List<Path> jars = CoreBeforeAfter.jars(dir);
        assertThat(jars).extracting(p -> p.getFileName().toString())
                .containsExactly("r2dbc-pgfast-codecs-0.1.0-SNAPSHOT.jar", "r2dbc-pgfast-core-0.1.0-SNAPSHOT.jar");
        String host = "r2dbc-pgfast-bench/target/r2dbc-pgfast-bench.jar";
        assertThat(CoreBeforeAfter.classPath(jars, host).split(File.pathSeparator)).containsExactly(
                jars.get(0).toString(), jars.get(1).toString(), host);
        assertThat(CoreBeforeAfter.classPath(List.of(), host)).isEqualTo(host);
    }

    @Test
    void aDirectoryWithoutJarsOrNoDirectoryIsRefused() {
        assertThatThrownBy(() -> CoreBeforeAfter.jars(dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("holds no jar");
        assertThatThrownBy(() -> CoreBeforeAfter.jars(dir.resolve("missing"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not a directory");
    }

    @Test
    void aForkMustLoadItsSidesClasses() throws Exception {
        Path core = Files.createFile(dir.resolve("r2dbc-pgfast-core.jar"));
        Path codecs = Files.createFile(dir.resolve("r2dbc-pgfast-codecs.jar"));
        List<Path> before = CoreBeforeAfter.jars(dir);
        String fromBefore = core.toUri().toURL() + "\n" + codecs.toUri().toURL() + "\n";
        String fromHost = Path.of("target", "classes").toUri().toURL() + "\n"
                + Path.of("lib", "r2dbc-pgfast-codecs.jar").toUri().toURL() + "\n";

        assertThatCode(() -> CoreBeforeAfter.check(ParserRun.Path.BEFORE, fromBefore, before, before))
                .doesNotThrowAnyException();
        assertThatCode(() -> CoreBeforeAfter.check(ParserRun.Path.AFTER, fromHost, List.of(), before))
                .doesNotThrowAnyException();
        // a before fork that ran the host's classes: the comparison of a build with itself
        assertThatThrownBy(() -> CoreBeforeAfter.check(ParserRun.Path.BEFORE, fromHost, before, before))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("the before fork loaded");
        assertThatThrownBy(() -> CoreBeforeAfter.check(ParserRun.Path.AFTER, fromBefore, List.of(), before))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("the after fork loaded");
        assertThatThrownBy(() -> CoreBeforeAfter.check(ParserRun.Path.BEFORE, "", before, before))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("did not say");
    }
}
