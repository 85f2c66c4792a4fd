package io.pgfast.bench.app;

import java.util.ArrayList;
import java.util.List;

/** One row of the table: an endpoint under a number of concurrent HTTP connections. */
public record AppScenario(Endpoint endpoint, int connections) {

    /** Every endpoint at every one of {@code connections}, endpoint by endpoint. */
    public static List<AppScenario> all(List<Integer> connections) {
        List<AppScenario> out = new ArrayList<>();
        for (Endpoint e : Endpoint.values()) {
            for (int c : connections) {
                out.add(new AppScenario(e, c));
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return endpoint.label() + " @" + connections;
    }
}
