package io.pgfast.bench.driver;

import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.bench.BenchTarget;
import io.pgfast.bench.NotApplicableException;
import io.pgfast.bench.Operation;
import io.pgfast.bench.Scenario;
import io.pgfast.bench.ScenarioData;
import io.pgfast.bench.Sink;
import io.pgfast.bench.Sql;
import io.pgfast.bench.Workload;

import io.pgfast.codec.CodecRegistry;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * The raw socket floor: the same statements as the plain read scenarios, prepared once as named statements,
 * then run with Bind/Execute/Sync asking for the result formats pgfast asks for (binary where pgfast has a
 * binary decoder), so the server sends the same bytes; the response is drained up to ReadyForQuery without
 * decoding anything. Scenarios that need writes, transactions, portals or a pool are "n/a" here.
 */
public final class FloorWorkload implements Workload {
    /** Why the floor has no number for the other scenarios. */
    public static final String NOT_APPLICABLE = "the raw socket floor only runs the plain selects";
    private static final String STATEMENT = "floor_1";

    private final BenchTarget target;

    public FloorWorkload(BenchTarget target) {
        this.target = target;
    }

    /** Which scenarios the floor runs; the others throw {@link NotApplicableException} from {@link #prepare}. */
    public static boolean supports(Scenario scenario) {
        return plan(scenario) != null;
    }

    /** What one operation of a scenario sends and how many rows come back; null if the floor has none. */
    private static Plan plan(Scenario scenario) {
        switch (scenario) {
            case ONE_ROW_ALL_TYPES:
                return Plan.fixed(Sql.ONE_ROW_ALL_TYPES, new long[]{ScenarioData.FIRST_ID}, 1, 1);
            case ROWS_100_ALL_TYPES:
                return range(Sql.ALL_TYPES_RANGE, 100, 1);
            case PIPELINED:
                return range(Sql.ALL_TYPES_RANGE, 100, ScenarioData.PIPELINE_DEPTH);
            case ROWS_500_ALL_TYPES:
                return range(Sql.ALL_TYPES_RANGE, 500, 1);
            case ROWS_500_SIMPLE_TYPES:
                return range(Sql.SIMPLE_TYPES_RANGE, 500, 1);
            case ROWS_5000_SHORT:
                return range(Sql.SHORT_RANGE, 5000, 1);
            case SELECT_BY_ID:
            case SELECT_BY_ID_FIRST:
                return new Plan(Sql.SHORT_BY_ID, () -> new long[]{ScenarioData.randomShortId()}, false, 1, 1);
            default:
                return null;
        }
    }

    private static Plan range(String sql, int rows, int depth) {
        return Plan.fixed(sql, new long[]{ScenarioData.FIRST_ID, ScenarioData.FIRST_ID + rows - 1}, rows, depth);
    }

    /** pgfast's choice: binary for every column whose type it decodes in binary, one code when all agree. */
    static short[] resultFormats(int[] columnTypes) {
        CodecRegistry codecs = DefaultCodecRegistry.builtins();
        short[] formats = new short[columnTypes.length];
        boolean allBinary = true;
        for (int i = 0; i < columnTypes.length; i++) {
            boolean binary = codecs.binaryDecodable(columnTypes[i]);
            formats[i] = (short) (binary ? 1 : 0);
            allBinary &= binary;
        }
        return allBinary ? new short[]{1} : formats;
    }

    @Override
    public Operation prepare(Scenario scenario, ScenarioData data) throws NotApplicableException, IOException {
        Plan plan = plan(scenario);
        if (plan == null) {
            throw new NotApplicableException(NOT_APPLICABLE);
        }
        FloorConnection connection = FloorConnection.open(target.host(), target.port(), target.user(), target.database());
        short[] formats;
        try {
            formats = resultFormats(connection.prepare(STATEMENT, plan.sql));
        } catch (IOException | RuntimeException e) {
            connection.close();
            throw e;
        }
        byte[] fixed = plan.fixed ? request(plan, formats) : null;
        return new Operation() {
            @Override
            public CompletionStage<?> start() {
                try {
                    runBlocking();
                    return CompletableFuture.completedFuture(null);
                } catch (IOException | RuntimeException e) {
                    return CompletableFuture.failedFuture(e);
                }
            }

            @Override
            public void runBlocking() throws IOException {
                byte[] request = fixed != null ? fixed : request(plan, formats);
                int rows = connection.exchange(request, plan.depth);
                Sink.take(Checks.count(rows, (long) plan.rows * plan.depth));
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

    /** {@code plan.depth} Bind/Execute/Sync sequences in one write. */
    private static byte[] request(Plan plan, short[] formats) {
        byte[] one = FloorConnection.bindExecuteSync(STATEMENT, plan.values.get(), formats);
        byte[] all = new byte[one.length * plan.depth];
        for (int i = 0; i < plan.depth; i++) {
            System.arraycopy(one, 0, all, i * one.length, one.length);
        }
        return all;
    }

    private static final class Plan {
        final String sql;
        final Supplier<long[]> values;
        /** The same values every time, so the request is built once. */
        final boolean fixed;
        final int rows;
        final int depth;

        Plan(String sql, Supplier<long[]> values, boolean fixed, int rows, int depth) {
            this.sql = sql;
            this.values = values;
            this.fixed = fixed;
            this.rows = rows;
            this.depth = depth;
        }

        static Plan fixed(String sql, long[] values, int rows, int depth) {
            return new Plan(sql, () -> values, true, rows, depth);
        }
    }
}
