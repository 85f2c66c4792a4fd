package io.pgfast.flow;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.protocol.backend.RowDescription;

/**
 * The result columns of the last few RowDescriptions a connection's simple queries received, so that a query
 * run again and again (a parameterless SELECT, a validation query) plans its columns once, as a cached prepared
 * statement does. Keyed by the message's identity: the framer hands out the same RowDescription for the same
 * bytes ({@code BackendMessageReader}). A plan is only reused with the codecs it was made with. Event loop only.
 */
public final class DescribedColumns {

    private static final int SLOTS = 4;

    private final RowDescription[] descriptions = new RowDescription[SLOTS];
    private final CodecRegistry[] registries = new CodecRegistry[SLOTS];
    private final ResultColumns[] columns = new ResultColumns[SLOTS];
    private int next;

    /** The columns of {@code description} decoded with {@code codecs}, planned by {@code factory} when not kept. */
    ResultColumns columns(RowDescription description, CodecRegistry codecs, ResultFactory factory) {
        for (int i = 0; i < SLOTS; i++) {
            if (descriptions[i] == description && registries[i] == codecs) {
                return columns[i];
            }
        }
        ResultColumns planned = factory.columns(description, null, codecs);
        descriptions[next] = description;
        registries[next] = codecs;
        columns[next] = planned;
        next = (next + 1) % SLOTS;
        return planned;
    }
}
