package io.pgfast.replication;

import io.pgfast.codec.type.Lsn;
import io.pgfast.replication.pgoutput.Commit;
import io.pgfast.replication.pgoutput.Insert;
import io.pgfast.replication.pgoutput.PgOutput;
import io.pgfast.replication.pgoutput.PgOutputMessage;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The life of a replication stream against a real server: demand, cancellation, acknowledged positions
 * and what the server confirms, resuming after a cancel and after a killed connection, errors before and
 * during the copy.
 */
@RequiresPostgres
class ReplicationStreamTest {

    private static final Duration QUIET = Duration.ofMillis(300);

    /** The ids inserted by {@code messages}, in order. */
    private static List<Integer> insertedIds(List<PgOutputMessage> messages) {
        List<Integer> ids = new ArrayList<>();
        for (Insert insert : Feed.only(messages, Insert.class)) {
            ids.add(insert.newTuple().get("id", Integer.class));
        }
        return ids;
    }

    private static void insertEach(Feed feed, int from, int to) {
        for (int i = from; i <= to; i++) {
            feed.run("INSERT INTO " + feed.table + " VALUES (" + i + ")");
        }
    }

    @Test
    void demandIsFollowedMessageByMessage() {
        try (Feed feed = Feed.of("id int PRIMARY KEY")) {
            feed.run("INSERT INTO " + feed.table + " SELECT generate_series(1, 20)");
            // Begin, Relation, 20 Inserts, Commit
            StepVerifier.create(feed.stream(feed.pgoutput()).messages(), 0)
                    .expectSubscription()
                    .expectNoEvent(QUIET)
                    .thenRequest(2)
                    .expectNextCount(2)
                    .expectNoEvent(QUIET)
                    .thenRequest(21)
                    .expectNextCount(20)
                    .assertNext(m -> assertThat(m).isInstanceOf(Commit.class))
                    .expectNoEvent(QUIET)
                    .thenCancel()
                    .verify(TestDb.TIMEOUT);
            assertThat(feed.replication.identifySystem().block(TestDb.TIMEOUT).database()).as("usable after the cancel")
                    .isEqualTo(TestDb.server().database());
        }
    }

    /** The backend blocks writing to the socket while the consumer has no demand: the WAL waits on the server. */
    @Test
    void theServerWaitsWhileTheConsumerHasNoDemand() {
        try (Feed feed = Feed.of("id int PRIMARY KEY, pad text")) {
            feed.run("INSERT INTO " + feed.table + " SELECT g, repeat('x', 1000) FROM generate_series(1, 20000) g");
            AtomicInteger received = new AtomicInteger();
            StepVerifier.create(feed.stream(feed.pgoutput()).messages().doOnNext(m -> received.incrementAndGet()), 10)
                    .expectNextCount(10)
                    .then(() -> TestDb.await("the walsender to block on its socket (wait event WalSenderWriteData)", () -> "WalSenderWriteData".equals(
                            TestDb.one(feed.sql, "SELECT coalesce(wait_event, '') FROM pg_stat_activity WHERE pid = "
                                    + Repl.activePid(feed.sql, feed.slot), String.class))))
                    .then(() -> assertThat(received.get()).as("nothing beyond the demand").isEqualTo(10))
                    .thenCancel()
                    .verify(TestDb.TIMEOUT);
            assertThat(feed.replication.identifySystem().block(TestDb.TIMEOUT)).isNotNull();
        }
    }

    @Test
    void theServerConfirmsWhatWasAcknowledgedAndNothingMore() {
        try (Feed feed = Feed.permanent("id int PRIMARY KEY")) {
            Lsn created = Repl.confirmedFlush(feed.sql, feed.slot);
            insertEach(feed, 1, 3);
            List<PgOutputMessage> all = Feed.transactions(feed.stream(feed.pgoutput()), 3);
            // the stream ended (CopyDone) after a last status update: a later command sees it processed
            feed.replication.identifySystem().block(TestDb.TIMEOUT);
            assertThat(Repl.confirmedFlush(feed.sql, feed.slot)).as("nothing acknowledged: the slot did not move").isEqualTo(created);
            Repl.close(feed.replication);

            ReplicationConnection other = feed.another();
            try {
                ReplicationStream<PgOutputMessage> second = other.startReplication(StartReplication.slot(feed.slot), feed.pgoutput());
                List<Commit> commits = Feed.only(all, Commit.class);
                Lsn acknowledged = commits.get(1).endLsn();
                second.acknowledge(acknowledged);
                assertThat(second.acknowledged()).isEqualTo(acknowledged);
                second.acknowledge(commits.get(0).endLsn());
                assertThat(second.acknowledged()).as("positions only move forward").isEqualTo(acknowledged);
                List<PgOutputMessage> again = Feed.transactions(second, 3);
                assertThat(insertedIds(again)).as("nothing was confirmed yet: all three again").containsExactly(1, 2, 3);
                assertThat(second.lastReceived()).isGreaterThanOrEqualTo(commits.get(2).endLsn());
                other.identifySystem().block(TestDb.TIMEOUT);
                assertThat(Repl.confirmedFlush(feed.sql, feed.slot)).as("exactly what was acknowledged, not what was received")
                        .isEqualTo(acknowledged);
            } finally {
                Repl.close(other);
            }
        }
    }

    /** While the consumer is slow nothing is read, but the status updates still go out on their interval. */
    @Test
    void statusUpdatesGoOutOnTheirIntervalWhileTheConsumerIsSlow() {
        try (Feed feed = Feed.of("id int PRIMARY KEY, pad text")) {
            feed.run("INSERT INTO " + feed.table + " VALUES (0, 'small')",
                    "INSERT INTO " + feed.table + " SELECT g, repeat('x', 1000) FROM generate_series(1, 20000) g");
            ReplicationStream<PgOutputMessage> stream = feed.replication.startReplication(
                    StartReplication.slot(feed.slot).statusInterval(Duration.ofMillis(100)), feed.pgoutput());
            AtomicInteger received = new AtomicInteger();
            StepVerifier.create(stream.messages().doOnNext(m -> received.incrementAndGet()), 4)
                    .expectNextCount(3)
                    .assertNext(m -> stream.acknowledge(((Commit) m).endLsn()))
                    .then(() -> TestDb.await("the slot to confirm the acknowledged commit",
                            () -> Repl.confirmedFlush(feed.sql, feed.slot).equals(stream.acknowledged())))
                    .then(() -> assertThat(received.get()).as("no demand, nothing read").isEqualTo(4))
                    .thenCancel()
                    .verify(TestDb.TIMEOUT);
        }
    }

    @Test
    void resumingDeliversNothingAcknowledgedTwiceAndLosesNothingUnacknowledged() {
        try (Feed feed = Feed.permanent("id int PRIMARY KEY")) {
            insertEach(feed, 1, 10);
            ReplicationStream<PgOutputMessage> first = feed.stream(feed.pgoutput());
            List<PgOutputMessage> seen = new ArrayList<>();
            // the application processes 1..5 (acknowledging each commit), receives 6 and 7, then stops
            first.messages()
                    .doOnNext(seen::add)
                    .doOnNext(m -> {
                        if (m instanceof Commit c && Feed.only(seen, Commit.class).size() <= 5) {
                            first.acknowledge(c.endLsn());
                        }
                    })
                    .takeUntil(new Feed.TransactionCounter(7))
                    .blockLast(TestDb.TIMEOUT);
            assertThat(insertedIds(seen)).containsExactly(1, 2, 3, 4, 5, 6, 7);
            Lsn fifth = Feed.only(seen, Commit.class).get(4).endLsn();
            assertThat(first.acknowledged()).isEqualTo(fifth);
            Repl.close(feed.replication);

            for (Lsn start : List.of(fifth, Lsn.INVALID, Feed.only(seen, Commit.class).get(1).endLsn())) {
                // from the acknowledged position, from the slot's (INVALID), from an older one: the slot's wins
                ReplicationConnection again = feed.another();
                try {
                    ReplicationStream<PgOutputMessage> resumed = again.startReplication(StartReplication.slot(feed.slot).startAt(start),
                            feed.pgoutput());
                    assertThat(insertedIds(Feed.transactions(resumed, 5))).as("started at %s", start).containsExactly(6, 7, 8, 9, 10);
                } finally {
                    Repl.close(again);
                }
            }
        }
    }

    @Test
    void aSecondStreamOnTheSameConnectionIsRefusedClearly() {
        try (Feed feed = Feed.of("id int PRIMARY KEY")) {
            feed.run("INSERT INTO " + feed.table + " VALUES (1)");
            assertThat(Feed.transactions(feed.stream(feed.pgoutput()), 1)).isNotEmpty();
            StepVerifier.create(feed.stream(feed.pgoutput()).messages())
                    .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(IllegalStateException.class)
                            .hasMessageContaining("open a new ReplicationConnection"))
                    .verify(TestDb.TIMEOUT);
            assertThat(feed.replication.identifySystem().block(TestDb.TIMEOUT)).as("usable for commands").isNotNull();
        }
    }

    @Test
    void aKilledConnectionEndsTheStreamWithAnErrorAndResumingLosesNothing() {
        try (Feed feed = Feed.permanent("id int PRIMARY KEY")) {
            String slot = feed.slot;
            insertEach(feed, 1, 10);
            ReplicationStream<PgOutputMessage> stream = feed.replication.startReplication(
                    StartReplication.slot(slot).statusInterval(Duration.ofMillis(100)), feed.pgoutput());
            List<PgOutputMessage> seen = new ArrayList<>();
            // tx 1: Begin, Relation, Insert, Commit; then 3 messages each: up to the 7th commit
            StepVerifier.create(stream.messages().doOnNext(seen::add), 4 + 6 * 3)
                    .expectNextCount(4 + 6 * 3)
                    .then(() -> {
                        stream.acknowledge(Feed.only(seen, Commit.class).get(4).endLsn());
                        TestDb.await("the slot to confirm the fifth commit", () -> Repl.confirmedFlush(feed.sql, slot).equals(stream.acknowledged()));
                        TestDb.run(feed.sql, "SELECT pg_terminate_backend(" + Repl.activePid(feed.sql, slot) + ")");
                    })
                    .thenRequest(Long.MAX_VALUE)
                    .thenConsumeWhile(m -> true)
                    .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(R2dbcException.class)
                            .hasMessageContaining("terminating connection due to administrator command"))
                    .verify(TestDb.TIMEOUT);
            assertThat(feed.replication.isOpen()).isFalse();
            assertThat(insertedIds(seen)).startsWith(1, 2, 3, 4, 5, 6, 7);

            ReplicationConnection again = feed.another();
            try {
                ReplicationStream<PgOutputMessage> resumed = again.startReplication(StartReplication.slot(slot), feed.pgoutput());
                assertThat(insertedIds(Feed.transactions(resumed, 5))).containsExactly(6, 7, 8, 9, 10);
            } finally {
                Repl.close(again);
            }
        }
    }

    @Test
    void anErrorBeforeTheCopyFailsTheStreamAndLeavesTheConnectionUsable() {
        try (Feed feed = Feed.of("id int PRIMARY KEY")) {
            ReplicationStream<PgOutputMessage> missing = feed.replication.startReplication(
                    StartReplication.slot(TestDb.unique("nosuchslot")), feed.pgoutput());
            StepVerifier.create(missing.messages())
                    .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(R2dbcException.class)
                            .satisfies(x -> assertThat(((R2dbcException) x).getSqlState()).isEqualTo("42704")))
                    .verify(TestDb.TIMEOUT);
            assertThat(feed.replication.identifySystem().block(TestDb.TIMEOUT)).isNotNull();
            // the walsender never entered the copy: a stream can still run on this connection (the error
            // dropped the temporary slot, as the server does on any error: make another)
            String slot = TestDb.unique("slot");
            feed.replication.createSlot(CreateReplicationSlot.logical(slot).temporary(true)).block(TestDb.TIMEOUT);
            feed.run("INSERT INTO " + feed.table + " VALUES (1)");
            assertThat(insertedIds(Feed.transactions(feed.replication.startReplication(StartReplication.slot(slot), feed.pgoutput()), 1)))
                    .containsExactly(1);
        }
    }

    /**
     * pgoutput reads the publications when it decodes the first change: before PostgreSQL 18 a missing one
     * is an error inside the copy; since 18 the server skips it with a warning and streams the others.
     */
    @Test
    void anErrorInsideTheCopyFailsTheStream() {
        try (Feed feed = Feed.of("id int PRIMARY KEY")) {
            feed.run("INSERT INTO " + feed.table + " VALUES (1)");
            if (Repl.major() >= 18) {
                assertThat(insertedIds(Feed.transactions(feed.stream(PgOutput.publications(TestDb.unique("nosuchpub"), feed.publication)), 1)))
                        .containsExactly(1);
                assertThat(feed.replication.identifySystem().block(TestDb.TIMEOUT)).isNotNull();
                return;
            }
            StepVerifier.create(feed.stream(PgOutput.publications(TestDb.unique("nosuchpub"))).messages())
                    .thenConsumeWhile(m -> true)
                    .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(R2dbcException.class)
                            .hasMessageContaining("does not exist"))
                    .verify(TestDb.TIMEOUT);
            // the walsender left the copy with its ERROR and is back in command mode
            assertThat(feed.replication.identifySystem().block(TestDb.TIMEOUT)).isNotNull();
        }
    }

    @Test
    void aStreamIsSubscribedOnce() {
        try (Feed feed = Feed.of("id int PRIMARY KEY")) {
            ReplicationStream<PgOutputMessage> stream = feed.stream(feed.pgoutput());
            feed.run("INSERT INTO " + feed.table + " VALUES (1)");
            assertThat(Feed.transactions(stream, 1)).isNotEmpty();
            StepVerifier.create(stream.messages()).expectError(IllegalStateException.class).verify(TestDb.TIMEOUT);
        }
    }

    @Test
    void aCommandIssuedWhileTheStreamIsOpenFailsAtOnceAndRunsAfterTheCancellation() {
        try (Feed feed = Feed.of("id int PRIMARY KEY")) {
            feed.run("INSERT INTO " + feed.table + " VALUES (1)", "INSERT INTO " + feed.table + " VALUES (2)");
            AtomicReference<Throwable> refused = new AtomicReference<>();
            AtomicReference<Throwable> secondStream = new AtomicReference<>();
            AtomicReference<CompletableFuture<SystemIdentification>> afterCancel = new AtomicReference<>();
            ReplicationStream<PgOutputMessage> stream = feed.stream(feed.pgoutput());
            StepVerifier.create(stream.messages(), 1)
                    .expectNextCount(1)
                    // from inside the stream, as a concatMap would: it must not wait for the stream, which
                    // waits for it
                    // (never blocking: this may run on the event loop; the refusal is immediate)
                    .then(() -> feed.replication.identifySystem().subscribe(null, refused::set))
                    .then(() -> feed.replication.startReplication(StartReplication.slot(feed.slot), feed.pgoutput())
                            .messages().subscribe(null, secondStream::set))
                    .then(() -> assertThat(refused.get()).as("refused at once").isNotNull())
                    .thenCancel()
                    .verify(TestDb.TIMEOUT);
            afterCancel.set(feed.replication.identifySystem().toFuture());
            assertThat(refused.get()).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("replication stream is open on this connection")
                    .hasMessageContaining("cancel the stream's subscription first");
            assertThat(secondStream.get()).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("replication stream is open on this connection");
            assertThat(Mono.fromFuture(afterCancel.get()).block(TestDb.TIMEOUT)).as("runs once the copy has ended").isNotNull();
        }
    }

    @Test
    void aNonPositiveRequestFailsTheStreamAndEndsTheCopy() {
        try (Feed feed = Feed.of("id int PRIMARY KEY")) {
            feed.run("INSERT INTO " + feed.table + " VALUES (1)");
            CompletableFuture<Throwable> error = new CompletableFuture<>();
            feed.stream(feed.pgoutput()).messages().subscribe(new Subscriber<PgOutputMessage>() {
                @Override
                public void onSubscribe(Subscription s) {
                    s.request(0);
                }

                @Override
                public void onNext(PgOutputMessage m) {
                    error.completeExceptionally(new AssertionError("nothing was requested, got " + m));
                }

                @Override
                public void onError(Throwable t) {
                    error.complete(t);
                }

                @Override
                public void onComplete() {
                    error.completeExceptionally(new AssertionError("completed"));
                }
            });
            assertThat(Mono.fromFuture(error).block(TestDb.TIMEOUT)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3.9");
            assertThat(feed.replication.identifySystem().block(TestDb.TIMEOUT)).isNotNull();
        }
    }

    @Test
    void anyOutputPluginThroughRawOutput() {
        try (Feed feed = Feed.of("id int PRIMARY KEY")) {
            String slot = TestDb.unique("slot");
            ReplicationSlot created = feed.replication.createSlot(CreateReplicationSlot.logical(slot).plugin("test_decoding")
                    .temporary(true).snapshot(SlotSnapshot.NOTHING)).block(TestDb.TIMEOUT);
            assertThat(created.outputPlugin()).isEqualTo("test_decoding");
            // an option the plugin refuses fails before the copy begins
            StepVerifier.create(feed.replication.startReplication(StartReplication.slot(slot),
                            RawOutput.withOptions(Map.of("no-such-option", "1"))).messages())
                    .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(R2dbcException.class).hasMessageContaining("no-such-option"))
                    .verify(TestDb.TIMEOUT);
            String again = TestDb.unique("slot");
            feed.replication.createSlot(CreateReplicationSlot.logical(again).plugin("test_decoding").temporary(true)).block(TestDb.TIMEOUT);
            feed.run("INSERT INTO " + feed.table + " VALUES (42)");
            List<String> texts = feed.replication.startReplication(StartReplication.slot(again),
                            RawOutput.withOptions(Map.of("include-xids", "0", "skip-empty-xacts", "1")))
                    .messages().take(3).map(WalData::text).collectList().block(TestDb.TIMEOUT);
            assertThat(texts).containsExactly("BEGIN", "table public." + feed.table + ": INSERT: id[integer]:42", "COMMIT");
        }
    }

    @Test
    void aClosedConnectionFailsTheOpenStream() {
        try (Feed feed = Feed.of("id int PRIMARY KEY")) {
            feed.run("INSERT INTO " + feed.table + " VALUES (1)");
            StepVerifier.create(feed.stream(feed.pgoutput()).messages(), 1)
                    .expectNextCount(1)
                    .then(() -> feed.replication.close().block(TestDb.TIMEOUT))
                    .expectError(R2dbcNonTransientResourceException.class)
                    .verify(TestDb.TIMEOUT);
            assertThatThrownBy(() -> feed.replication.identifySystem().block(TestDb.TIMEOUT)).isInstanceOf(R2dbcNonTransientResourceException.class);
        }
    }

    /** close() with a stream open: the last status update and CopyDone go before Terminate, so the slot confirms the acknowledged. */
    @Test
    void closingTheConnectionMidStreamStillReportsWhatWasAcknowledged() {
        try (Feed feed = Feed.permanent("id int PRIMARY KEY")) {
            insertEach(feed, 1, 3);
            ReplicationStream<PgOutputMessage> stream = feed.replication.startReplication(
                    StartReplication.slot(feed.slot).statusInterval(Duration.ZERO), feed.pgoutput());
            StepVerifier.create(stream.messages(), 4)
                    .expectNextCount(3)
                    .assertNext(m -> stream.acknowledge(((Commit) m).endLsn()))
                    .then(() -> feed.replication.close().block(TestDb.TIMEOUT))
                    .expectError(R2dbcNonTransientResourceException.class)
                    .verify(TestDb.TIMEOUT);
            TestDb.await("the walsender to exit", () -> Repl.activePid(feed.sql, feed.slot) == 0);
            assertThat(Repl.confirmedFlush(feed.sql, feed.slot)).isEqualTo(stream.acknowledged());
        }
    }
}
