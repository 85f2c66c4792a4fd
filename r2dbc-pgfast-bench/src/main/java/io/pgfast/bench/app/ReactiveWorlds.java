package io.pgfast.bench.app;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The reactive variants' data access, through Spring's {@link DatabaseClient} as TFB's Spring WebFlux application
 * uses it: a world is read by its own query with {@code .first()}, which takes the first row and cancels the rest
 * (an early cancel per read, which is what issue 37 found costly), and the reads of one request run concurrently,
 * each on a connection of its own from the pool.
 */
public final class ReactiveWorlds {
    static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = $1";
    static final String UPDATE_WORLD = "UPDATE world SET randomnumber = $1 WHERE id = $2";
    static final String SELECT_FORTUNES = "SELECT id, message FROM fortune";

    private final DatabaseClient client;

    public ReactiveWorlds(DatabaseClient client) {
        this.client = client;
    }

    /** The world {@code id}; empty if there is none. */
    public Mono<World> world(int id) {
        return client.sql(SELECT_WORLD).bind(0, id)
                .map((row, meta) -> new World(row.get(0, Integer.class), row.get(1, Integer.class)))
                .first();
    }

    /** {@code count} random worlds, each read by its own query; fails if one is missing. */
    public Mono<List<World>> worlds(int count) {
        return Flux.range(0, count)
                .flatMap(i -> found(TfbRules.randomWorld()))
                .collectList();
    }

    /**
     * {@code count} random worlds, each read by its own query, given new random numbers and written back in one
     * batch: one statement with a binding per world ({@code Statement.add}), in one round trip, as TFB's rules
     * allow. The batch is one implicit transaction, so concurrent requests lock their rows in id order, which
     * keeps them from deadlocking.
     */
    public Mono<List<World>> update(int count) {
        return worlds(count).flatMap(read -> {
            List<World> changed = new ArrayList<>(read.size());
            for (World w : read) {
                changed.add(new World(w.id(), TfbRules.randomWorld()));
            }
            List<World> byId = new ArrayList<>(changed);
            byId.sort(Comparator.comparingInt(World::id));
            return client.inConnectionMany(c -> {
                        Statement update = c.createStatement(UPDATE_WORLD);
                        for (int i = 0; i < byId.size(); i++) {
                            if (i > 0) {
                                update.add();
                            }
                            update.bind(0, byId.get(i).randomNumber()).bind(1, byId.get(i).id());
                        }
                        return Flux.from(update.execute()).flatMap(Result::getRowsUpdated);
                    })
                    .then(Mono.just(changed));
        });
    }

    /** Every row of {@code fortune}. */
    public Mono<List<Fortune>> fortunes() {
        return client.sql(SELECT_FORTUNES)
                .map((row, meta) -> new Fortune(row.get(0, Integer.class), row.get(1, String.class)))
                .all()
                .collectList();
    }

    private Mono<World> found(int id) {
        return world(id).switchIfEmpty(Mono.error(() -> new IllegalStateException("no world " + id)));
    }
}
