package io.pgfast.bench;

/**
 * One driver's implementation of the scenarios, inside a worker process. A workload opens its connections
 * when a scenario is prepared and the returned {@link Operation} closes them.
 */
public interface Workload {

    /**
     * Opens what {@code scenario} needs (connections, pools, statements) and returns its operation.
     *
     * @throws NotApplicableException if this driver cannot run the scenario at all
     * @throws Exception              if opening failed
     */
    Operation prepare(Scenario scenario, ScenarioData data) throws Exception;
}
