package io.pgfast.codec.builtin;

import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;

/**
 * Base of encoders that declare one type and write one format whatever the value: {@link #oid} and
 * {@link #nullOid} are that type's OID (0 lets the server infer the type), {@link #format} the format.
 */
public abstract class FixedTypeEncoder<T> implements Encoder<T> {

    private final int oid;
    private final Format format;

    /** @param oid the parameter type to declare, 0 to let the server infer it */
    protected FixedTypeEncoder(int oid, Format format) {
        this.oid = oid;
        this.format = format;
    }

    @Override
    public final int oid(T value) {
        return oid;
    }

    @Override
    public final int nullOid() {
        return oid;
    }

    @Override
    public final Format format() {
        return format;
    }
}
