package io.pgfast.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.stream.Collectors;

/**
 * How the measured loop runs one operation after the other.
 * <ul>
 * <li>{@link #CHAINED}: the next operation starts on the thread that completed the previous one, the driver's
 * event loop for a reactive driver, without a thread hop: what a WebFlux service's handler chain does.</li>
 * <li>{@link #BLOCKING}: one caller thread starts each operation and waits for it ({@code block()} for the
 * R2DBC drivers, {@code Future.get()} for vertx): what a batch job or a test does. A reactive driver pays a
 * hand-over to its event loop and a wake-up of the caller per operation.</li>
 * </ul>
 * pgjdbc and the raw socket floor have no event loop: they run on the caller's thread in either shape, so they
 * are measured once, as {@link #BLOCKING}, and that measurement is the peer side of both shapes' tables
 * ({@link Peer#measuredShape}).
 */
public enum LoopShape {
    CHAINED("chained", "chained on the event loop"),
    BLOCKING("blocking", "blocking caller");

    private final String id;
    private final String label;

    LoopShape(String id, String label) {
        this.id = id;
        this.label = label;
    }

    public String id() {
        return id;
    }

    public String label() {
        return label;
    }

    /**
     * @throws NoSuchElementException naming the known ids
     */
    public static LoopShape byId(String id) {
        String wanted = id.trim().toLowerCase(Locale.ROOT);
        for (LoopShape s : values()) {
            if (s.id.equals(wanted)) {
                return s;
            }
        }
        throw new NoSuchElementException("unknown loop shape '" + id + "'; known: "
                + Arrays.stream(values()).map(LoopShape::id).collect(Collectors.joining(", ")));
    }

    /** Parses a comma-separated list of ids, in the given order, without repeats. */
    public static List<LoopShape> parseList(String text) {
        List<LoopShape> out = Arrays.stream(text.split(",")).filter(s -> !s.isBlank()).map(LoopShape::byId)
                .distinct().collect(Collectors.toList());
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no loop shape in '" + text + "'");
        }
        return out;
    }

    public static String ids(List<LoopShape> shapes) {
        return shapes.stream().map(LoopShape::id).collect(Collectors.joining(","));
    }
}
