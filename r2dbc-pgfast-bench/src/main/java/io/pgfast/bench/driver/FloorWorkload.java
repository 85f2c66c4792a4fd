package io.pgfast.bench.driver;

import io.pgfast.bench.BenchTarget;
import io.pgfast.bench.NotApplicableException;
import io.pgfast.bench.Operation;
import io.pgfast.bench.Scenario;
import io.pgfast.bench.ScenarioData;
import io.pgfast.bench.Sink;
import io.pgfast.bench.Sql;
import io.pgfast.bench.Workload;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The raw socket floor: the same rows as the read scenarios, asked for with one simple-query string (the
 * values written into the SQL) and drained up to ReadyForQuery without decoding anything. Scenarios that need
 * parameters, transactions, portals or a pool are "n/a" here.
 */
public final class FloorWorkload implements Workload {
    /** Why the floor has no number for the other scenarios. */
    public static final String NOT_APPLICABLE = "the raw socket floor only sends fixed simple queries";

    private final BenchTarget target;

    public FloorWorkload(BenchTarget target) {
        this.target = target;
    }

    /** Which scenarios the floor runs; the others throw {@link NotApplicableException} from {@link #prepare}. */
    public static boolean supports(Scenario scenario) {
        return request(scenario) != null;
    }

    private static byte[] request(Scenario scenario) {
        switch (scenario) {
            case ONE_ROW_ALL_TYPES:
                return FloorConnection.queryMessage(Sql.literal(Sql.ONE_ROW_ALL_TYPES, ScenarioData.FIRST_ID));
            case ROWS_100_ALL_TYPES:
            case PIPELINED:
                return range(Sql.ALL_TYPES_RANGE, 100);
            case ROWS_500_ALL_TYPES:
                return range(Sql.ALL_TYPES_RANGE, 500);
            case ROWS_500_SIMPLE_TYPES:
                return range(Sql.SIMPLE_TYPES_RANGE, 500);
            case ROWS_5000_SHORT:
                return range(Sql.SHORT_RANGE, 5000);
            default:
                return null;
        }
    }

    private static int expectedRows(Scenario scenario) {
        switch (scenario) {
            case ONE_ROW_ALL_TYPES:
                return 1;
            case ROWS_100_ALL_TYPES:
                return 100;
            case PIPELINED:
                return 100 * ScenarioData.PIPELINE_DEPTH;
            case ROWS_5000_SHORT:
                return 5000;
            default:
                return 500;
        }
    }

    private static byte[] range(String sql, int rows) {
        return FloorConnection.queryMessage(Sql.literal(sql, ScenarioData.FIRST_ID, ScenarioData.FIRST_ID + rows - 1));
    }

    @Override
    public Operation prepare(Scenario scenario, ScenarioData data) throws NotApplicableException, IOException {
        byte[] one = request(scenario);
        if (one == null) {
            throw new NotApplicableException(NOT_APPLICABLE);
        }
        int ready = scenario == Scenario.PIPELINED ? ScenarioData.PIPELINE_DEPTH : 1;
        byte[] request = new byte[one.length * ready];
        for (int i = 0; i < ready; i++) {
            System.arraycopy(one, 0, request, i * one.length, one.length);
        }
        int expected = expectedRows(scenario);
        FloorConnection connection = FloorConnection.open(target.host(), target.port(), target.user(), target.database());
        return new Operation() {
            @Override
            public CompletionStage<?> start() {
                try {
                    Sink.take(Checks.count(connection.exchange(request, ready), expected));
                    return CompletableFuture.completedFuture(null);
                } catch (IOException | RuntimeException e) {
                    return CompletableFuture.failedFuture(e);
                }
            }

            @Override
            public void close() {
                try {
                    connection.close();
                } catch (IOException e) {
                    System.err.println("[worker] closing the floor socket: " + e);
                }
            }
        };
    }
}
