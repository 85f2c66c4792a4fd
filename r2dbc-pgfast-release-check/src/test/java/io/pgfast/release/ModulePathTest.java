package io.pgfast.release;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.File;
import java.io.IOException;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The published jars as modules: their descriptors name a stable module, export only the API and
 * require every Netty module the code uses; and a small application ({@code src/test/modcheck}) is
 * compiled and run in a fresh JVM both on the module path ({@code java --module-path … -m}) and on
 * the class path, where it discovers the driver, configures it and lets it try a connection.
 */
class ModulePathTest {

    private static final Path ROOT = Path.of(System.getProperty("pgfast.root", ".."));
    private static final String VERSION = System.getProperty("pgfast.version");
    private static final Path APP = Path.of("src/test/modcheck");
    /** Where in the local repository the driver's runtime dependencies live (the test class path also holds test tools). */
    private static final List<String> RUNTIME = List.of("/io/netty/", "/io/projectreactor/", "/io/r2dbc/r2dbc-spi/",
            "/org/reactivestreams/");

    private static List<Path> modulePath;

    private static Path jar(String module) {
        return ROOT.resolve(module).resolve("target").resolve(module + "-" + VERSION + ".jar");
    }

    @BeforeAll
    static void collect() {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        modulePath = new ArrayList<>(List.of(jar("r2dbc-pgfast-core"), jar("r2dbc-pgfast-codecs")));
        for (String entry : classPath.split(File.pathSeparator)) {
            String unix = entry.replace(File.separatorChar, '/');
            if (entry.endsWith(".jar") && RUNTIME.stream().anyMatch(unix::contains)) {
                modulePath.add(Path.of(entry));
            }
        }
        assertThat(modulePath).allSatisfy(p -> assertThat(p).exists());
        assertThat(modulePath.size()).isGreaterThan(8);
    }

    private static ModuleDescriptor descriptor(String name) {
        return ModuleFinder.of(jar("r2dbc-pgfast-core"), jar("r2dbc-pgfast-codecs")).find(name).orElseThrow().descriptor();
    }

    private static Set<String> exportedToAll(ModuleDescriptor d) {
        return d.exports().stream().filter(e -> !e.isQualified()).map(ModuleDescriptor.Exports::source).collect(Collectors.toSet());
    }

    @Test
    void theCoreModuleExportsOnlyItsApi() {
        ModuleDescriptor core = descriptor("io.pgfast.r2dbc");
        assertThat(core.isAutomatic()).isFalse();
        assertThat(exportedToAll(core)).containsExactlyInAnyOrder("io.pgfast.r2dbc", "io.pgfast.config", "io.pgfast.error",
                "io.pgfast.replication", "io.pgfast.replication.pgoutput", "io.pgfast.observation.micrometer", "io.pgfast.pool");
        assertThat(core.exports()).noneMatch(ModuleDescriptor.Exports::isQualified);
        assertThat(core.packages()).contains("io.pgfast.flow", "io.pgfast.transport", "io.pgfast.protocol", "io.pgfast.connect");
        assertThat(core.requires().stream().map(ModuleDescriptor.Requires::name)).contains("io.netty.buffer", "io.netty.common",
                "io.netty.transport", "io.netty.transport.unix.common", "io.netty.codec", "io.netty.handler", "reactor.netty.core",
                "r2dbc.spi", "io.pgfast.codec");
        // SCRAM and SASLprep are the driver's own: no com.ongres module, whose packages other drivers' versions share
        assertThat(core.requires().stream().map(ModuleDescriptor.Requires::name)).noneMatch(n -> n.startsWith("com.ongres"));
        assertThat(core.provides()).anySatisfy(p -> {
            assertThat(p.service()).isEqualTo("io.r2dbc.spi.ConnectionFactoryProvider");
            assertThat(p.providers()).containsExactly("io.pgfast.r2dbc.PgfastConnectionFactoryProvider",
                    "io.pgfast.pool.PgfastPoolConnectionFactoryProvider");
        });
    }

    @Test
    void theCodecsModuleExportsTheSpiAndItsTypesToAll() {
        ModuleDescriptor codecs = descriptor("io.pgfast.codec");
        assertThat(exportedToAll(codecs)).containsExactlyInAnyOrder("io.pgfast.codec", "io.pgfast.codec.type", "io.pgfast.codec.oid",
                "io.pgfast.codec.compat");
        assertThat(codecs.exports()).filteredOn(ModuleDescriptor.Exports::isQualified)
                .allSatisfy(e -> assertThat(e.targets()).containsExactly("io.pgfast.r2dbc"));
        assertThat(codecs.uses()).containsExactly("io.pgfast.codec.Codec");
    }

    /**
     * The compat jar on the module path is the automatic module {@code r2dbc.postgresql}, the name r2dbc-postgresql's
     * jar has; its codec service is a class of its own, which resolving and binding it beside the driver requires.
     */
    @Test
    void theCompatJarResolvesAsR2dbcPostgresqlBesideTheDriver() {
        List<Path> path = new ArrayList<>(modulePath);
        path.add(jar("r2dbc-pgfast-postgresql-compat"));
        ModuleFinder finder = ModuleFinder.of(path.toArray(Path[]::new));
        ModuleDescriptor compat = finder.find("r2dbc.postgresql").orElseThrow().descriptor();
        assertThat(compat.isAutomatic()).isTrue();
        assertThat(compat.packages()).contains("io.r2dbc.postgresql.codec", "io.pgfast.compat");
        assertThat(compat.provides()).singleElement().satisfies(p -> {
            assertThat(p.service()).isEqualTo("io.pgfast.codec.Codec");
            assertThat(p.providers()).containsExactly("io.pgfast.compat.DefaultTypes");
        });
        Configuration resolved = ModuleLayer.boot().configuration().resolveAndBind(finder, ModuleFinder.of(),
                Set.of("io.pgfast.r2dbc", "r2dbc.postgresql"));
        assertThat(resolved.findModule("r2dbc.postgresql")).isPresent();
        assertThat(resolved.findModule("io.pgfast.codec")).isPresent();
    }

    /** Compiles the application: as a module when {@code modular}, else its Main alone against the class path. */
    private static Path compile(Path out, boolean modular) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("--release", "17", "-d", out.toString(),
                modular ? "--module-path" : "-classpath", join(modulePath)));
        try (Stream<Path> files = Files.walk(APP)) {
            files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> modular || !p.getFileName().toString().equals("module-info.java"))
                    .forEach(p -> args.add(p.toString()));
        }
        int status = javac.run(null, null, null, args.toArray(String[]::new));
        assertThat(status).as("javac " + args).isZero();
        return out;
    }

    private static String join(List<Path> paths) {
        return paths.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }

    private static String run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        return output;
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static String freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return Integer.toString(s.getLocalPort());
        }
    }

    @Test
    void anApplicationRunsTheDriverOnTheModulePath() throws Exception {
        Path app = compile(Files.createTempDirectory("modcheck-module"), true);
        List<Path> path = new ArrayList<>(modulePath);
        path.add(0, app);
        String output = run(List.of(java(), "--module-path", join(path), "-m", "io.pgfast.modcheck/io.pgfast.modcheck.Main", freePort()));
        assertThat(output).contains("factory io.pgfast.r2dbc.PgfastConnectionFactory in module io.pgfast.r2dbc",
                "codec types in module io.pgfast.codec", "schema app", "exports io.pgfast.flow: false",
                "exports io.pgfast.r2dbc: true", "connect failed as expected", "OK");
    }

    @Test
    void anApplicationRunsTheDriverOnTheClassPath() throws Exception {
        Path app = compile(Files.createTempDirectory("modcheck-classpath"), false);
        List<Path> path = new ArrayList<>(modulePath);
        path.add(0, app);
        String output = run(List.of(java(), "-cp", join(path), "io.pgfast.modcheck.Main", freePort()));
        assertThat(output).contains("factory io.pgfast.r2dbc.PgfastConnectionFactory in the unnamed module",
                "codec types in the unnamed module", "schema app", "connect failed as expected", "OK");
        assertThat(Arrays.asList(output.split("\n"))).noneMatch(l -> l.startsWith("exports"));
    }
}
