package io.pgfast.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Keeps the arrows pointing one way (design.md, "Modules and packages"; each package-info says what its
 * package may import): the codecs know nothing of core; the protocol is pure; the transport knows nothing of
 * the flows and the R2DBC faces; the flows know results only through {@code ResultFactory}; connecting knows
 * nothing of the faces; the configuration is plain values; the pool sits on top, imported by nothing of the driver. Checked on the compiled main classes of both
 * modules, so an import that only a comment mentions does not count and a fully qualified name in code does.
 */
class LayeringTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.pgfast");

    private static void check(ArchRule rule) {
        rule.check(CLASSES);
    }

    @Test
    void theClassesOfBothModulesAreSeen() {
        // a rule over an empty set passes: make sure the importer found what the rules are about
        org.assertj.core.api.Assertions.assertThat(CLASSES.containPackage("io.pgfast.codec.builtin")).isTrue();
        org.assertj.core.api.Assertions.assertThat(CLASSES.containPackage("io.pgfast.protocol.backend")).isTrue();
        org.assertj.core.api.Assertions.assertThat(CLASSES.containPackage("io.pgfast.r2dbc")).isTrue();
        org.assertj.core.api.Assertions.assertThat(CLASSES.containPackage("io.pgfast.pool")).isTrue();
    }

    @Test
    void codecsImportNothingOfCore() {
        check(noClasses().that().resideInAPackage("io.pgfast.codec..")
                .should().dependOnClassesThat().resideInAnyPackage("io.pgfast.protocol..", "io.pgfast.transport..",
                        "io.pgfast.flow..", "io.pgfast.connect..", "io.pgfast.config..", "io.pgfast.r2dbc..",
                        "io.pgfast.error..", "io.pgfast.observation..", "reactor..", "io.netty.channel.."));
    }

    @Test
    void theCodecPackagesFormNoCycle() {
        check(slices().matching("io.pgfast.codec.(*)..").should().beFreeOfCycles());
        // the SPI package is the bottom of the module
        check(noClasses().that().resideInAPackage("io.pgfast.codec")
                .should().dependOnClassesThat().resideInAnyPackage("io.pgfast.codec.*.."));
    }

    @Test
    void protocolIsPure() {
        check(noClasses().that().resideInAPackage("io.pgfast.protocol..")
                .should().dependOnClassesThat().resideInAnyPackage("io.pgfast.transport..", "io.pgfast.flow..",
                        "io.pgfast.connect..", "io.pgfast.config..", "io.pgfast.r2dbc..", "io.pgfast.observation..",
                        "reactor..", "io.netty.channel..", "io.r2dbc.."));
    }

    @Test
    void transportImportsNoFlowConnectConfigOrFaces() {
        check(noClasses().that().resideInAPackage("io.pgfast.transport..")
                .should().dependOnClassesThat().resideInAnyPackage("io.pgfast.flow..", "io.pgfast.connect..",
                        "io.pgfast.config..", "io.pgfast.r2dbc.."));
    }

    @Test
    void flowsImportNoConnectConfigOrFaces() {
        check(noClasses().that().resideInAPackage("io.pgfast.flow..")
                .should().dependOnClassesThat().resideInAnyPackage("io.pgfast.connect..", "io.pgfast.config..",
                        "io.pgfast.r2dbc.."));
    }

    @Test
    void connectingImportsNoFaces() {
        check(noClasses().that().resideInAPackage("io.pgfast.connect..")
                .should().dependOnClassesThat().resideInAPackage("io.pgfast.r2dbc.."));
    }

    @Test
    void configurationIsPlainValues() {
        check(noClasses().that().resideInAPackage("io.pgfast.config..")
                .should().dependOnClassesThat().resideInAnyPackage("io.pgfast.connect..", "io.pgfast.flow..",
                        "io.pgfast.transport..", "io.pgfast.protocol..", "io.pgfast.r2dbc..", "io.netty.channel.."));
    }

    @Test
    void errorsImportOnlyTheSpi() {
        check(noClasses().that().resideInAPackage("io.pgfast.error..")
                .should().dependOnClassesThat().resideInAnyPackage("io.pgfast.protocol..", "io.pgfast.transport..",
                        "io.pgfast.flow..", "io.pgfast.connect..", "io.pgfast.config..", "io.pgfast.r2dbc..",
                        "io.pgfast.codec..", "reactor.."));
    }

    @Test
    void nothingBelowThePoolImportsIt() {
        check(noClasses().that().resideOutsideOfPackage("io.pgfast.pool..")
                .should().dependOnClassesThat().resideInAPackage("io.pgfast.pool.."));
    }

    @Test
    void onlyOneClassOfThePoolImportsMicrometer() {
        // micrometer-core is optional: a pool without a MeterRegistry must load none of its classes
        check(noClasses().that().resideInAPackage("io.pgfast.pool..")
                .and().doNotHaveFullyQualifiedName("io.pgfast.pool.MicrometerPoolMeters")
                .should().dependOnClassesThat().resideInAnyPackage("io.micrometer.."));
    }

    @Test
    void thePackagesOfCoreFormNoCycle() {
        check(slices().matching("io.pgfast.(*)..").should().beFreeOfCycles());
    }
}
