package io.pgfast.release;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a release of a published module consists of, read from what its build left in {@code target/}:
 * the jar, the sources and javadoc jars, and the consumer POM that is installed and deployed in place
 * of the module's own POM. Fails when a change loses the license, an attached jar, or lets the build's
 * test and benchmark BOMs (or the parent that imports them) into what a user resolves.
 */
class PublishedArtifactsTest {

    private static final Path ROOT = Path.of(System.getProperty("pgfast.root", ".."));
    private static final String VERSION = System.getProperty("pgfast.version");

    /** Group ids that only the build, tests or benchmarks use: none may reach a user. */
    private static final Set<String> BUILD_ONLY_GROUPS = Set.of("io.vertx", "org.testcontainers", "org.junit",
            "org.junit.jupiter", "org.junit.platform", "org.openjdk.jmh", "org.assertj", "net.jqwik", "org.bouncycastle",
            "org.postgresql", "com.zaxxer", "org.springframework", "io.zonky.test.postgres", "org.slf4j");

    private static Path artifact(String module, String classifier) {
        String name = module + "-" + VERSION + (classifier.isEmpty() ? "" : "-" + classifier) + ".jar";
        return ROOT.resolve(module).resolve("target").resolve(name);
    }

    private static Set<String> entries(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.stream().map(e -> e.getName()).collect(Collectors.toSet());
        }
    }

    private static String entry(Path jar, String name) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return new String(file.getInputStream(file.getEntry(name)).readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"r2dbc-pgfast-codecs", "r2dbc-pgfast-core", "r2dbc-pgfast-spring-boot", "r2dbc-pgfast-spring-boot3",
            "r2dbc-pgfast-postgresql-compat"})
    void theJarCarriesTheLicenseAndNotice(String module) throws IOException {
        Path jar = artifact(module, "");
        assertThat(jar).exists();
        assertThat(entries(jar)).contains("META-INF/LICENSE", "META-INF/NOTICE");
        assertThat(entry(jar, "META-INF/LICENSE")).contains("Apache License", "Version 2.0, January 2004");
        assertThat(entry(jar, "META-INF/LICENSE")).isEqualTo(Files.readString(ROOT.resolve("LICENSE")));
    }

    /** Boot finds the auto-configurations by this list only: a class renamed without it would silently drop out. */
    @Test
    void theSpringBootJarListsItsAutoConfigurations() throws IOException {
        assertThat(autoConfigurations("r2dbc-pgfast-spring-boot")).contains("io.pgfast.spring.boot.PgfastPoolAutoConfiguration",
                "io.pgfast.spring.boot.PgfastPoolMetricsAutoConfiguration");
    }

    /** Boot 3.5's auto-configuration is the spring-boot3 jar's; the metrics one comes from the spring-boot jar. */
    @Test
    void theSpringBoot3JarListsItsAutoConfiguration() throws IOException {
        assertThat(autoConfigurations("r2dbc-pgfast-spring-boot3"))
                .containsExactly("io.pgfast.spring.boot3.PgfastPoolBoot3AutoConfiguration");
    }

    /** The classes a jar's {@code AutoConfiguration.imports} lists, each checked to be in the jar. */
    private static List<String> autoConfigurations(String module) throws IOException {
        Path jar = artifact(module, "");
        String imports = entry(jar, "META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports");
        List<String> classes = imports.lines().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        assertThat(entries(jar)).containsAll(classes.stream().map(c -> c.replace('.', '/') + ".class").toList());
        return classes;
    }

    /**
     * Spring Boot 3 manages Netty 4.1: a consumer POM that named a Netty 4.2 artifact absent from 4.1
     * ({@code netty-codec-base}, {@code netty-codec-compression}) would put it, unmanaged, beside the 4.1 jars that
     * hold the same classes. Every Netty artifact named must be one Netty 4.1's BOM manages.
     */
    @ParameterizedTest
    @ValueSource(strings = {"r2dbc-pgfast-codecs", "r2dbc-pgfast-core", "r2dbc-pgfast-spring-boot", "r2dbc-pgfast-spring-boot3",
            "r2dbc-pgfast-postgresql-compat"})
    void theConsumerPomNamesOnlyNettyArtifactsThatNetty41Has(String module) throws Exception {
        Element bom = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(Path.of(System.getProperty("pgfast.netty41.bom")).toFile()).getDocumentElement();
        Set<String> netty41 = children(child(child(bom, "dependencyManagement"), "dependencies"), "dependency").stream()
                .map(d -> text(d, "artifactId")).collect(Collectors.toSet());
        assertThat(netty41).contains("netty-buffer", "netty-handler", "netty-codec");

        Element project = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(ROOT.resolve(module).resolve("target").resolve("consumer-pom.xml").toFile()).getDocumentElement();
        for (Element dependency : children(child(project, "dependencies"), "dependency")) {
            if ("io.netty".equals(text(dependency, "groupId"))) {
                assertThat(netty41).as("Netty 4.1 has " + text(dependency, "artifactId"))
                        .contains(text(dependency, "artifactId"));
            }
        }
    }

    /**
     * The compat jar stands in for r2dbc-postgresql: its module name, its value classes, its codec service, and no
     * driver, so that r2dbc:postgresql: URLs stay this driver's.
     */
    @Test
    void theCompatJarIsValueClassesAndACodecOnly() throws IOException {
        Path jar = artifact("r2dbc-pgfast-postgresql-compat", "");
        try (JarFile file = new JarFile(jar.toFile())) {
            assertThat(file.getManifest().getMainAttributes().getValue("Automatic-Module-Name")).isEqualTo("r2dbc.postgresql");
        }
        assertThat(entries(jar)).contains("io/r2dbc/postgresql/codec/Json.class", "io/r2dbc/postgresql/codec/Interval.class",
                "io/r2dbc/postgresql/codec/Point.class", "io/r2dbc/postgresql/codec/Box.class", "io/r2dbc/postgresql/codec/Circle.class",
                "io/r2dbc/postgresql/codec/Line.class", "io/r2dbc/postgresql/codec/Lseg.class", "io/r2dbc/postgresql/codec/Path.class",
                "io/r2dbc/postgresql/codec/Polygon.class", "io/r2dbc/postgresql/codec/Vector.class");
        assertThat(entries(jar)).noneMatch(e -> e.startsWith("io/r2dbc/postgresql/") && !e.startsWith("io/r2dbc/postgresql/codec/")
                && e.endsWith(".class"));
        assertThat(entries(jar)).doesNotContain("META-INF/services/io.r2dbc.spi.ConnectionFactoryProvider");
        assertThat(entry(jar, "META-INF/services/io.pgfast.codec.Codec").trim()).isEqualTo("io.pgfast.compat.DefaultTypes");
    }

    @ParameterizedTest
    @ValueSource(strings = {"r2dbc-pgfast-codecs", "r2dbc-pgfast-core", "r2dbc-pgfast-spring-boot", "r2dbc-pgfast-spring-boot3",
            "r2dbc-pgfast-postgresql-compat"})
    void sourcesAndJavadocJarsAreAttached(String module) throws IOException {
        Set<String> classes = entries(artifact(module, "")).stream().filter(n -> n.endsWith(".class") && !n.contains("$"))
                .collect(Collectors.toSet());
        Set<String> sources = entries(artifact(module, "sources"));
        assertThat(sources).contains("META-INF/LICENSE");
        // every top-level class has its source
        for (String c : classes) {
            assertThat(sources).as("source of " + c).contains(c.replace(".class", ".java"));
        }
        Set<String> javadoc = entries(artifact(module, "javadoc"));
        assertThat(javadoc).contains("index.html", "allclasses-index.html");
    }

    @ParameterizedTest
    @ValueSource(strings = {"r2dbc-pgfast-codecs", "r2dbc-pgfast-core", "r2dbc-pgfast-spring-boot", "r2dbc-pgfast-spring-boot3",
            "r2dbc-pgfast-postgresql-compat"})
    void theConsumerPomCarriesOnlyWhatTheLibraryNeeds(String module) throws Exception {
        Path pom = ROOT.resolve(module).resolve("target").resolve("consumer-pom.xml");
        assertThat(pom).exists();
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
        Element project = d.getDocumentElement();

        assertThat(child(project, "parent")).as("a parent would bring its dependencyManagement and BOMs").isNull();
        assertThat(child(project, "dependencyManagement")).as("no BOM imports for users").isNull();
        assertThat(child(project, "build")).isNull();
        assertThat(child(project, "profiles")).isNull();
        assertThat(text(project, "artifactId")).isEqualTo(module);
        assertThat(text(project, "version")).isEqualTo(VERSION);

        List<Element> dependencies = children(child(project, "dependencies"), "dependency");
        assertThat(dependencies).isNotEmpty();
        for (Element dependency : dependencies) {
            String id = text(dependency, "groupId") + ":" + text(dependency, "artifactId");
            assertThat(BUILD_ONLY_GROUPS).as(id).doesNotContain(text(dependency, "groupId"));
            assertThat(text(dependency, "version")).as("version of " + id).isNotBlank();
            assertThat(text(dependency, "scope")).as("scope of " + id).isIn(null, "compile", "runtime");
            assertThat(text(dependency, "type")).as("type of " + id).isIn(null, "jar");
        }

        // what Maven Central asks of a POM
        assertThat(text(project, "name")).isNotBlank();
        assertThat(text(project, "description")).isNotBlank();
        assertThat(text(project, "url")).isNotBlank();
        Element license = children(child(project, "licenses"), "license").get(0);
        assertThat(text(license, "name")).isEqualTo("Apache License, Version 2.0");
        assertThat(text(license, "url")).isEqualTo("https://www.apache.org/licenses/LICENSE-2.0.txt");
        assertThat(children(child(project, "developers"), "developer")).isNotEmpty();
        assertThat(text(child(project, "scm"), "connection")).startsWith("scm:git:");
        assertThat(text(child(project, "issueManagement"), "url")).isNotBlank();
    }

    private static Element child(Element parent, String name) {
        if (parent == null) {
            return null;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element && n.getNodeName().equals(name)) {
                return (Element) n;
            }
        }
        return null;
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> out = new ArrayList<>();
        if (parent != null) {
            NodeList nodes = parent.getChildNodes();
            for (int i = 0; i < nodes.getLength(); i++) {
                if (nodes.item(i) instanceof Element && nodes.item(i).getNodeName().equals(name)) {
                    out.add((Element) nodes.item(i));
                }
            }
        }
        return out;
    }

    private static String text(Element parent, String name) {
        Element e = child(parent, name);
        return e == null ? null : e.getTextContent().trim();
    }
}
