package io.pgfast.flow;

import io.pgfast.codec.Encoder;
import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.codec.oid.Oid;
import io.r2dbc.spi.Blob;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import java.nio.ByteBuffer;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A binding's parameter type OIDs, which it keeps no array of (the encoder's for a value, the given one for a
 * NULL, 0 for a LOB not read yet), and the prepared-statement cache looked up by a binding: found only under the
 * SQL and exactly those OIDs.
 */
class BindingOidsTest {

    private static final DefaultCodecRegistry CODECS = DefaultCodecRegistry.builtins();

    @SuppressWarnings("unchecked")
    private static Encoder<Object> encoder(Class<?> c) {
        return (Encoder<Object>) (Encoder<?>) CODECS.encoder(c);
    }

    private static Binding of(Object... values) {
        Binding b = new Binding(values.length);
        for (int i = 0; i < values.length; i++) {
            b.set(i, values[i], encoder(values[i].getClass()));
        }
        return b;
    }

    @Test
    void oidsAreTheEncodersTheNullsAndZeroForALob() {
        Binding b = new Binding(4);
        b.set(0, 7, encoder(Integer.class));
        b.setNull(1, Oid.INT8);
        b.set(2, 7L, encoder(Long.class));
        b.setDeferred(3, Blob.from(Mono.just(ByteBuffer.wrap(new byte[] {1}))));
        assertThat(b.oids()).containsExactly(Oid.INT4, Oid.INT8, Oid.INT8, 0);
        assertThat(b.hasOids(new int[] {Oid.INT4, Oid.INT8, Oid.INT8, 0})).isTrue();
        assertThat(b.hasOids(new int[] {Oid.INT4, Oid.INT8, Oid.INT4, 0})).isFalse();
        assertThat(b.hasOids(new int[] {Oid.INT4, Oid.INT8, Oid.INT8})).isFalse();
        // a NULL bound again as a value takes the value's encoder's OID
        b.set(1, 7, encoder(Integer.class));
        assertThat(b.oids()).containsExactly(Oid.INT4, Oid.INT4, Oid.INT8, 0);
    }

    @Test
    void mergedBindingsKeepEachOnesOids() {
        Binding a = new Binding(2);
        a.set(0, 1, encoder(Integer.class));
        a.setNull(1, Oid.TEXT);
        Binding b = of(2, 3L);
        Binding m = Binding.merge(List.of(a, b), 0, 2, 2, "INSERT INTO t VALUES ($1, $2), ($3, $4)");
        assertThat(m.oids()).containsExactly(Oid.INT4, Oid.TEXT, Oid.INT4, Oid.INT8);
    }

    @Test
    void theCacheFindsAStatementByTheBindingsSqlAndOids() {
        PreparedStatementCache cache = new PreparedStatementCache(10);
        PreparedStatementCache.Entry ints = cache.newEntry("SELECT $1, $2", new int[] {Oid.INT4, Oid.INT8});
        cache.put(ints);
        PreparedStatementCache.Entry empty = cache.newEntry("SELECT 1", new int[0]);
        cache.put(empty);

        assertThat(cache.get("SELECT $1, $2", of(1, 2L))).isSameAs(ints);
        Binding withNull = new Binding(2);
        withNull.setNull(0, Oid.INT4);
        withNull.set(1, 2L, encoder(Long.class));
        assertThat(cache.get("SELECT $1, $2", withNull)).isSameAs(ints);
        assertThat(cache.get("SELECT $1, $2", of(1L, 2L))).isNull();
        assertThat(cache.get("SELECT $1, $2", of(1, 2L, 3))).isNull();
        assertThat(cache.get("SELECT $1, $3", of(1, 2L))).isNull();
        assertThat(cache.get("SELECT 1", Binding.NONE)).isSameAs(empty);
        // a lookup leaves nothing behind: the same binding is found again, and a stored key still equals its copy
        assertThat(cache.get("SELECT $1, $2", of(1, 2L))).isSameAs(ints);
        assertThat(ints.key).isEqualTo(new PreparedStatementCache.Key("SELECT $1, $2", new int[] {Oid.INT4, Oid.INT8}));
    }
}
