package io.pgfast.bench;

import io.pgfast.bench.driver.FloorWorkload;
import io.pgfast.bench.driver.PgjdbcWorkload;
import io.pgfast.bench.driver.R2dbcWorkload;
import io.pgfast.bench.driver.VertxWorkload;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The drivers that are measured: pgfast (side A of every comparison) and the peers it is compared with. */
public enum Peer {
    PGFAST("pgfast", "pgfast", R2dbcWorkload::pgfast),
    /**
     * pgfast again, as a peer: the A/A check ({@code --aa}). The same code on both sides, so a rule that marks any
     * of its rows is more willing to judge than the measurement allows.
     */
    PGFAST_AGAIN("pgfast-again", "pgfast (again, the A/A check)", R2dbcWorkload::pgfast),
    R2DBC_POSTGRESQL("r2dbc-postgresql", "r2dbc-postgresql 1.1.3", R2dbcWorkload::r2dbcPostgresql),
    VERTX("vertx", "vertx-pg-client 5.0.7", VertxWorkload::new),
    PGJDBC("pgjdbc", "pgjdbc 42.7.14", PgjdbcWorkload::new),
    FLOOR("floor", "raw socket floor", FloorWorkload::new);

    private final String id;
    private final String displayName;
    private final Function<BenchTarget, Workload> factory;

    Peer(String id, String displayName, Function<BenchTarget, Workload> factory) {
        this.id = id;
        this.displayName = displayName;
        this.factory = factory;
    }

    public String id() {
        return id;
    }

    public String displayName() {
        return displayName;
    }

    /** A new workload of this driver against {@code target}; it opens nothing until a scenario is prepared. */
    public Workload workload(BenchTarget target) {
        return factory.apply(target);
    }

    /** Why this driver cannot run {@code scenario} at all, or null if it can. */
    public String notApplicable(Scenario scenario) {
        switch (this) {
            case FLOOR:
                return FloorWorkload.supports(scenario) ? null : FloorWorkload.NOT_APPLICABLE;
            case VERTX:
            case PGJDBC:
                return scenario == Scenario.TAKE_10_NO_FETCH_SIZE ? Scenario.NEEDS_A_CURSOR : null;
            default:
                return null;
        }
    }

    /**
     * What this driver runs for a row of {@code scenario}: pgfast (and pgfast as its own peer) each scenario as
     * it is, every other driver its {@link Scenario#base()}, since pgfast's pool is not theirs to take. So a
     * peer's windows of a base scenario serve the rows of its variants as well ({@link RoundPlan#sharedRounds}).
     */
    public Scenario runs(Scenario scenario) {
        return this == PGFAST || this == PGFAST_AGAIN ? scenario : scenario.base();
    }

    /**
     * Whether this driver runs its operations on an event loop of its own, so that the two {@link LoopShape}s
     * differ for it. pgjdbc and the floor block the caller's thread in either shape.
     */
    public boolean hasEventLoop() {
        return this == PGFAST || this == PGFAST_AGAIN || this == R2DBC_POSTGRESQL || this == VERTX;
    }

    /** The shape this driver is measured in when a table of {@code wanted} needs it. */
    public LoopShape measuredShape(LoopShape wanted) {
        return hasEventLoop() ? wanted : LoopShape.BLOCKING;
    }

    /** The shapes a process of this driver measures, of those a run asks for, in the run's order. */
    public List<LoopShape> measuredShapes(List<LoopShape> wanted) {
        if (hasEventLoop()) {
            return wanted;
        }
        return List.of(LoopShape.BLOCKING);
    }

    /** The peers pgfast is compared with, in table order. */
    public static List<Peer> comparedPeers() {
        return List.of(R2DBC_POSTGRESQL, VERTX, PGJDBC, FLOOR);
    }

    /**
     * @throws NoSuchElementException naming the known ids, if {@code id} is none of them
     */
    public static Peer byId(String id) {
        String wanted = id.trim().toLowerCase(Locale.ROOT);
        for (Peer p : values()) {
            if (p.id.equals(wanted)) {
                return p;
            }
        }
        throw new NoSuchElementException("unknown driver '" + id + "'; known: "
                + Arrays.stream(values()).map(Peer::id).collect(Collectors.joining(", ")));
    }
}
