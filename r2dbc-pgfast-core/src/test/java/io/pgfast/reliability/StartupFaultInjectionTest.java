package io.pgfast.reliability;

import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Faults injected while a connection is made: plaintext startup, TLS (sslMode=require with the
 * harness CA) and SCRAM. See {@link FaultMatrix} for the rules every case must keep.
 */
@RequiresPostgres
class StartupFaultInjectionTest {

    @AfterAll
    static void report() {
        Reliability.report("fault injection", FaultMatrix.figures());
    }

    @ParameterizedTest(name = "plaintext startup, {0}")
    @EnumSource(FaultMatrix.Family.class)
    void plaintextStartup(FaultMatrix.Family family) {
        FaultMatrix.run(Scenario.STARTUP_PLAIN, family);
    }

    @ParameterizedTest(name = "TLS startup, {0}")
    @EnumSource(FaultMatrix.Family.class)
    void tlsStartup(FaultMatrix.Family family) {
        org.junit.jupiter.api.Assumptions.assumeTrue(TestDb.server().tlsVerifiable(), "the test server has no TLS with a known CA");
        FaultMatrix.run(Scenario.STARTUP_TLS, family);
    }

    @ParameterizedTest(name = "SCRAM, {0}")
    @EnumSource(value = FaultMatrix.Family.class, mode = EnumSource.Mode.EXCLUDE, names = {"STALL_TO_SERVER", "STALL_TO_CLIENT"})
    void scram(FaultMatrix.Family family) {
        FaultMatrix.run(Scenario.SCRAM, family);
    }
}
