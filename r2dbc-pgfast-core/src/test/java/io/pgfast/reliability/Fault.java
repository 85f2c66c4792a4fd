package io.pgfast.reliability;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

/**
 * What {@link FaultProxy} does to one connection, in one or both directions, once the given number
 * of bytes has passed in that direction. A fault triggers at most once per direction.
 */
final class Fault {

    /** Which way bytes flow through the proxy. */
    enum Direction {
        TO_SERVER, TO_CLIENT;

        @Override
        public String toString() {
            return this == TO_SERVER ? "client->server" : "server->client";
        }
    }

    enum Kind {
        /** Pass everything through unchanged. */
        NONE,
        /** Forward {@code position} bytes, then close both sockets (FIN). */
        CLOSE,
        /** Forward {@code position} bytes, then reset both sockets (RST, SO_LINGER 0). */
        RESET,
        /** Forward {@code position} bytes, then forward nothing more, ever. */
        STALL,
        /** Forward {@code position} bytes, wait {@code duration}, then go on. */
        PAUSE,
        /** Wait {@code duration} before forwarding each chunk read. */
        DELAY,
        /** Forward every byte in its own write (TCP_NODELAY), so the peer reads tiny fragments. */
        FRAGMENT,
        /** Invert the byte at offset {@code position} (all bits flipped). */
        CORRUPT
    }

    static final Fault NONE = new Fault(Kind.NONE, EnumSet.noneOf(Direction.class), 0, Duration.ZERO);

    final Kind kind;
    final Set<Direction> directions;
    final long position;
    final Duration duration;

    private Fault(Kind kind, Set<Direction> directions, long position, Duration duration) {
        this.kind = kind;
        this.directions = directions;
        this.position = position;
        this.duration = duration;
    }

    static Fault at(Kind kind, Direction direction, long position) {
        return new Fault(kind, EnumSet.of(direction), position, Duration.ZERO);
    }

    static Fault pause(Direction direction, long position, Duration duration) {
        return new Fault(Kind.PAUSE, EnumSet.of(direction), position, duration);
    }

    /** A whole-stream fault (DELAY, FRAGMENT) on both directions. */
    static Fault everywhere(Kind kind, Duration duration) {
        return new Fault(kind, EnumSet.allOf(Direction.class), 0, duration);
    }

    boolean applies(Direction direction) {
        return directions.contains(direction);
    }

    @Override
    public String toString() {
        switch (kind) {
            case NONE:
                return "no fault";
            case DELAY:
                return "delay " + duration.toMillis() + " ms per chunk, both ways";
            case FRAGMENT:
                return "1-byte writes, both ways";
            case PAUSE:
                return "pause " + duration.toMillis() + " ms " + directions.iterator().next() + " after byte " + position;
            default:
                return kind.name().toLowerCase() + " " + directions.iterator().next() + " at byte " + position;
        }
    }
}
