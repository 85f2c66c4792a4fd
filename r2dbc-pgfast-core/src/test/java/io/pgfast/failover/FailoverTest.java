package io.pgfast.failover;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;

import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.PrimaryFailure;
import io.pgfast.testing.ReplicatedCluster;
import io.pgfast.testing.RequiresPostgres;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.ValidationDepth;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import reactor.core.publisher.Mono;

/**
 * Failover under load on a synchronous pair of its own: once with an immediate shutdown of the primary, once
 * (back the other way) with SIGKILL of its postmaster; in the long mode ({@code -Dpgfast.reliability.long=true})
 * then {@value #LONG_ROUNDS} more rounds back and forth, alternating the two. Each round is a
 * {@link FailoverRound}; here is what must hold after each. Recovery times are reported, never asserted.
 */
@RequiresPostgres
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FailoverTest {
    static final String LONG_PROPERTY = "pgfast.reliability.long";
    static final int LONG_ROUNDS = 12;
    private static final int WRITERS = 8;
    private static final Duration CI_WARM_UP = Duration.ofSeconds(1);
    private static final Duration CI_STEADY = Duration.ofMillis(500);

    private static ReplicatedCluster cluster;
    private static Pair pair;
    private static int rounds;

    @BeforeAll
    static void startPair() {
        cluster = ReplicatedCluster.startSynchronous();
        pair = new Pair(cluster);
        PgfastConnection c = Mono.from(pair.direct(cluster.primaryPort(), "pgfast-failover-setup").create())
                .cast(PgfastConnection.class).block(FailoverRound.BOUND);
        try {
            Mono.from(c.createStatement(WriteLoad.CREATE).execute()).flatMap(r -> Mono.from(r.getRowsUpdated()))
                    .block(FailoverRound.BOUND);
        } finally {
            Mono.from(c.close()).block(FailoverRound.BOUND);
        }
    }

    @AfterAll
    static void stopPair() {
        if (cluster != null) {
            cluster.stop();
        }
    }

    @Test
    @Order(1)
    void immediateShutdownOfThePrimary() throws Exception {
        check(round(PrimaryFailure.IMMEDIATE_SHUTDOWN, CI_WARM_UP, CI_STEADY));
    }

    @Test
    @Order(2)
    void postmasterOfThePrimaryKilled() throws Exception {
        check(round(PrimaryFailure.KILL_POSTMASTER, CI_WARM_UP, CI_STEADY));
    }

    @Test
    @Order(3)
    @EnabledIfSystemProperty(named = LONG_PROPERTY, matches = "true")
    void repeatedFailoversBackAndForth() throws Exception {
        for (int i = 0; i < LONG_ROUNDS; i++) {
            PrimaryFailure how = i % 2 == 0 ? PrimaryFailure.IMMEDIATE_SHUTDOWN : PrimaryFailure.KILL_POSTMASTER;
            check(round(how, Duration.ofSeconds(10), Duration.ofSeconds(5)));
        }
    }

    private static FailoverRound round(PrimaryFailure how, Duration warmUp, Duration steady) throws Exception {
        FailoverRound r = new FailoverRound(pair, ++rounds, how, WRITERS, warmUp, steady).run();
        r.result.report(Boolean.getBoolean(LONG_PROPERTY) ? "long" : "ci");
        r.writes.failures().samples().forEach((kind, message) ->
                System.out.println("[failover] round " + r.result.round() + ", a failure of kind " + kind + ": " + message));
        return r;
    }

    private static void check(FailoverRound r) {
        String oldHost = pair.name(r.oldPrimary);
        String newHost = pair.name(r.newPrimary);
        // nothing hangs, nothing fails before the primary does
        assertThat(r.writes.hangs()).as("hung transactions").isZero();
        assertThat(r.reads.hangs()).as("hung reads").isZero();
        assertThat(r.failuresBeforeTheStop).as("writes failed before the failure").isZero();
        // every failure is a connection-level R2DBC error that names a server
        assertThat(r.writes.failures().all()).allSatisfy(f -> assertThat(f.error()).isInstanceOf(R2dbcException.class));
        assertThat(r.writes.failures().notOfTheResourceKind()).as("failures not of the resource kind").isEmpty();
        assertThat(r.writes.failures().namingNoHost(m -> m.contains(oldHost) || m.contains(newHost)))
                .as("failures whose message names no server").isEmpty();
        // PostgreSQL's promise, kept through the driver: an acknowledged commit is on the standby
        assertThat(r.missing).as("acknowledged keys missing on the new primary").isEmpty();
        assertThat(r.unexpected).as("keys on the new primary that no writer tried").isEmpty();
        // the pools: no connection to the old primary; the idle ones refused by validation, never handed out
        assertThat(r.liveWriterConnections.values()).as("ports of the writers' open pooled connections").containsOnly(r.newPrimary);
        assertThat(r.deadWriterConnections).as("writers' connections to the old primary, closed").isPositive();
        assertThat(r.idleAcquiredPort).isEqualTo(r.newPrimary);
        // the three made before the failure are closed; what the pool made since is open (on the new primary)
        assertThat(r.idleCreated).hasSizeGreaterThan(3);
        assertThat(r.idleCreated.subList(0, 3)).allSatisfy(c -> {
            assertThat(c.validate(ValidationDepth.LOCAL).block(FailoverRound.BOUND)).isFalse();
            assertThat(c.validate(ValidationDepth.REMOTE).block(FailoverRound.BOUND)).isFalse();
        });
        assertThat(r.idleOpen.subList(0, 3)).containsOnly(false);
        assertThat(r.idleOpen.subList(3, r.idleOpen.size())).containsOnly(true);
        // preferStandby readers kept reading
        assertThat(r.reads.failures().all()).as("failed preferStandby reads").isEmpty();
        // the documented listener came back on the new primary, saying what it lost
        assertThat(r.listener.resumed).as("the documented listener's reconnections").isNotEmpty();
        assertThat(r.listener.resumed.get(r.listener.resumed.size() - 1).server()).isEqualTo(newHost);
        assertThat(r.listener.resumed.get(0).lost()).isInstanceOf(R2dbcException.class).hasMessageContaining(oldHost);
        // long-lived consumers end loudly
        for (Map.Entry<String, LongLivedConsumers.End> e : Map.of("LISTEN", r.listenEnd, "streaming result", r.streamedEnd,
                "paused result", r.pausedEnd).entrySet()) {
            assertThat(e.getValue().completed()).as(e.getKey() + " completed instead of failing").isFalse();
            assertThat(e.getValue().error()).as(e.getKey()).isInstanceOf(R2dbcException.class);
            assertThat(Failures.isResourceKind(e.getValue().error())).as(e.getKey() + ": " + e.getValue().error()).isTrue();
            assertThat(e.getValue().error().getMessage()).as(e.getKey()).contains(oldHost);
        }
    }
}
