package io.pgfast.replication.pgoutput;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Format;

/**
 * The decoders of one {@link Relation}'s columns, found in the codec registry on first use and kept for
 * the following tuples (per column: the last requested class and format), so a value costs no lookup
 * once the stream is running.
 *
 * <p>Threading: tuples may be read on any thread. A plan is an immutable object published by a plain
 * array store; a reader that misses another thread's store only looks the decoder up again.
 */
final class ColumnPlans {

    private record Plan(Class<?> type, Format format, Decoder<?> decoder) {
    }

    private final CodecRegistry codecs;
    private final int[] typeOids;
    private final Plan[] plans;

    ColumnPlans(CodecRegistry codecs, Relation relation) {
        this.codecs = codecs;
        this.typeOids = relation.columns().stream().mapToInt(Relation.Column::typeOid).toArray();
        this.plans = new Plan[typeOids.length];
    }

    /** The decoder of column {@code i} in {@code format} as {@code type}; null type means the column's default Java type. */
    Decoder<?> decoder(int i, Format format, Class<?> type) {
        Plan plan = plans[i];
        if (plan != null && plan.type == type && plan.format == format) {
            return plan.decoder;
        }
        Decoder<?> decoder = type == null ? codecs.decoder(typeOids[i], format) : codecs.decoder(typeOids[i], format, type);
        plans[i] = new Plan(type, format, decoder);
        return decoder;
    }

    /** The type's name for messages: {@code "int4"}, or {@code "unknown (oid 16390)"}. */
    String typeName(int i) {
        return codecs.typeName(typeOids[i]);
    }
}
