package io.pgfast.reliability;

import io.pgfast.testing.RequiresPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Faults injected into an open connection's traffic: a simple query, an extended query, pipelined
 * statements and LISTEN with notifications. See {@link FaultMatrix} for the rules every case must keep.
 * A stall runs with socketTimeout set and must end by it ({@link FaultMatrix#SOCKET_TIMEOUT}, one each):
 * toward the client on the simple and extended queries, toward the server on the extended query and the
 * pipeline. LISTEN has none: a stall after its statement leaves an idle connection waiting for
 * notifications, which socketTimeout rightly leaves alone, so only the caller's timeout would end it.
 */
@RequiresPostgres
class QueryFaultInjectionTest {

    @AfterAll
    static void report() {
        Scenario.closeNotifier();
        Reliability.report("fault injection", FaultMatrix.figures());
    }

    @ParameterizedTest(name = "simple query, {0}")
    @EnumSource(value = FaultMatrix.Family.class, mode = EnumSource.Mode.EXCLUDE, names = "STALL_TO_SERVER")
    void simpleQuery(FaultMatrix.Family family) {
        FaultMatrix.run(Scenario.SIMPLE_QUERY, family);
    }

    @ParameterizedTest(name = "extended query, {0}")
    @EnumSource(FaultMatrix.Family.class)
    void extendedQuery(FaultMatrix.Family family) {
        FaultMatrix.run(Scenario.EXTENDED_QUERY, family);
    }

    @ParameterizedTest(name = "pipelined statements, {0}")
    @EnumSource(value = FaultMatrix.Family.class, mode = EnumSource.Mode.EXCLUDE, names = "STALL_TO_CLIENT")
    void pipelined(FaultMatrix.Family family) {
        FaultMatrix.run(Scenario.PIPELINED, family);
    }

    @ParameterizedTest(name = "LISTEN, {0}")
    @EnumSource(value = FaultMatrix.Family.class, mode = EnumSource.Mode.EXCLUDE, names = {"STALL_TO_SERVER", "STALL_TO_CLIENT"})
    void listen(FaultMatrix.Family family) {
        FaultMatrix.run(Scenario.LISTEN, family);
    }
}
