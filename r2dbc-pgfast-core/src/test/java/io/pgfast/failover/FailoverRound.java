package io.pgfast.failover;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

import io.pgfast.config.TargetServerType;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.PrimaryFailure;
import io.pgfast.testing.ReplicatedCluster;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ValidationDepth;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * One failover under load, start to end: writers on a {@code targetServerType=primary} pool, readers on a
 * {@code preferStandby} pool, an idle {@code primary} pool, and the {@link LongLivedConsumers} on the primary;
 * the primary fails as {@code how} says and the standby is promoted at once (a failover manager would add its
 * detection time); the round waits until every writer has committed on the new primary, then rebuilds the
 * failed server as the new standby (writers and readers still running) and waits for a reader to land on it.
 * What every party saw is kept for the test to check.
 */
final class FailoverRound {
    /** Anything still running after this is a hang; it only catches hangs, it is not a timing target. */
    static final Duration BOUND = Duration.ofSeconds(60);
    private static final int READERS = 2;
    private static final int IDLE_CONNECTIONS = 3;

    private final Pair pair;
    private final int round;
    private final PrimaryFailure how;
    private final int writers;
    private final Duration warmUp;
    private final Duration steady;

    // what the round saw
    int oldPrimary;
    int newPrimary;
    WriteLoad writes;
    ReadLoad reads;
    long failuresBeforeTheStop;
    long readFailuresBeforeTheStop;
    Set<Long> present;
    List<Long> missing;
    long inDoubt;
    Set<Long> unexpected;
    Map<PgfastConnection, Integer> liveWriterConnections;
    int deadWriterConnections;
    Integer idleAcquiredPort;
    List<PgfastConnection> idleCreated;
    /** Whether each of {@link #idleCreated} was open right after the acquisition after the failover. */
    List<Boolean> idleOpen;
    LongLivedConsumers.End listenEnd;
    LongLivedConsumers.End streamedEnd;
    LongLivedConsumers.End pausedEnd;
    DocumentedListener listener;
    RoundResult result;

    FailoverRound(Pair pair, int round, PrimaryFailure how, int writers, Duration warmUp, Duration steady) {
        this.pair = pair;
        this.round = round;
        this.how = how;
        this.writers = writers;
        this.warmUp = warmUp;
        this.steady = steady;
    }

    FailoverRound run() throws Exception {
        ReplicatedCluster cluster = pair.cluster();
        oldPrimary = cluster.primaryPort();
        newPrimary = cluster.replicaPort();
        RecordingFactory writerConnections = new RecordingFactory(pair.factory(TargetServerType.PRIMARY, "pgfast-failover-writer"));
        ConnectionPool writerPool = new ConnectionPool(ConnectionPoolConfiguration.builder(writerConnections)
                .maxSize(writers).acquireRetry(writers).maxAcquireTime(BOUND.dividedBy(2)).validationDepth(ValidationDepth.LOCAL)
                .build());
        ConnectionPool readerPool = new ConnectionPool(ConnectionPoolConfiguration.builder(
                        pair.factory(TargetServerType.PREFER_STANDBY, "pgfast-failover-reader"))
                .maxSize(READERS).maxLifeTime(Duration.ofMillis(500)).maxAcquireTime(BOUND.dividedBy(2)).build());
        RecordingFactory idleConnections = new RecordingFactory(pair.factory(TargetServerType.PRIMARY, "pgfast-failover-idle"));
        ConnectionPool idlePool = new ConnectionPool(ConnectionPoolConfiguration.builder(idleConnections)
                .initialSize(IDLE_CONNECTIONS).maxSize(IDLE_CONNECTIONS).acquireRetry(IDLE_CONNECTIONS)
                .validationDepth(ValidationDepth.LOCAL).maxAcquireTime(BOUND.dividedBy(2)).build());
        long keyBase = round * 100L * 1_000_000_000L;
        writes = new WriteLoad(writerPool, writers, keyBase, BOUND);
        reads = new ReadLoad(readerPool, READERS, BOUND);
        listener = new DocumentedListener();
        Disposable listening = listener.start(pair.factory(TargetServerType.PRIMARY, "pgfast-failover-listener"));
        try (LongLivedConsumers consumers = LongLivedConsumers.open(pair.direct(oldPrimary, "pgfast-failover-consumer"))) {
            notifyUntilReceived(oldPrimary, "before round " + round);
            idlePool.warmup().block(BOUND);
            writes.start();
            reads.start();
            long warmUpEnd = System.nanoTime() + warmUp.toNanos();
            await("every writer to commit before the failure", () -> System.nanoTime() >= warmUpEnd
                    && writes.acks().stream().map(WriteLoad.Ack::writer).distinct().count() == writers);
            failuresBeforeTheStop = writes.failures().size();
            readFailuresBeforeTheStop = reads.failures().size();

            long stop = System.nanoTime();
            cluster.failPrimary(how);
            long down = System.nanoTime();
            cluster.promoteStandby();
            long promoted = System.nanoTime();
            await("every writer to commit on the new primary", () -> writersOnTheNewPrimary(stop) == writers);
            long firstWrite = firstAckOnTheNewPrimary(stop);
            long allWriters = allWritersOnTheNewPrimary(stop);
            long steadyEnd = System.nanoTime() + steady.toNanos();
            await("the steady period", () -> System.nanoTime() >= steadyEnd);

            notifyUntilReceived(newPrimary, "after round " + round);
            listenEnd = consumers.notificationsEnd();
            streamedEnd = consumers.streamedEnd();
            consumers.resumePaused();
            pausedEnd = consumers.pausedEnd();
            idleAcquiredPort = Mono.usingWhen(idlePool.create(), FailoverRound::port, Connection::close).block(BOUND);
            idleCreated = idleConnections.created();
            idleOpen = idleCreated.stream().map(c -> c.validate(ValidationDepth.LOCAL).block(BOUND)).toList();

            long rebuildStart = System.nanoTime();
            cluster.rebuildStandby();
            long rebuilt = System.nanoTime();
            await("a preferStandby reader to land on the rebuilt standby", () -> reads.reads().stream()
                    .anyMatch(r -> r.standby() && r.port() == oldPrimary && r.atNanos() > rebuilt));
            long readersMoved = reads.reads().stream().filter(r -> r.standby() && r.port() == oldPrimary && r.atNanos() > rebuilt)
                    .mapToLong(ReadLoad.Read::atNanos).min().orElseThrow();
            writes.stop();
            reads.stop();

            checkWriterConnections(writerConnections.created());
            checkData();
            result = new RoundResult(round, how, "PostgreSQL " + cluster.version(), writers, writes.acks().size(),
                    writes.failures().size(), Failures.describe(writes.failures().byKind()), writes.hangs() + reads.hangs(),
                    missing.size(), inDoubt, millis(down - stop), millis(promoted - stop), millis(firstWrite - stop), millis(allWriters - stop),
                    reads.reads().size(), reads.failures().size(), millis(readersMoved - rebuilt), millis(rebuilt - rebuildStart),
                    describe(listenEnd), describe(streamedEnd), describe(pausedEnd),
                    (int) idleOpen.stream().filter(open -> !open).count());
            return this;
        } finally {
            listening.dispose();
            writes.stop();
            reads.stop();
            writerPool.disposeLater().onErrorResume(e -> Mono.empty()).block(BOUND);
            readerPool.disposeLater().onErrorResume(e -> Mono.empty()).block(BOUND);
            idlePool.disposeLater().onErrorResume(e -> Mono.empty()).block(BOUND);
        }
    }

    /** Sends NOTIFY on the documented listener's channel until the listener has received it. */
    private void notifyUntilReceived(int port, String payload) throws InterruptedException {
        PgfastConnection c = Mono.from(pair.direct(port, "pgfast-failover-notifier").create()).cast(PgfastConnection.class).block(BOUND);
        try {
            long deadline = System.nanoTime() + BOUND.toNanos();
            while (!listener.payloads.contains(payload)) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("the documented listener did not receive '" + payload + "' within " + BOUND.toSeconds() + " s");
                }
                Flux.from(c.createStatement("NOTIFY " + DocumentedListener.CHANNEL + ", '" + payload + "'").execute())
                        .concatMap(r -> r.getRowsUpdated()).then().block(BOUND);
                Thread.sleep(50);
            }
        } finally {
            Mono.from(c.close()).block(BOUND);
        }
    }

    private int writersOnTheNewPrimary(long after) {
        return (int) writes.acks().stream().filter(a -> a.port() == newPrimary && a.atNanos() > after)
                .map(WriteLoad.Ack::writer).distinct().count();
    }

    private long firstAckOnTheNewPrimary(long after) {
        return writes.acks().stream().filter(a -> a.port() == newPrimary && a.atNanos() > after)
                .mapToLong(WriteLoad.Ack::atNanos).min().orElseThrow();
    }

    /** When the last writer to get there first committed on the new primary. */
    private long allWritersOnTheNewPrimary(long after) {
        Map<Integer, Long> first = new TreeMap<>();
        writes.acks().stream().filter(a -> a.port() == newPrimary && a.atNanos() > after)
                .forEach(a -> first.merge(a.writer(), a.atNanos(), Math::min));
        return first.values().stream().mapToLong(Long::longValue).max().orElseThrow();
    }

    /** Each connection the writers' pool ever had: closed, or (still open) on the new primary. */
    private void checkWriterConnections(List<PgfastConnection> created) {
        liveWriterConnections = new java.util.LinkedHashMap<>();
        deadWriterConnections = 0;
        for (PgfastConnection c : created) {
            if (Boolean.TRUE.equals(c.validate(ValidationDepth.LOCAL).block(BOUND))) {
                liveWriterConnections.put(c, port(c).block(BOUND));
            } else {
                deadWriterConnections++;
            }
        }
    }

    /** The keys of this round on the new primary, against what the writers were told. */
    private void checkData() {
        PgfastConnection c = Mono.from(pair.direct(newPrimary, "pgfast-failover-check").create()).cast(PgfastConnection.class).block(BOUND);
        try {
            present = new HashSet<>(Flux.from(c.createStatement("SELECT k FROM " + WriteLoad.TABLE + " WHERE k >= $1 AND k < $2")
                            .bind(0, round * 100L * 1_000_000_000L).bind(1, (round + 1) * 100L * 1_000_000_000L).execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, Long.class))).collectList().block(BOUND));
        } finally {
            Mono.from(c.close()).block(BOUND);
        }
        missing = writes.acks().stream().map(WriteLoad.Ack::key).filter(k -> !present.contains(k)).toList();
        Set<Long> failed = new HashSet<>(writes.failedKeys());
        inDoubt = failed.stream().filter(present::contains).count();
        Set<Long> attempted = new HashSet<>(failed);
        writes.acks().forEach(a -> attempted.add(a.key()));
        unexpected = new HashSet<>(present);
        unexpected.removeAll(attempted);
    }

    private static Mono<Integer> port(Connection c) {
        return Flux.from(c.createStatement("SELECT inet_server_port()").execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).single();
    }

    private static String describe(LongLivedConsumers.End end) {
        return end.completed() ? "COMPLETED after " + end.items() + " items"
                : "ended with " + end.error().getClass().getSimpleName() + " after " + end.items() + " items";
    }

    private static long millis(long nanos) {
        return nanos / 1_000_000;
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("gave up waiting " + BOUND.toSeconds() + " s for " + what);
            }
            Thread.sleep(10);
        }
    }
}
