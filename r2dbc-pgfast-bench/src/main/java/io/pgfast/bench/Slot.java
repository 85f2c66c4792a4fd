package io.pgfast.bench;

import java.util.Objects;

/** One process of a round: a driver and which of its two processes this is (1 or 2). */
public record Slot(Peer peer, int copy) {
    public Slot {
        Objects.requireNonNull(peer, "peer");
        if (copy != 1 && copy != 2) {
            throw new IllegalArgumentException("copy is 1 or 2, not " + copy);
        }
    }

    @Override
    public String toString() {
        return peer.id() + "#" + copy;
    }
}
