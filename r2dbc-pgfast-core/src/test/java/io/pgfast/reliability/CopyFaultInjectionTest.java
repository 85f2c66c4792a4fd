package io.pgfast.reliability;

import io.pgfast.testing.RequiresPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Faults injected into COPY: copy-in in text and binary format, copy-out under backpressure, and a
 * copy-in whose publisher fails half-way. See {@link FaultMatrix} for the rules every case must keep and
 * {@link CopyCases} for what is checked on the table. The stalls run with socketTimeout and end by it.
 */
@RequiresPostgres
class CopyFaultInjectionTest {

    @AfterAll
    static void report() {
        CopyCases.cleanUp();
        Reliability.report("fault injection", FaultMatrix.figures());
    }

    @ParameterizedTest(name = "copyIn text, {0}")
    @EnumSource(FaultMatrix.Family.class)
    void copyInText(FaultMatrix.Family family) {
        FaultMatrix.run(Scenario.COPY_IN_TEXT, family);
    }

    /**
     * Binary rows from ByteBuf elements, which the driver must release whatever happens. The stalls are
     * the text case's: the same bytes on the wire up to the format, and each costs a socketTimeout.
     */
    @ParameterizedTest(name = "copyIn binary, {0}")
    @EnumSource(value = FaultMatrix.Family.class, mode = EnumSource.Mode.EXCLUDE, names = {"STALL_TO_SERVER", "STALL_TO_CLIENT"})
    void copyInBinary(FaultMatrix.Family family) {
        FaultMatrix.run(Scenario.COPY_IN_BINARY, family);
    }

    @ParameterizedTest(name = "copyOut, {0}")
    @EnumSource(FaultMatrix.Family.class)
    void copyOut(FaultMatrix.Family family) {
        FaultMatrix.run(Scenario.COPY_OUT, family);
    }

    /**
     * Only the faults that must not break anything: under them the publisher's error must still end the
     * copy with CopyFail and leave the connection usable. (Under the breaking faults the case cannot tell
     * the publisher's failure from the fault's; the copy-in cases above cover those.)
     */
    @ParameterizedTest(name = "copyIn with a failing publisher, {0}")
    @EnumSource(value = FaultMatrix.Family.class, names = {"DELAY", "FRAGMENT", "PAUSE_TO_CLIENT"})
    void copyInUpstreamError(FaultMatrix.Family family) {
        FaultMatrix.run(Scenario.COPY_IN_UPSTREAM_ERROR, family);
    }
}
