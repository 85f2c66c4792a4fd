package io.pgfast.flow;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.protocol.frontend.Bind;

import io.pgfast.codec.CodecRegistry;
import io.r2dbc.spi.Blob;
import io.r2dbc.spi.Clob;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * The values of one set of bindings, each with the encoder chosen for it at bind time (an unsupported
 * value fails at {@code bind}, not at execution). Values are encoded straight into the outgoing buffer
 * when the Bind message is written.
 */
public final class Binding implements Bind.Values {

    private static final Object NULL = new Object();

    /** The bindings of a statement without parameters: nothing to set, so one instance serves every execution. */
    public static final Binding NONE = new Binding(0);

    /**
     * Value {@code i} at {@code 2i}, its encoder at {@code 2i + 1}: one array instead of two, one allocation less
     * per execution.
     */
    private final Object[] slots;
    /**
     * The type OIDs of the values bound as NULL; null while none was. A value's OID is its encoder's
     * ({@link Encoder#oid}, which depends on the value's class only), asked for when the statement is looked up:
     * no OID array per execution.
     */
    private int[] nullOids;
    private boolean deferred;
    /** Which values were bound with a stated type; null while none was. */
    private boolean[] typed;
    /** The SQL this binding runs with, when it is not the statement's own (a rewritten batch chunk). */
    private final String sql;

    public Binding(int size) {
        this(size, null);
    }

    private Binding(int size, String sql) {
        this.slots = new Object[2 * size];
        this.sql = sql;
    }

    /**
     * The bindings {@code from … from + count - 1} (each complete, none deferred, {@code width} values) as
     * one binding of {@code count × width} values, for the multi-row statement {@code sql}.
     */
    static Binding merge(java.util.List<Binding> bindings, int from, int count, int width, String sql) {
        Binding m = new Binding(count * width, sql);
        for (int i = 0; i < count; i++) {
            Binding b = bindings.get(from + i);
            System.arraycopy(b.slots, 0, m.slots, 2 * i * width, 2 * width);
            if (b.nullOids != null) {
                if (m.nullOids == null) {
                    m.nullOids = new int[count * width];
                }
                System.arraycopy(b.nullOids, 0, m.nullOids, i * width, width);
            }
        }
        return m;
    }

    /** The SQL to run this binding with, or {@code fallback} (the statement's) when it has none of its own. */
    String sqlOr(String fallback) {
        return sql != null ? sql : fallback;
    }

    public void set(int index, Object value, Encoder<Object> encoder) {
        if (typed != null) {
            typed[index] = false;
        }
        slots[2 * index] = value;
        slots[2 * index + 1] = encoder;
    }

    /** A value bound with a stated type ({@code Parameters.in(type, value)}): its encoder is not the class's own. */
    public void setTyped(int index, Object value, Encoder<Object> encoder) {
        set(index, value, encoder);
        if (typed == null) {
            typed = new boolean[count()];
        }
        typed[index] = true;
    }

    /**
     * The encoder chosen for the value at {@code index} if that value is of class {@code c} and was bound
     * without a stated type, else null.
     */
    public Encoder<Object> encoderIfSameClass(int index, Class<?> c) {
        Object v = slots[2 * index];
        return v != null && v.getClass() == c && (typed == null || !typed[index]) ? encoder(index) : null;
    }

    /** A Blob or Clob: its content is collected by {@link #resolveDeferred} before the Bind is written. */
    public void setDeferred(int index, Object lob) {
        slots[2 * index] = lob;
        slots[2 * index + 1] = null;
        deferred = true;
    }

    public boolean hasDeferred() {
        return deferred;
    }

    /**
     * Reads every Blob (as bytea) and Clob (as text) of this binding into memory, then discards the LOB,
     * so that the Bind can be written synchronously (R2DBC 1.0, 12: LOB values are consumed once).
     */
    @SuppressWarnings("unchecked")
    public Mono<Void> resolveDeferred(CodecRegistry codecs) {
        return Flux.range(0, count())
                .concatMap(i -> {
                    Object v = slots[2 * i];
                    if (v instanceof Blob) {
                        Blob blob = (Blob) v;
                        return Flux.from(blob.stream())
                                .collect(ByteArrayOutputStream::new, (out, buf) -> {
                                    byte[] chunk = new byte[buf.remaining()];
                                    buf.get(chunk);
                                    out.write(chunk, 0, chunk.length);
                                })
                                .doOnNext(out -> set(i, out.toByteArray(), (Encoder<Object>) (Encoder<?>) codecs.encoder(byte[].class)))
                                .then(Mono.from(blob.discard()));
                    }
                    if (v instanceof Clob) {
                        Clob clob = (Clob) v;
                        return Flux.from(clob.stream())
                                .collect(StringBuilder::new, StringBuilder::append)
                                .doOnNext(text -> set(i, text.toString(), (Encoder<Object>) (Encoder<?>) codecs.encoder(String.class)))
                                .then(Mono.from(clob.discard()));
                    }
                    return Mono.empty();
                })
                .then(Mono.fromRunnable(() -> deferred = false));
    }

    public void setNull(int index, int oid) {
        slots[2 * index] = NULL;
        slots[2 * index + 1] = null;
        if (nullOids == null) {
            nullOids = new int[count()];
        }
        nullOids[index] = oid;
    }

    /** The index of the first parameter without a value, or -1 when all are bound. */
    public int firstUnbound() {
        for (int i = 0; i < count(); i++) {
            if (slots[2 * i] == null) {
                return i;
            }
        }
        return -1;
    }

    boolean isEmpty() {
        for (int i = 0; i < count(); i++) {
            if (slots[2 * i] != null) {
                return false;
            }
        }
        return true;
    }

    @SuppressWarnings("unchecked")
    private Encoder<Object> encoder(int i) {
        return (Encoder<Object>) slots[2 * i + 1];
    }

    /**
     * Parameter {@code i}'s type OID for Parse, part of the prepared-statement cache key: the encoder's for a
     * value, the one given for a NULL, 0 (the server infers it) for a LOB until it is read.
     */
    int oid(int i) {
        Object v = slots[2 * i];
        if (v == NULL) {
            return nullOids[i];
        }
        Encoder<Object> e = encoder(i);
        return e == null ? 0 : e.oid(v);
    }

    /** Every parameter's {@link #oid}, in a new array: for a statement to prepare, not for one found in the cache. */
    int[] oids() {
        int[] oids = new int[count()];
        for (int i = 0; i < oids.length; i++) {
            oids[i] = oid(i);
        }
        return oids;
    }

    /** Whether the parameters' OIDs are {@code oids}, without an array of this binding's own. */
    boolean hasOids(int[] oids) {
        if (oids.length != count()) {
            return false;
        }
        for (int i = 0; i < oids.length; i++) {
            if (oids[i] != oid(i)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int count() {
        return slots.length >>> 1;
    }

    @Override
    public short formatCode(int i) {
        Encoder<Object> e = encoder(i);
        return e == null ? Format.TEXT.code() : e.format().code();
    }

    @Override
    public boolean write(int i, ByteBuf out) {
        Object v = slots[2 * i];
        if (v == NULL) {
            return false;
        }
        encoder(i).encode(v, out);
        return true;
    }

    @Override
    public long minimumLength(int i) {
        Object v = slots[2 * i];
        Encoder<Object> e = encoder(i);
        return v == NULL || e == null ? 0 : e.minimumLength(v);
    }

    /** The values themselves, for the opt-in parameter log only. */
    public String describeValues() {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < count(); i++) {
            if (i > 0) {
                b.append(", ");
            }
            Object v = slots[2 * i];
            b.append('$').append(i + 1).append('=').append(v == NULL ? "NULL" : v instanceof byte[] ? ((byte[]) v).length + " bytes" : String.valueOf(v));
        }
        return b.append(']').toString();
    }

    @Override
    public String toString() {
        // values may be secrets: only their types are shown
        String[] types = new String[count()];
        for (int i = 0; i < types.length; i++) {
            Object v = slots[2 * i];
            types[i] = v == NULL ? "null" : v == null ? "unbound" : v.getClass().getSimpleName();
        }
        return "Binding" + Arrays.toString(types);
    }
}
