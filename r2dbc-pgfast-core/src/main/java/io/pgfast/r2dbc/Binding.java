package io.pgfast.r2dbc;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.protocol.frontend.Bind;

import java.util.Arrays;

/**
 * The values of one set of bindings, each with the encoder chosen for it at bind time (an unsupported
 * value fails at {@code bind}, not at execution). Values are encoded straight into the outgoing buffer
 * when the Bind message is written.
 */
final class Binding implements Bind.Values {

    private static final Object NULL = new Object();

    private final Object[] values;
    private final Encoder<Object>[] encoders;
    private final int[] oids;

    @SuppressWarnings("unchecked")
    Binding(int size) {
        this.values = new Object[size];
        this.encoders = new Encoder[size];
        this.oids = new int[size];
    }

    void set(int index, Object value, Encoder<Object> encoder) {
        values[index] = value;
        encoders[index] = encoder;
        oids[index] = encoder.oid(value);
    }

    void setNull(int index, int oid) {
        values[index] = NULL;
        encoders[index] = null;
        oids[index] = oid;
    }

    /** The index of the first parameter without a value, or -1 when all are bound. */
    int firstUnbound() {
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                return i;
            }
        }
        return -1;
    }

    boolean isEmpty() {
        for (Object v : values) {
            if (v != null) {
                return false;
            }
        }
        return true;
    }

    /** The parameter type OIDs for Parse; part of the prepared-statement cache key. */
    int[] oids() {
        return oids;
    }

    @Override
    public int count() {
        return values.length;
    }

    @Override
    public short formatCode(int i) {
        Encoder<Object> e = encoders[i];
        return e == null ? Format.TEXT.code() : e.format().code();
    }

    @Override
    public boolean write(int i, ByteBuf out) {
        Object v = values[i];
        if (v == NULL) {
            return false;
        }
        encoders[i].encode(v, out);
        return true;
    }

    @Override
    public String toString() {
        // values may be secrets: only their types are shown
        String[] types = new String[values.length];
        for (int i = 0; i < values.length; i++) {
            types[i] = values[i] == NULL ? "null" : values[i] == null ? "unbound" : values[i].getClass().getSimpleName();
        }
        return "Binding" + Arrays.toString(types);
    }
}
