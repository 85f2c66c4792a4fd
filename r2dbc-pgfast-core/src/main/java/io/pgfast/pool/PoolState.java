package io.pgfast.pool;

import io.netty.channel.EventLoop;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The pool's bookkeeping: which connections exist, which are idle on which event loop, who waits. Every method holds
 * one lock for a few field updates and calls nothing outside this class, so no I/O and no subscriber ever runs under
 * it; opening, validating and closing connections is {@link PgfastPool}'s part, with the decisions made here.
 */
final class PoolState implements PgfastPoolMetrics {

    /** What {@link #acquire} decided. */
    enum Take {
        /** An idle connection is the lease's: {@link Lease#taken}. */
        IDLE,
        /** A connection may be opened for the lease (counted in {@code allocated} already). */
        CREATE,
        /** The lease waits for a connection to come back. */
        WAIT,
        /** {@code maxPending} leases wait already. */
        FULL,
        /** The pool is closed. */
        CLOSED
    }

    /** What {@link #offer} did with a connection coming back. */
    enum Offer {
        /** It waits in its event loop's idle slot. */
        IDLE,
        /** It goes to the waiter in {@link PoolEntry#next}. */
        HANDED,
        /** The pool is closed: close the connection (already forgotten here). */
        CLOSE
    }

    private final Object lock = new Object();
    private final int maxSize;
    private final int maxPending;
    /** One per event loop seen; replaced, never changed, so that the caller's slot is found without the lock. */
    private volatile IdleSlot[] slots = new IdleSlot[0];
    private final ArrayDeque<Lease> waiters = new ArrayDeque<>();
    /** Every open connection, for closing the pool. */
    private final Set<PoolEntry> all = new HashSet<>();
    /** Open connections plus those being opened. */
    private int allocated;
    private int idle;
    private int acquired;
    /** Connections being opened to keep {@code minIdle} or {@code initialSize}, for no lease. */
    private int filling;
    private boolean closed;

    PoolState(int maxSize, int maxPending) {
        this.maxSize = maxSize;
        this.maxPending = maxPending;
    }

    /** The idle slot of the calling thread's event loop, or null when it runs on none of the pool's. */
    IdleSlot callerSlot() {
        for (IdleSlot s : slots) {
            if (s.loop.inEventLoop()) {
                return s;
            }
        }
        return null;
    }

    /**
     * Decides how {@code lease} gets a connection: an idle one of {@code own} (the caller's event loop), else a new one
     * while below {@code maxSize} when the caller is on an event loop (it will open on that loop), else the idle one
     * given back last ({@link #latestIdle}), else a new one below {@code maxSize}, else wait (up to {@code maxPending}
     * waiters).
     */
    Take acquire(Lease lease, IdleSlot own) {
        synchronized (lock) {
            if (closed) {
                return Take.CLOSED;
            }
            PoolEntry e = own == null ? null : own.idle.pollFirst();
            if (e == null) {
                if (own != null && allocated < maxSize) {
                    allocated++;
                    return Take.CREATE;
                }
                e = latestIdle();
            }
            if (e != null) {
                idle--;
                acquired++;
                lease.taken = e;
                return Take.IDLE;
            }
            if (allocated < maxSize) {
                allocated++;
                return Take.CREATE;
            }
            if (waiters.size() >= maxPending) {
                return Take.FULL;
            }
            waiters.addLast(lease);
            return Take.WAIT;
        }
    }

    /**
     * The idle connection given back last, whichever its event loop. A caller on no event loop of the pool (a thread
     * that blocks on each statement) thus gets back the connection it just gave back: that connection's event loop
     * has just run its statement and is likely still awake, where one idle for longer must be woken up by the
     * statement's submission, and then again by its answer. Spreading such a caller over the event loops in turn cost
     * close to one more thread wake-up per pool query.
     */
    private PoolEntry latestIdle() {
        IdleSlot latest = null;
        for (IdleSlot slot : slots) {
            PoolEntry e = slot.idle.peekFirst();
            if (e != null && (latest == null || e.lastUsed - latest.idle.peekFirst().lastUsed > 0)) {
                latest = slot;
            }
        }
        return latest == null ? null : latest.idle.pollFirst();
    }

    /** A lease stopped waiting (timed out or cancelled). */
    void leave(Lease lease) {
        synchronized (lock) {
            waiters.remove(lease);
        }
    }

    /** The slot of {@code loop}, made on first sight. */
    IdleSlot slotOf(EventLoop loop) {
        IdleSlot[] s = slots;
        for (IdleSlot slot : s) {
            if (slot.loop == loop) {
                return slot;
            }
        }
        synchronized (lock) {
            s = slots;
            for (IdleSlot slot : s) {
                if (slot.loop == loop) {
                    return slot;
                }
            }
            IdleSlot[] more = java.util.Arrays.copyOf(s, s.length + 1);
            IdleSlot slot = new IdleSlot(loop);
            more[s.length] = slot;
            slots = more;
            return slot;
        }
    }

    /**
     * A connection opened for a lease (or a fill, {@code forFill}) is open: it counts as handed out until it is
     * delivered or offered. False when the pool closed meanwhile: close it (no longer counted).
     */
    boolean opened(PoolEntry e, boolean forFill) {
        synchronized (lock) {
            if (forFill) {
                filling--;
            }
            if (closed) {
                allocated--;
                return false;
            }
            all.add(e);
            acquired++;
            return true;
        }
    }

    /**
     * A connection comes back whole: to the first waiter ({@link PoolEntry#next}), else to its idle slot. When the pool
     * is closed it is forgotten and the caller closes it.
     */
    Offer offer(PoolEntry e) {
        synchronized (lock) {
            if (closed) {
                forget(e);
                return Offer.CLOSE;
            }
            Lease w = waiters.pollFirst();
            if (w != null) {
                e.next = w;
                return Offer.HANDED;
            }
            acquired--;
            idle++;
            e.slot.idle.addFirst(e);
            return Offer.IDLE;
        }
    }

    /**
     * A connection handed out (or being opened, {@code e} null) is gone. Returns the first waiter, for which a
     * connection may now be opened (counted already), or null.
     */
    Lease destroyed(PoolEntry e) {
        synchronized (lock) {
            if (e == null) {
                allocated--;
            } else if (!forget(e)) {
                return null;
            }
            return reserveForWaiter();
        }
    }

    /** Opening a connection for no lease ({@link #reserveFill}) failed. Returns a waiter to open one for, or null. */
    Lease fillFailed() {
        synchronized (lock) {
            filling--;
            allocated--;
            return reserveForWaiter();
        }
    }

    private Lease reserveForWaiter() {
        if (closed || allocated >= maxSize || waiters.isEmpty()) {
            return null;
        }
        allocated++;
        return waiters.pollFirst();
    }

    /** Drops {@code e} from the counts if it is still known (idempotent): true if it was. */
    private boolean forget(PoolEntry e) {
        if (!all.remove(e)) {
            return false;
        }
        allocated--;
        acquired--;
        return true;
    }

    /**
     * Reserves the connections to open so that {@code allocated} reaches {@code total} and {@code idle} (with those
     * being opened for it) reaches {@code minIdle}, within {@code maxSize}. Returns how many to open.
     */
    int reserveFill(int total, int minIdle) {
        synchronized (lock) {
            if (closed) {
                return 0;
            }
            int n = Math.max(total - allocated, minIdle - idle - filling);
            n = Math.min(n, maxSize - allocated);
            if (n <= 0) {
                return 0;
            }
            allocated += n;
            filling += n;
            return n;
        }
    }

    /**
     * Takes out of the idle slots every connection that is closed, past its {@code retireAt}, or idle for
     * {@code maxIdleNanos} (0: no bound) while more than {@code minIdle} are idle; the caller closes them.
     */
    List<PoolEntry> evict(long now, long maxIdleNanos, int minIdle) {
        List<PoolEntry> out = null;
        synchronized (lock) {
            for (IdleSlot s : slots) {
                for (Iterator<PoolEntry> it = s.idle.descendingIterator(); it.hasNext(); ) {
                    PoolEntry e = it.next();
                    boolean stale = maxIdleNanos > 0 && now - e.lastUsed >= maxIdleNanos && idle > minIdle;
                    if (stale || e.retired(now) || !e.connection.isOpen()) {
                        it.remove();
                        idle--;
                        all.remove(e);
                        allocated--;
                        if (out == null) {
                            out = new ArrayList<>();
                        }
                        out.add(e);
                    }
                }
            }
        }
        return out == null ? List.of() : out;
    }

    /** Closes the pool: returns the idle connections (to close) and the waiters (to fail), now forgotten here. */
    List<PoolEntry> close(List<Lease> waitersOut) {
        synchronized (lock) {
            closed = true;
            waitersOut.addAll(waiters);
            waiters.clear();
            List<PoolEntry> idleOut = new ArrayList<>();
            for (IdleSlot s : slots) {
                for (PoolEntry e : s.idle) {
                    all.remove(e);
                    allocated--;
                    idleOut.add(e);
                }
                s.idle.clear();
            }
            idle = 0;
            return idleOut;
        }
    }

    /** Forgets every connection still handed out, for closing them anyway; returns them. */
    List<PoolEntry> forgetAll() {
        synchronized (lock) {
            List<PoolEntry> out = new ArrayList<>(all);
            for (PoolEntry e : out) {
                forget(e);
            }
            return out;
        }
    }

    boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    /** Closed and nothing open or being opened. */
    boolean isTerminated() {
        synchronized (lock) {
            return closed && allocated == 0;
        }
    }

    @Override
    public int getAcquiredSize() {
        synchronized (lock) {
            return acquired;
        }
    }

    @Override
    public int getAllocatedSize() {
        synchronized (lock) {
            return allocated;
        }
    }

    @Override
    public int getIdleSize() {
        synchronized (lock) {
            return idle;
        }
    }

    @Override
    public int getPendingAcquireSize() {
        synchronized (lock) {
            return waiters.size();
        }
    }

    @Override
    public int getMaxAllocatedSize() {
        return maxSize;
    }

    @Override
    public int getMaxPendingAcquireSize() {
        return maxPending;
    }

    @Override
    public String toString() {
        synchronized (lock) {
            return "allocated " + allocated + " of " + maxSize + ", " + acquired + " handed out, " + idle + " idle, "
                    + waiters.size() + " waiting";
        }
    }
}
