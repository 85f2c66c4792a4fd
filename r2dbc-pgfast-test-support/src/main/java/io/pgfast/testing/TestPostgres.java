package io.pgfast.testing;

import java.util.Optional;

/**
 * The PostgreSQL of this test run: started on first use, once per JVM, and stopped when the JVM exits. Usable
 * from JUnit tests and from plain programs alike (nothing here needs JUnit).
 *
 * <p>Where the server comes from is decided by {@link ServerSelection}: {@code PGFAST_TEST_URL}, then Docker,
 * then PostgreSQL binaries. Choose the major with {@code -Dpgfast.test.pg=12..18} (default 17).
 */
public final class TestPostgres {
    private static final Object LOCK = new Object();
    private static ServerSelection.Started started;
    private static RuntimeException failure;
    private static Optional<TestServer> withoutTls;
    private static RuntimeException withoutTlsFailure;

    private TestPostgres() {
    }

    /**
     * The server, started if this is the first call. Thread-safe; every call returns the same instance.
     *
     * @throws IllegalStateException if no server can be had; later calls fail the same way at once
     */
    public static TestServer get() {
        return startedServer().server();
    }

    /**
     * A second throwaway cluster with {@code ssl = off} and the same roles (except {@link AuthMethod#CERT}), for
     * tests of {@code sslmode=require} against a server without TLS. Started on first call; empty unless the main
     * server is {@link TestServer.Kind#LOCAL_BINARIES}.
     */
    public static Optional<TestServer> withoutTls() {
        ServerSelection.Started main = startedServer();
        synchronized (LOCK) {
            if (withoutTls == null) {
                if (withoutTlsFailure != null) {
                    throw new IllegalStateException(withoutTlsFailure.getMessage(), withoutTlsFailure);
                }
                try {
                    withoutTls = main.binaries().map(b -> {
                        long begin = System.nanoTime();
                        TestServer server = ServerSelection.startCluster(b, false, main.server().clientFiles());
                        banner(server, "second cluster without TLS", begin);
                        return server;
                    });
                } catch (RuntimeException e) {
                    withoutTlsFailure = e;
                    throw e;
                }
            }
            return withoutTls;
        }
    }

    private static ServerSelection.Started startedServer() {
        synchronized (LOCK) {
            if (started == null) {
                if (failure != null) {
                    throw new IllegalStateException(failure.getMessage(), failure);
                }
                long begin = System.nanoTime();
                try {
                    started = ServerSelection.start(HarnessSettings.fromEnvironment());
                } catch (RuntimeException e) {
                    failure = e;
                    throw e;
                }
                banner(started.server(), started.origin(), begin);
            }
            return started;
        }
    }

    private static void banner(TestServer server, String origin, long beginNanos) {
        long millis = (System.nanoTime() - beginNanos) / 1_000_000;
        System.err.printf("[pgfast-test] PostgreSQL %s (major %d, %s) on %s:%d, TLS %s, ready in %d ms; from %s%n",
                server.serverVersion(), server.majorVersion(), server.kind(), server.host(), server.port(),
                server.tlsEnabled() ? "on" : "off", millis, origin);
    }
}
