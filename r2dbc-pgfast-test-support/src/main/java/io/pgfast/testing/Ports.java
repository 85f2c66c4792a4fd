package io.pgfast.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** The TCP ports of the servers the harness starts itself (clusters, PgBouncer, PGlite, the KDC). */
final class Ports {

    private Ports() {
    }

    /**
     * A port that was free on {@code host} a moment ago. Another process may take it before the server binds it:
     * the callers that can tell retry on "Address already in use".
     */
    static int free(String host) {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free TCP port on " + host, e);
        }
    }

    /** Sleeps between two looks at a server that is starting; an interrupt ends the wait for {@code what} with an exception. */
    static void pause(long millis, String what) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + what, e);
        }
    }
}
