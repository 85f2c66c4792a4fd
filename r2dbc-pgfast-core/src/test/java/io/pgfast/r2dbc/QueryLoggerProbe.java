package io.pgfast.r2dbc;

import io.pgfast.flow.Binding;
import io.netty.buffer.ByteBuf;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Run by {@link QueryLoggerTest} in a child JVM whose slf4j-simple levels the parent chooses: logs one
 * simple and one extended statement through {@link QueryLogger}, then prints how often the bound value
 * was turned into text.
 */
public final class QueryLoggerProbe {

    static final String SIMPLE_SQL = "SELECT 'probe-simple'";
    static final String EXTENDED_SQL = "SELECT $1 AS probe_extended";
    static final String VALUE_TEXT = "value-7f3a-secret";

    private QueryLoggerProbe() {
    }

    /** A bound value that counts how often it is formatted. */
    static final class CountingValue {
        static final AtomicInteger FORMATTED = new AtomicInteger();

        @Override
        public String toString() {
            FORMATTED.incrementAndGet();
            return VALUE_TEXT;
        }
    }

    private static final Encoder<Object> TEXT = new Encoder<>() {
        @Override
        public int oid(Object value) {
            return 25;
        }

        @Override
        public Format format() {
            return Format.TEXT;
        }

        @Override
        public void encode(Object value, ByteBuf out) {
            throw new UnsupportedOperationException("the probe only logs");
        }
    };

    public static void main(String[] args) {
        Binding binding = new Binding(1);
        binding.set(0, new CountingValue(), TEXT);
        QueryLogger.simple(4711, SIMPLE_SQL);
        QueryLogger.extended(4711, EXTENDED_SQL, List.of(binding));
        System.out.println("PROBE FORMATTED " + CountingValue.FORMATTED.get());
    }
}
