package io.pgfast.bench.driver;

/**
 * The one pool that every pool scenario of a worker uses, as an application's repositories share one: opened by
 * the first scenario prepared on it, closed when the last of them closes. A worker keeps all its scenarios prepared
 * at once, so a pool per scenario would hold {@code POOL_SIZE} connections per scenario in every worker process:
 * with four pool scenarios in the default run that is more than a server's default {@code max_connections} (100).
 *
 * @param <P> the pool, with whatever else it needs to live (vertx's event loops)
 */
final class SharedPool<P> {

    @FunctionalInterface
    interface Opener<P> {
        P open() throws Exception;
    }

    @FunctionalInterface
    interface Closer<P> {
        void close(P pool) throws Exception;
    }

    private final Opener<P> opener;
    private final Closer<P> closer;
    private P pool;
    private int users;

    SharedPool(Opener<P> opener, Closer<P> closer) {
        this.opener = opener;
        this.closer = closer;
    }

    /** The pool, opened (and warmed up) if no scenario holds it yet. Each call needs one {@link #release()}. */
    synchronized P acquire() throws Exception {
        if (pool == null) {
            pool = opener.open();
        }
        users++;
        return pool;
    }

    /** Closes the pool when the last scenario that acquired it lets go; a failure to close is reported, not thrown. */
    synchronized void release() {
        if (users == 0) {
            throw new IllegalStateException("released more often than acquired");
        }
        if (--users == 0) {
            P last = pool;
            pool = null;
            try {
                closer.close(last);
            } catch (Exception e) {
                System.err.println("[worker] closing a pool: " + e);
            }
        }
    }
}
