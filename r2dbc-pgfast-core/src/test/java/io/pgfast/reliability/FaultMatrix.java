package io.pgfast.reliability;

import io.pgfast.pool.PgfastPool;
import io.pgfast.pool.PgfastPoolConfiguration;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.LeakChecker;
import io.pgfast.testing.LeakRecord;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.ValidationDepth;
import io.r2dbc.spi.Wrapped;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs a {@link Scenario} through a {@link FaultProxy} with one {@link Fault} per case and checks the
 * driver's side of it:
 * <ul>
 * <li>every case ends in success or an R2dbcException within a bound: {@link #CONNECT_TIMEOUT} for
 *     the connection (the driver's own connectTimeout), {@link #OPERATION_BOUND} for the operation;
 *     a blocked call past its bound is a hang and fails the case;</li>
 * <li>every publisher terminates (the pipelined scenario checks each of its statements);</li>
 * <li>afterwards the connection is usable (the next query works) or closed ({@code validate(LOCAL)}
 *     false), and {@code close()} completes;</li>
 * <li>no buffer leaks (the leak detector is polled after each fault family).</li>
 * </ul>
 * A stall after the startup runs with {@link #SOCKET_TIMEOUT} set and must end by it (a corruption after the
 * startup runs with it too, see {@link #boundedBySocketTimeout}): in
 * R2dbcTimeoutException (for a statement sent in auto-commit, the 08007 error that has it as its cause: its
 * outcome is unknown), with the connection closed, before the operation's own bound. (A stalled
 * startup ends by connectTimeout, also an R2dbcTimeoutException.)
 * A fault that only slows the exchange (a pause, delays, 1-byte fragments) must not change the result.
 * A byte corrupted in plaintext may go unnoticed (TCP and the protocol have no checksum): a wrong
 * result, or a wait for bytes a corrupted length promised, is then counted, not failed; within TLS
 * every corruption must end in an error.
 *
 * <p>Positions: each scenario is first run without a fault to count the bytes of its phase in each
 * direction; faults land at the phase's first byte, its last, and random ones in between (every byte
 * position in the long mode is too many; it takes {@link #LONG_POSITIONS} of them).
 */
final class FaultMatrix {

    static final Duration CONNECT_TIMEOUT = Duration.ofMillis(1500);
    static final Duration OPERATION_BOUND = Duration.ofSeconds(2);
    /** Margin over a bound for scheduling on a loaded machine. */
    static final Duration SLACK = Duration.ofSeconds(3);
    static final Duration PAUSE = Duration.ofMillis(700);
    static final Duration DELAY = Duration.ofMillis(3);
    /** socketTimeout of the stall cases after the startup: well under {@link #OPERATION_BOUND}. */
    static final Duration SOCKET_TIMEOUT = Duration.ofSeconds(1);
    static final int CI_POSITIONS = 3;
    static final int LONG_POSITIONS = 40;

    /** The families of faults, each run at several positions. */
    enum Family {
        CLOSE_TO_SERVER(Fault.Kind.CLOSE, Fault.Direction.TO_SERVER),
        CLOSE_TO_CLIENT(Fault.Kind.CLOSE, Fault.Direction.TO_CLIENT),
        RESET_TO_CLIENT(Fault.Kind.RESET, Fault.Direction.TO_CLIENT),
        STALL_TO_SERVER(Fault.Kind.STALL, Fault.Direction.TO_SERVER),
        STALL_TO_CLIENT(Fault.Kind.STALL, Fault.Direction.TO_CLIENT),
        PAUSE_TO_CLIENT(Fault.Kind.PAUSE, Fault.Direction.TO_CLIENT),
        DELAY(Fault.Kind.DELAY, null),
        FRAGMENT(Fault.Kind.FRAGMENT, null),
        CORRUPT_TO_SERVER(Fault.Kind.CORRUPT, Fault.Direction.TO_SERVER),
        CORRUPT_TO_CLIENT(Fault.Kind.CORRUPT, Fault.Direction.TO_CLIENT);

        final Fault.Kind kind;
        final Fault.Direction direction;

        Family(Fault.Kind kind, Fault.Direction direction) {
            this.kind = kind;
            this.direction = direction;
        }

        boolean positioned() {
            return direction != null;
        }
    }

    /** How one case ended. */
    enum Outcome { SUCCESS, WRONG_RESULT, CONNECT_FAILED, OPERATION_FAILED, TIMED_OUT }

    /** Bytes of a scenario's startup and of its whole exchange, per direction, without faults. */
    private static final class Calibration {
        final long startupToServer;
        final long startupToClient;
        final long totalToServer;
        final long totalToClient;

        Calibration(long startupToServer, long startupToClient, long totalToServer, long totalToClient) {
            this.startupToServer = startupToServer;
            this.startupToClient = startupToClient;
            this.totalToServer = totalToServer;
            this.totalToClient = totalToClient;
        }
    }

    private static final Map<Scenario, Calibration> CALIBRATIONS = new ConcurrentHashMap<>();
    private static final Map<Outcome, AtomicLong> OUTCOMES = new EnumMap<>(Outcome.class);
    private static final AtomicLong CASES = new AtomicLong();
    private static final AtomicLong TRIGGERED = new AtomicLong();
    private static final AtomicLong BYTES = new AtomicLong();
    private static final AtomicLong LEAKS = new AtomicLong();
    private static final AtomicLong SOCKET_TIMEOUTS = new AtomicLong();
    /** Plaintext corruptions after which the server rejected the next query (the connection in step). */
    private static final AtomicLong NEXT_QUERY_REJECTED = new AtomicLong();
    /** Per scenario: cases run, faults injected. */
    private static final Map<Scenario, AtomicLong[]> PER_SCENARIO = new ConcurrentHashMap<>();
    /** Cases worth a line in the report: undetected corruptions, waits, slow ones. */
    private static final List<String> NOTABLE = new java.util.concurrent.CopyOnWriteArrayList<>();

    static {
        for (Outcome o : Outcome.values()) {
            OUTCOMES.put(o, new AtomicLong());
        }
    }

    private FaultMatrix() {
    }

    /** The figures so far, for {@link Reliability#report}. */
    static String figures() {
        StringBuilder perScenario = new StringBuilder();
        for (Scenario s : Scenario.values()) {
            AtomicLong[] counts = PER_SCENARIO.get(s);
            if (counts != null) {
                perScenario.append(perScenario.length() == 0 ? "" : ", ").append(s).append(' ')
                        .append(counts[0]).append('/').append(counts[1]);
            }
        }
        return CASES + " cases, " + TRIGGERED + " faults injected, " + BYTES + " bytes proxied, outcomes " + OUTCOMES
                + ", stalls ended by socketTimeout " + SOCKET_TIMEOUTS + ", next query rejected after a corruption " + NEXT_QUERY_REJECTED
                + ", leaks " + LEAKS
                + "; cases/faults injected per scenario: " + perScenario + "; notable cases: " + NOTABLE;
    }

    /** Runs {@code family} against {@code scenario} at every position of this mode; fails on the first broken rule. */
    static void run(Scenario scenario, Family family) {
        Calibration calibration = CALIBRATIONS.computeIfAbsent(scenario, FaultMatrix::calibrate);
        for (Fault fault : faults(scenario, family, calibration)) {
            runCase(scenario, fault);
        }
        List<LeakRecord> leaks = LeakChecker.collectLeaks();
        LEAKS.addAndGet(leaks.size());
        if (!leaks.isEmpty()) {
            throw new AssertionError(leaks.size() + " buffer leak(s) after " + scenario + " with " + family + ":\n" + leaks);
        }
    }

    /**
     * Runs {@code family} against {@code scenario} with the connection acquired from the driver's pool (one connection
     * at most, the faulted one first) and the same rules, plus the pool's: giving the connection back completes within
     * the bound; the next acquisition gets a connection whose query works (the faulted one dropped, or still whole); a
     * failed acquisition is an R2dbcException and the next one succeeds; closing the pool completes; nothing leaks.
     */
    static void runThroughPool(Scenario scenario, Family family) {
        Calibration calibration = CALIBRATIONS.computeIfAbsent(scenario, FaultMatrix::calibrate);
        for (Fault fault : faults(scenario, family, calibration)) {
            runCaseThroughPool(scenario, fault);
        }
        List<LeakRecord> leaks = LeakChecker.collectLeaks();
        LEAKS.addAndGet(leaks.size());
        if (!leaks.isEmpty()) {
            throw new AssertionError(leaks.size() + " buffer leak(s) after " + scenario + " with " + family + " through the pool:\n" + leaks);
        }
    }

    private static void runCaseThroughPool(Scenario scenario, Fault fault) {
        String name = scenario + " / " + fault + " / pool";
        CASES.incrementAndGet();
        AtomicLong[] perScenario = PER_SCENARIO.computeIfAbsent(scenario, s -> new AtomicLong[] {new AtomicLong(), new AtomicLong()});
        perScenario[0].incrementAndGet();
        try (FaultProxy proxy = proxyToServer()) {
            proxy.faultNext(fault);
            PgfastPool pool = new PgfastPool(PgfastPoolConfiguration.builder(new PgfastConnectionFactory(config(scenario, proxy, fault).build()))
                    .initialSize(0).maxSize(1).acquireRetry(0).drainTime(OPERATION_BOUND).closeTime(OPERATION_BOUND).build());
            try {
                Connection lease;
                try {
                    lease = block(pool.create(), CONNECT_TIMEOUT.plus(SLACK), name + ": acquiring");
                } catch (R2dbcException e) {
                    countTrigger(proxy, perScenario[1]);
                    expectFailureAllowed(name, fault, scenario, Outcome.CONNECT_FAILED, e);
                    count(Outcome.CONNECT_FAILED, proxy);
                    nextAcquisitionWorks(name, pool, scenario, fault);
                    return;
                }
                Ended ended = operate(name, scenario, (PgfastConnection) ((Wrapped<?>) lease).unwrap());
                countTrigger(proxy, perScenario[1]);
                check(name, scenario, fault, ended.outcome, ended.failure);
                block(Mono.from(lease.close()), OPERATION_BOUND.plus(SLACK).plus(OPERATION_BOUND), name + ": giving the connection back");
                if (!firstLinkTriggered(proxy)) {
                    // the fault's position lies past the operation's bytes: the pool rightly kept the connection,
                    // and the fault now strikes the next query on it, which must end in a clear R2dbcException
                    nextQueryEndsCleanly(name, pool);
                    count(ended.outcome, proxy);
                    return;
                }
                nextAcquisitionWorks(name, pool, scenario, fault);
                count(ended.outcome, proxy);
            } finally {
                block(pool.close(), OPERATION_BOUND.plus(SLACK), name + ": closing the pool");
            }
        }
    }

    /** How a case's operation ended: its outcome, and the error unless it completed. */
    private record Ended(Outcome outcome, Throwable failure) {
    }

    /** Runs the scenario's operation on {@code c}, bounded; an error that is no R2dbcException and no timeout fails the case. */
    private static Ended operate(String name, Scenario scenario, PgfastConnection c) {
        try {
            Boolean right = block(scenario.operation(c).timeout(OPERATION_BOUND), OPERATION_BOUND.plus(SLACK), name + ": the operation");
            return new Ended(Boolean.TRUE.equals(right) ? Outcome.SUCCESS : Outcome.WRONG_RESULT, null);
        } catch (R2dbcException e) {
            return new Ended(Outcome.OPERATION_FAILED, e);
        } catch (RuntimeException e) {
            if (!(Exceptions.unwrap(e) instanceof TimeoutException)) {
                throw e;
            }
            return new Ended(Outcome.TIMED_OUT, e);
        }
    }

    /** The pool's next connection runs a query (but for a corruption the server may notice only now). */
    private static void nextAcquisitionWorks(String name, PgfastPool pool, Scenario scenario, Fault fault) {
        Connection next = block(pool.create(), CONNECT_TIMEOUT.plus(SLACK), name + ": the next acquisition");
        try {
            Integer one = block(Flux.from(next.createStatement("SELECT 1").execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).single(), OPERATION_BOUND.plus(SLACK),
                    name + ": a query on the next connection");
            if (one != 1 && fault.kind != Fault.Kind.CORRUPT) {
                throw new AssertionError(name + ": the next connection's query gave " + one);
            }
        } catch (R2dbcException e) {
            // A corrupted byte the client cannot see (no TLS) may leave the server mid-message, e.g. a length made
            // larger: the server then waits for bytes that never come, and only the next query's socketTimeout can
            // tell. That ends in a clear R2dbcException and a closed connection, which is all a pool can promise.
            boolean undetectable = fault.kind == Fault.Kind.CORRUPT && !scenario.encrypted();
            if (!undetectable || e.getSqlState() == null) {
                throw new AssertionError(name + ": the pool handed out a connection whose query failed: " + e, e);
            }
            NEXT_QUERY_REJECTED.incrementAndGet();
            NOTABLE.add(name + " -> the next query failed after an undetectable corruption: " + e.getSqlState());
        } finally {
            block(Mono.from(next.close()), OPERATION_BOUND.plus(SLACK).plus(OPERATION_BOUND), name + ": giving the next connection back");
        }
    }

    private static Calibration calibrate(Scenario scenario) {
        try (FaultProxy proxy = proxyToServer()) {
            PgfastConnection c = connect(scenario, proxy, Fault.NONE).block(CONNECT_TIMEOUT.plus(SLACK));
            FaultProxy.Link link = proxy.lastLink();
            long startupToServer = link.toServer();
            long startupToClient = link.toClient();
            try {
                Boolean right = scenario.operation(c).block(OPERATION_BOUND.plus(SLACK));
                if (!Boolean.TRUE.equals(right)) {
                    throw new AssertionError(scenario + " gives a wrong result even without a fault");
                }
                return new Calibration(startupToServer, startupToClient, link.toServer(), link.toClient());
            } finally {
                TestDb.close(c);
            }
        }
    }

    private static List<Fault> faults(Scenario scenario, Family family, Calibration calibration) {
        List<Fault> faults = new ArrayList<>();
        if (!family.positioned()) {
            faults.add(Fault.everywhere(family.kind, family.kind == Fault.Kind.DELAY ? DELAY : Duration.ZERO));
            return faults;
        }
        boolean toServer = family.direction == Fault.Direction.TO_SERVER;
        long from = scenario.startup() ? 0 : toServer ? calibration.startupToServer : calibration.startupToClient;
        long to = scenario.startup() ? (toServer ? calibration.startupToServer : calibration.startupToClient)
                : toServer ? calibration.totalToServer : calibration.totalToClient;
        if (to <= from) {
            throw new AssertionError(scenario + " sends no bytes " + family.direction + " in its phase");
        }
        boolean slow = family.kind == Fault.Kind.STALL;
        int count = slow ? 1 : Reliability.scale(CI_POSITIONS, LONG_POSITIONS);
        Random random = new Random(Reliability.seed("faults." + scenario + "." + family));
        TreeSet<Long> positions = new TreeSet<>();
        if (count >= 2) {
            positions.add(from);
            positions.add(to - 1);
        }
        while (positions.size() < Math.min(count, to - from)) {
            positions.add(from + (long) (random.nextDouble() * (to - from)));
        }
        for (long position : positions) {
            faults.add(family.kind == Fault.Kind.PAUSE ? Fault.pause(family.direction, position, PAUSE)
                    : Fault.at(family.kind, family.direction, position));
        }
        return faults;
    }

    private static FaultProxy proxyToServer() {
        return FaultProxy.to(TestDb.server().host(), TestDb.server().port());
    }

    private static Mono<PgfastConnection> connect(Scenario scenario, FaultProxy proxy, Fault fault) {
        return Mono.from(new PgfastConnectionFactory(config(scenario, proxy, fault).build()).create()).cast(PgfastConnection.class);
    }

    private static PgfastConnectionConfigurationBuilder config(Scenario scenario, FaultProxy proxy, Fault fault) {
        PgfastConnectionConfigurationBuilder config = scenario.config(proxy.port()).connectTimeout(CONNECT_TIMEOUT);
        if (endsBySocketTimeout(scenario, fault) || boundedBySocketTimeout(scenario, fault)) {
            config.socketTimeout(SOCKET_TIMEOUT);
        }
        return config;
    }

    /**
     * A byte corrupted on its way to the server may change a length, and the server then waits for bytes that
     * will never come — for this statement or, when it completed before the server read the corrupted part,
     * for the next one. Nothing on the wire tells the driver, so these cases run with socketTimeout, which
     * bounds that wait as it bounds a stall (a user who wants a bound sets it too).
     */
    private static boolean boundedBySocketTimeout(Scenario scenario, Fault fault) {
        return fault.kind == Fault.Kind.CORRUPT && !scenario.startup();
    }

    private static boolean endsBySocketTimeout(Scenario scenario, Fault fault) {
        return fault.kind == Fault.Kind.STALL && !scenario.startup();
    }

    private static void runCase(Scenario scenario, Fault fault) {
        String name = scenario + " / " + fault;
        CASES.incrementAndGet();
        AtomicLong[] perScenario = PER_SCENARIO.computeIfAbsent(scenario, s -> new AtomicLong[] {new AtomicLong(), new AtomicLong()});
        perScenario[0].incrementAndGet();
        try (FaultProxy proxy = proxyToServer()) {
            proxy.faultNext(fault);
            PgfastConnection c;
            long begin = System.nanoTime();
            try {
                c = block(connect(scenario, proxy, fault), CONNECT_TIMEOUT.plus(SLACK), name + ": connecting");
            } catch (R2dbcException e) {
                countTrigger(proxy, perScenario[1]);
                expectFailureAllowed(name, fault, scenario, Outcome.CONNECT_FAILED, e);
                if (fault.kind == Fault.Kind.STALL && !(e instanceof R2dbcTimeoutException)) {
                    throw new AssertionError(name + ": a stalled startup must end in R2dbcTimeoutException, got " + e, e);
                }
                checkElapsed(name, begin, CONNECT_TIMEOUT.plus(SLACK));
                count(Outcome.CONNECT_FAILED, proxy);
                return;
            }
            Ended ended = operate(name, scenario, c);
            Outcome outcome = ended.outcome;
            Throwable failure = ended.failure;
            countTrigger(proxy, perScenario[1]);
            check(name, scenario, fault, outcome, failure);
            if (endsBySocketTimeout(scenario, fault)
                    && Boolean.TRUE.equals(block(Mono.from(c.validate(ValidationDepth.LOCAL)), SLACK, name + ": validate"))) {
                throw new AssertionError(name + ": the connection still validates after its socketTimeout");
            }
            afterwards(name, c, scenario, fault, outcome);
            count(outcome, proxy);
            long millis = (System.nanoTime() - begin) / 1_000_000;
            if (outcome == Outcome.WRONG_RESULT || outcome == Outcome.TIMED_OUT || millis > 1500) {
                NOTABLE.add(name + " -> " + outcome + " in " + millis + " ms"
                        + (failure == null ? "" : " (" + Exceptions.unwrap(failure).getClass().getSimpleName() + ")"));
            }
        }
    }

    /**
     * The socketTimeout's R2dbcTimeoutException; for a statement sent in auto-commit, whose outcome the timeout leaves
     * unknown, the 08007 error that has it as its cause.
     */
    private static boolean endedBySocketTimeout(Throwable failure) {
        Throwable timeout = failure instanceof R2dbcNonTransientResourceException
                && "08007".equals(((R2dbcNonTransientResourceException) failure).getSqlState()) ? failure.getCause() : failure;
        return timeout instanceof R2dbcTimeoutException && timeout.getMessage().contains("socketTimeout");
    }

    private static void check(String name, Scenario scenario, Fault fault, Outcome outcome, Throwable failure) {
        switch (outcome) {
            case SUCCESS:
                return;
            case WRONG_RESULT:
                if (fault.kind != Fault.Kind.CORRUPT || scenario.encrypted()) {
                    throw new AssertionError(name + ": a wrong result");
                }
                return;
            case OPERATION_FAILED:
                expectFailureAllowed(name, fault, scenario, outcome, failure);
                if (endsBySocketTimeout(scenario, fault)) {
                    if (!endedBySocketTimeout(failure)) {
                        throw new AssertionError(name + ": a stall must end by socketTimeout " + SOCKET_TIMEOUT
                                + " in R2dbcTimeoutException, got " + failure, failure);
                    }
                    SOCKET_TIMEOUTS.incrementAndGet();
                }
                return;
            default:
                boolean undetectable = fault.kind == Fault.Kind.CORRUPT && !scenario.encrypted();
                if (!undetectable) {
                    throw new AssertionError(name + ": the operation did not end within " + OPERATION_BOUND
                            + (endsBySocketTimeout(scenario, fault) ? " although socketTimeout is " + SOCKET_TIMEOUT : ""), failure);
                }
        }
    }

    /** Faults that must not break anything; for the others any R2dbcException is allowed. */
    private static void expectFailureAllowed(String name, Fault fault, Scenario scenario, Outcome outcome, Throwable e) {
        switch (fault.kind) {
            case NONE:
            case DELAY:
            case FRAGMENT:
            case PAUSE:
                throw new AssertionError(name + ": must succeed, but " + outcome + ": " + e, e);
            default:
                if (e.getMessage() == null || e.getMessage().isBlank()) {
                    throw new AssertionError(name + ": an R2dbcException without a message", e);
                }
        }
    }

    /** The connection is usable (the next query works) or closed; either way close() completes. */
    private static void afterwards(String name, PgfastConnection c, Scenario scenario, Fault fault, Outcome outcome) {
        boolean valid = Boolean.TRUE.equals(block(Mono.from(c.validate(ValidationDepth.LOCAL)), SLACK, name + ": validate"));
        boolean stuck = outcome == Outcome.TIMED_OUT;
        if (valid && !stuck) {
            try {
                Integer one = block(Flux.from(c.createStatement("SELECT 1").execute())
                        .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).single(), OPERATION_BOUND.plus(SLACK),
                        name + ": the next query on a connection that validates");
                if (one != 1 && fault.kind != Fault.Kind.CORRUPT) {
                    throw new AssertionError(name + ": the next query gave " + one);
                }
            } catch (R2dbcException e) {
                boolean stillValid = Boolean.TRUE.equals(Mono.from(c.validate(ValidationDepth.LOCAL)).block(SLACK));
                // a byte corrupted in plaintext toward the server can shift where the server thinks the next
                // message starts: it then rejects the next query (seen: 22021, invalid UTF-8) on a connection
                // that is still in step; counted, as a wrong result is
                boolean undetectable = fault.kind == Fault.Kind.CORRUPT && !scenario.encrypted();
                if (undetectable && e.getSqlState() != null && !e.getSqlState().startsWith("08")) {
                    NEXT_QUERY_REJECTED.incrementAndGet();
                    NOTABLE.add(name + " -> the next query was rejected by the server: " + e.getSqlState());
                } else if (stillValid) {
                    throw new AssertionError(name + ": the connection validates but its next query failed: " + e, e);
                }
            }
        }
        block(Mono.from(c.close()), OPERATION_BOUND.plus(SLACK), name + ": close()");
        if (Boolean.TRUE.equals(Mono.from(c.validate(ValidationDepth.LOCAL)).block(SLACK))) {
            throw new AssertionError(name + ": validate(LOCAL) is true after close()");
        }
    }

    private static void checkElapsed(String name, long beginNanos, Duration bound) {
        long millis = (System.nanoTime() - beginNanos) / 1_000_000;
        if (millis > bound.toMillis()) {
            throw new AssertionError(name + ": took " + millis + " ms, more than " + bound.toMillis());
        }
    }

    /** Whether the fault was applied on the case's connection, the proxy's first. */
    private static boolean firstLinkTriggered(FaultProxy proxy) {
        List<FaultProxy.Link> links = proxy.links();
        return !links.isEmpty() && links.get(0).triggered();
    }

    /** The next acquisition's query, struck by a fault still pending, completes or fails with an R2dbcException, bounded. */
    private static void nextQueryEndsCleanly(String name, PgfastPool pool) {
        Connection next = block(pool.create(), CONNECT_TIMEOUT.plus(SLACK), name + ": the next acquisition");
        try {
            block(Flux.from(next.createStatement("SELECT 1").execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).then(), OPERATION_BOUND.plus(SLACK),
                    name + ": a query on the next connection");
        } catch (R2dbcException e) {
            NOTABLE.add(name + " -> the fault struck the next query: " + e.getClass().getSimpleName());
        } finally {
            block(Mono.from(next.close()), OPERATION_BOUND.plus(SLACK).plus(OPERATION_BOUND), name + ": giving the next connection back");
        }
    }

    private static void countTrigger(FaultProxy proxy, AtomicLong perScenario) {
        // the case's connection is the proxy's first: a CancelRequest (after the case's timeout) comes later
        List<FaultProxy.Link> links = proxy.links();
        FaultProxy.Link link = links.isEmpty() ? null : links.get(0);
        if (link != null && link.triggered()) {
            TRIGGERED.incrementAndGet();
            perScenario.incrementAndGet();
        }
    }

    private static void count(Outcome outcome, FaultProxy proxy) {
        OUTCOMES.get(outcome).incrementAndGet();
        BYTES.addAndGet(proxy.bytesToServer() + proxy.bytesToClient());
    }

    /** Blocks for {@code mono} at most {@code bound}; longer is a hang and fails the case. */
    private static <T> T block(Mono<T> mono, Duration bound, String what) {
        try {
            return mono.block(bound);
        } catch (IllegalStateException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("Timeout on blocking read")) {
                throw new AssertionError(what + " did not terminate within " + bound + " (a hang)", e);
            }
            throw e;
        }
    }
}
