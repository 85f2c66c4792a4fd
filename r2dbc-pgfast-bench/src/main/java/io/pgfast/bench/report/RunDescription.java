package io.pgfast.bench.report;

import io.pgfast.bench.BenchOptions;
import io.pgfast.bench.Peer;
import io.pgfast.bench.RunResults;
import io.pgfast.bench.Scenario;

import java.util.List;

/** Everything a report needs: the options, the results and the machine. */
public record RunDescription(BenchOptions options, RunResults results, MachineInfo machine, String startedAt) {

    public List<Scenario> scenarios() {
        return options.scenarios();
    }

    public List<Peer> peers() {
        return options.peers();
    }
}
