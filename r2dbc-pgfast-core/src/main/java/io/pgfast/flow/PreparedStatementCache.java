package io.pgfast.flow;

import io.pgfast.protocol.backend.RowDescription;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The named prepared statements of one connection, keyed by SQL and parameter type OIDs, least recently
 * used evicted first. Each entry keeps the RowDescription and the decode plans, so that an execution of a
 * cached statement is Bind/Execute/Sync only. Evicted statements are closed on the server with the next
 * request ({@link #drainEvicted}). Confined to the connection's event loop.
 */
public final class PreparedStatementCache {

    /** The cache key: SQL text and parameter type OIDs. */
    static final class Key {
        String sql;
        int[] oids;
        /** Only in the cache's lookup probe: the binding whose OIDs are looked up, instead of an array of them. */
        private Binding binding;
        private int hash;

        Key(String sql, int[] oids) {
            this.sql = sql;
            this.oids = oids;
            this.hash = 31 * sql.hashCode() + Arrays.hashCode(oids);
        }

        /** Only for the cache's lookup probe: a stored key never changes. The hash is {@code Arrays.hashCode}'s. */
        private void probe(String sql, Binding binding) {
            int h = 1;
            for (int i = 0; i < binding.count(); i++) {
                h = 31 * h + binding.oid(i);
            }
            this.sql = sql;
            this.binding = binding;
            this.hash = 31 * sql.hashCode() + h;
        }

        boolean matches(String sql, int[] oids) {
            return this.sql.equals(sql) && Arrays.equals(this.oids, oids);
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Key)) {
                return false;
            }
            Key k = (Key) o;
            if (hash != k.hash || !sql.equals(k.sql)) {
                return false;
            }
            if (binding != null) {
                return binding.hasOids(k.oids);
            }
            return k.binding != null ? k.binding.hasOids(oids) : Arrays.equals(oids, k.oids);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** A statement prepared on the server. {@code description} is null for NoData. */
    static final class Entry {
        final String name;
        /** What it is cached under. */
        final Key key;
        int[] parameterOids;
        RowDescription description;
        short[] resultFormats;
        ResultColumns metadata;

        Entry(String name, Key key) {
            this.name = name;
            this.key = key;
        }
    }

    private final int capacity;
    private final LinkedHashMap<Key, Entry> entries;
    private final List<String> evicted = new ArrayList<>();
    /** The key every lookup fills in: a lookup of a cached statement, the usual case, allocates nothing. */
    private final Key probe = new Key("", new int[0]);
    private long counter;
    /**
     * "pgfast_" and 64 random bits, unique per connection: behind a transaction-pooling PgBouncer this
     * connection's statements may meet another client's on one server connection, and a shared name there
     * would run the other client's statement with no error. With a name of its own, such a meeting is a
     * missing statement (26000), which is prepared again.
     */
    private final String prefix = "pgfast_" + Long.toHexString(java.util.concurrent.ThreadLocalRandom.current().nextLong()) + "_";

    /** @param capacity the number of statements kept; negative = unbounded; 0 is not a cache (unnamed statements) */
    public PreparedStatementCache(int capacity) {
        this.capacity = capacity;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Entry> eldest) {
                if (PreparedStatementCache.this.capacity >= 0 && size() > PreparedStatementCache.this.capacity) {
                    evicted.add(eldest.getValue().name);
                    return true;
                }
                return false;
            }
        };
    }

    boolean enabled() {
        return capacity != 0;
    }

    /** The statement cached for {@code sql} with {@code binding}'s parameter types, or null. */
    Entry get(String sql, Binding binding) {
        probe.probe(sql, binding);
        Entry e = entries.get(probe);
        probe.sql = null;
        probe.binding = null;
        return e;
    }

    /** A statement to prepare for {@code sql} with parameter types {@code oids}, under a new name. */
    Entry newEntry(String sql, int[] oids) {
        return new Entry(prefix + (++counter), new Key(sql, oids));
    }

    /** A statement to prepare again, under a new name, for what {@code stale} was prepared for. */
    Entry newEntry(Entry stale) {
        return new Entry(prefix + (++counter), stale.key);
    }

    void put(Entry entry) {
        entries.put(entry.key, entry);
    }

    void remove(Key key) {
        Entry e = entries.remove(key);
        if (e != null) {
            evicted.add(e.name);
        }
    }

    boolean hasEvicted() {
        return !evicted.isEmpty();
    }

    /** Forgets every entry without closing (the server has already dropped them, e.g. after DISCARD ALL). */
    void clear() {
        entries.clear();
    }

    /** The names of evicted statements still to Close on the server; the list is emptied. */
    List<String> drainEvicted() {
        if (evicted.isEmpty()) {
            return List.of();
        }
        List<String> names = new ArrayList<>(evicted);
        evicted.clear();
        return names;
    }

    int size() {
        return entries.size();
    }

    Iterator<Entry> iterator() {
        return entries.values().iterator();
    }
}
