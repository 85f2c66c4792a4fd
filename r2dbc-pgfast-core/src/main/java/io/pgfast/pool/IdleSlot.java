package io.pgfast.pool;

import io.netty.channel.EventLoop;

import java.util.ArrayDeque;

/**
 * The idle connections that run on one event loop, the most recently returned first (its buffers and caches are
 * warm). Guarded by the pool's lock; {@link #loop} is fixed.
 */
final class IdleSlot {

    final EventLoop loop;
    final ArrayDeque<PoolEntry> idle = new ArrayDeque<>();

    IdleSlot(EventLoop loop) {
        this.loop = loop;
    }
}
