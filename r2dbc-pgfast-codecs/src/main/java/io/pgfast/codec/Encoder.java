package io.pgfast.codec;

import io.netty.buffer.ByteBuf;

/**
 * Encodes one bound Java value as a Bind parameter.
 *
 * <p>An encoder is looked up once per bound value class (not per value) and must be stateless and
 * thread-safe. {@link #oid(Object)} is the parameter type sent in Parse; 0 means "unspecified": the
 * server infers the type from the SQL (used for String, so that a String bound where the server
 * expects a uuid, a date or an enum works as it does in psql). The prepared-statement cache is keyed
 * by these OIDs, so they must depend on the value's class (and array dimensions at most), not on
 * its content.
 */
public interface Encoder<T> {

    /** The parameter type OID to declare in Parse for this value (0 = let the server infer). */
    int oid(T value);

    /**
     * The parameter type OID to declare when a NULL is bound for this encoder's Java class
     * ({@code Statement.bindNull(i, type)}); 0 (let the server infer) unless the encoder declares a
     * type that does not depend on the value. Encoders with a fixed OID return {@link #oid} here.
     */
    default int nullOid() {
        return 0;
    }

    /** The format this encoder writes. */
    Format format();

    /**
     * Writes the value's bytes (without the Int32 length prefix, which the caller writes) at the
     * writer index of {@code out}.
     */
    void encode(T value, ByteBuf out);

    /**
     * At least how many bytes {@link #encode} writes for {@code value}, or 0 when that is not known without
     * encoding. The driver sums these to refuse a message over PostgreSQL's 1 GiB limit before rendering it;
     * an encoder of possibly huge values (bytes, text) should answer cheaply, others may keep the default.
     */
    default long minimumLength(T value) {
        return 0;
    }
}
