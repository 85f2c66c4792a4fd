package io.pgfast.testing;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/** Where a test server listens. */
record ServerAddress(String host, int port, Optional<Path> socketDirectory) {
    ServerAddress {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(socketDirectory, "socketDirectory");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
    }
}
