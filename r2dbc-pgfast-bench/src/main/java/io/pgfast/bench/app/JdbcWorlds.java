package io.pgfast.bench.app;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

/**
 * The MVC variant's data access: {@link JdbcTemplate} on pgjdbc and HikariCP, blocking on the request's (virtual)
 * thread. The same statements as {@link ReactiveWorlds}: a world per query, the updates in one batch.
 */
public final class JdbcWorlds {
    static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = ?";
    static final String UPDATE_WORLD = "UPDATE world SET randomnumber = ? WHERE id = ?";
    private static final RowMapper<World> WORLD = (rs, n) -> new World(rs.getInt(1), rs.getInt(2));
    private static final RowMapper<Fortune> FORTUNE = (rs, n) -> new Fortune(rs.getInt(1), rs.getString(2));

    private final JdbcTemplate jdbc;

    public JdbcWorlds(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The world {@code id}. */
    public World world(int id) {
        return jdbc.queryForObject(SELECT_WORLD, WORLD, id);
    }

    /** {@code count} random worlds, one query each, one after the other. */
    public List<World> worlds(int count) {
        List<World> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(world(TfbRules.randomWorld()));
        }
        return out;
    }

    /**
     * {@code count} random worlds, each read by its own query, given new random numbers and written back in one JDBC
     * batch (one round trip, one implicit transaction: rows are locked in id order, so that concurrent requests do not
     * deadlock).
     */
    public List<World> update(int count) {
        List<World> changed = new ArrayList<>(count);
        for (World w : worlds(count)) {
            changed.add(new World(w.id(), TfbRules.randomWorld()));
        }
        List<Object[]> byId = new ArrayList<>(count);
        changed.stream().sorted(Comparator.comparingInt(World::id))
                .forEach(w -> byId.add(new Object[]{w.randomNumber(), w.id()}));
        jdbc.batchUpdate(UPDATE_WORLD, byId);
        return changed;
    }

    /** Every row of {@code fortune}. */
    public List<Fortune> fortunes() {
        return jdbc.query(ReactiveWorlds.SELECT_FORTUNES, FORTUNE);
    }
}
