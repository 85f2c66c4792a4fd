package io.pgfast.reliability;

import io.pgfast.testing.RequiresPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The fault matrix with connections acquired from the driver's pool: a fault in the startup (the acquisition), in a
 * simple query and in an extended query, each family at the same positions as without the pool. See
 * {@link FaultMatrix#runThroughPool} for the pool's rules on top of the matrix's.
 */
@RequiresPostgres
class PoolFaultInjectionTest {

    @AfterAll
    static void report() {
        Reliability.report("fault injection through the pool", FaultMatrix.figures());
    }

    @ParameterizedTest(name = "startup, {0}")
    @EnumSource(FaultMatrix.Family.class)
    void startup(FaultMatrix.Family family) {
        FaultMatrix.runThroughPool(Scenario.STARTUP_PLAIN, family);
    }

    @ParameterizedTest(name = "simple query, {0}")
    @EnumSource(value = FaultMatrix.Family.class, mode = EnumSource.Mode.EXCLUDE, names = "STALL_TO_SERVER")
    void simpleQuery(FaultMatrix.Family family) {
        FaultMatrix.runThroughPool(Scenario.SIMPLE_QUERY, family);
    }

    @ParameterizedTest(name = "extended query, {0}")
    @EnumSource(FaultMatrix.Family.class)
    void extendedQuery(FaultMatrix.Family family) {
        FaultMatrix.runThroughPool(Scenario.EXTENDED_QUERY, family);
    }
}
