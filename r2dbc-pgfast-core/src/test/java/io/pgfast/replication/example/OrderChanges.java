package io.pgfast.replication.example;

import io.pgfast.codec.type.Lsn;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.replication.CreateReplicationSlot;
import io.pgfast.replication.ReplicationConnection;
import io.pgfast.replication.ReplicationSlot;
import io.pgfast.replication.ReplicationStream;
import io.pgfast.replication.SlotSnapshot;
import io.pgfast.replication.StartReplication;
import io.pgfast.replication.pgoutput.Commit;
import io.pgfast.replication.pgoutput.Delete;
import io.pgfast.replication.pgoutput.Insert;
import io.pgfast.replication.pgoutput.PgOutput;
import io.pgfast.replication.pgoutput.PgOutputMessage;
import io.pgfast.replication.pgoutput.Update;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.math.BigDecimal;
import java.util.function.Function;

/**
 * Change data capture of a table {@code orders (id int PRIMARY KEY, item text, amount numeric)} published
 * as {@code publication}: every committed change, in commit order, handed to {@code apply} one at a time;
 * each transaction acknowledged once all its changes are applied, so that after a restart the stream
 * resumes right after the last transaction applied.
 */
public final class OrderChanges {

    private OrderChanges() {
    }

    /** Creates the slot, once: it keeps the position while the application is down. */
    public static Mono<Lsn> createSlot(PgfastConnectionConfiguration configuration, String slot) {
        return Mono.usingWhen(ReplicationConnection.open(configuration),
                replication -> replication.createSlot(CreateReplicationSlot.logical(slot).snapshot(SlotSnapshot.NOTHING))
                        .map(ReplicationSlot::consistentPoint),
                ReplicationConnection::close);
    }

    /**
     * Follows the slot from where it was last acknowledged. Emits the end of each transaction once it is
     * applied and acknowledged; runs until cancelled, or until the connection fails.
     */
    public static Flux<Lsn> follow(PgfastConnectionConfiguration configuration, String slot, String publication,
                                   Function<String, Mono<Void>> apply) {
        return Flux.usingWhen(ReplicationConnection.open(configuration),
                replication -> {
                    ReplicationStream<PgOutputMessage> stream = replication.startReplication(
                            StartReplication.slot(slot), PgOutput.publications(publication));
                    return stream.messages()
                            .concatMap(message -> apply(message, apply).thenReturn(message))
                            .ofType(Commit.class)
                            .map(commit -> {
                                stream.acknowledge(commit.endLsn());
                                return commit.endLsn();
                            });
                },
                ReplicationConnection::close);
    }

    /** One change as a line of text, e.g. {@code insert 1 widget 9.99}; other messages apply nothing. */
    private static Mono<Void> apply(PgOutputMessage message, Function<String, Mono<Void>> apply) {
        if (message instanceof Insert insert) {
            return apply.apply("insert " + insert.newTuple().get("id", Integer.class) + " " + insert.newTuple().get("item", String.class)
                    + " " + insert.newTuple().get("amount", BigDecimal.class));
        }
        if (message instanceof Update update) {
            return apply.apply("update " + update.newTuple().get("id", Integer.class) + " " + update.newTuple().get("item", String.class)
                    + " " + update.newTuple().get("amount", BigDecimal.class));
        }
        if (message instanceof Delete delete) {
            return apply.apply("delete " + delete.oldKey().get("id", Integer.class));
        }
        return Mono.empty();
    }
}
