package io.pgfast.connect;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.PgType;
import io.pgfast.transport.Transport;
import reactor.core.publisher.Mono;
import reactor.util.Logger;
import reactor.util.Loggers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The codecs of one connection factory, shared by all its connections, and how they learn a type the
 * server names after the factory's first connection (a {@code CREATE TYPE} later on, a table's row type,
 * an extension type no codec names).
 *
 * <p>{@link #unknown} is what a result asks once per RowDescription: the OIDs from FirstNormalObjectId
 * (16384) up that the registry does not know and that no earlier lookup found missing; for built-in OIDs it
 * costs one comparison. {@link #resolve} looks those up in one round trip ({@link TypeDiscovery#lookUp}),
 * extends the registry (every later statement of every connection of the factory sees it) and answers the
 * extended registry. Lookups are coalesced per OID: a second result naming an OID already being looked up
 * waits for that lookup instead of sending its own. An OID the catalog does not have is remembered as
 * absent and not looked up again; a lookup that fails (the connection broke, the read-ahead limit was
 * reached) is not remembered, and the types stay text until a later result asks again.
 */
public final class RuntimeTypes {

    private static final Logger LOG = Loggers.getLogger(RuntimeTypes.class);

    /** FirstNormalObjectId (src/include/access/transam.h): OIDs below it are built in (unsigned comparison). */
    public static final int FIRST_NORMAL_OBJECT_ID = TypeDiscovery.FIRST_NORMAL_OBJECT_ID;

    private final AtomicReference<CodecRegistry> registry;
    private final Set<Integer> absent = ConcurrentHashMap.newKeySet();
    private final ConcurrentHashMap<Integer, Mono<CodecRegistry>> pending = new ConcurrentHashMap<>();
    /** Lookups sent: what a test observes to see coalescing and the absent set at work. */
    private final AtomicInteger lookups = new AtomicInteger();

    RuntimeTypes(CodecRegistry registry) {
        this.registry = new AtomicReference<>(registry);
    }

    /** The registry as of now: what a statement about to run plans its parameters and columns with. */
    public CodecRegistry registry() {
        return registry.get();
    }

    void replace(CodecRegistry discovered) {
        registry.set(discovered);
    }

    /**
     * The OIDs of {@code oids} worth looking up — not built in (below 16384, unsigned), unknown to
     * {@code codecs}, not known to be absent — or null when there are none (no allocation then).
     */
    public int[] unknown(CodecRegistry codecs, int[] oids) {
        int[] found = null;
        int count = 0;
        for (int oid : oids) {
            if (Integer.compareUnsigned(oid, TypeDiscovery.FIRST_NORMAL_OBJECT_ID) < 0 || codecs.type(oid).isPresent()
                    || absent.contains(oid)) {
                continue;
            }
            if (found == null) {
                found = new int[oids.length];
            }
            boolean seen = false;
            for (int i = 0; i < count; i++) {
                seen |= found[i] == oid;
            }
            if (!seen) {
                found[count++] = oid;
            }
        }
        return found == null ? null : Arrays.copyOf(found, count);
    }

    /**
     * The registry once {@code oids} (from {@link #unknown}) are looked up on {@code transport}, or as it
     * was when the lookup fails; never an error. The lookup is a conversation queued on that transport.
     */
    public Mono<CodecRegistry> resolve(Transport transport, int[] oids) {
        List<Mono<CodecRegistry>> waits = new ArrayList<>(1);
        List<Integer> mine = new ArrayList<>(oids.length);
        @SuppressWarnings("unchecked")
        Mono<CodecRegistry>[] self = new Mono[1];
        Mono<CodecRegistry> own = Mono.defer(() -> lookUp(transport, toArray(mine), self[0])).cache();
        self[0] = own;
        for (int oid : oids) {
            Mono<CodecRegistry> earlier = pending.putIfAbsent(oid, own);
            if (earlier == null) {
                // a lookup ends by extending the registry, then leaving pending: it may just have found this one
                if (registry.get().type(oid).isPresent() || absent.contains(oid)) {
                    pending.remove(oid, own);
                } else {
                    mine.add(oid);
                }
            } else if (!waits.contains(earlier)) {
                waits.add(earlier);
            }
        }
        if (!mine.isEmpty()) {
            waits.add(own);
        }
        return Mono.when(waits).then(Mono.fromSupplier(registry::get));
    }

    private Mono<CodecRegistry> lookUp(Transport transport, int[] oids, Mono<CodecRegistry> self) {
        lookups.incrementAndGet();
        int major = TypeDiscovery.major(transport.session().parameters().getOrDefault("server_version", "0"));
        return TypeDiscovery.lookUp(transport, oids, major)
                .map(types -> {
                    CodecRegistry extended = registry.updateAndGet(r -> r.withTypes(types));
                    for (int oid : oids) {
                        if (extended.type(oid).isEmpty()) {
                            absent.add(oid);
                        }
                    }
                    return extended;
                })
                .onErrorResume(e -> {
                    LOG.debug("could not look up the types with OIDs {} ({}); they decode as text", Arrays.toString(oids), e.toString());
                    return Mono.fromSupplier(registry::get);
                })
                .doFinally(s -> {
                    for (int oid : oids) {
                        pending.remove(oid, self);
                    }
                });
    }

    /** The number of lookups sent so far (one round trip each). */
    int lookups() {
        return lookups.get();
    }

    private static int[] toArray(List<Integer> oids) {
        int[] a = new int[oids.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = oids.get(i);
        }
        return a;
    }
}
