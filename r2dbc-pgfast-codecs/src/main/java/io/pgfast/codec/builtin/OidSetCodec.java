package io.pgfast.codec.builtin;

import io.pgfast.codec.Codec;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.PgType;

import java.util.Arrays;

/**
 * Base of codecs for a fixed set of built-in OIDs: {@link #handles} is a binary search of that
 * set. Subclasses name the OIDs from {@link io.pgfast.codec.oid.Oid}. A codec of built-in types decodes
 * them in binary unless it overrides {@link #binary} and says why (money's binary form depends on the
 * server's {@code lc_monetary}; the reg* aliases are sent as bare OIDs).
 */
public abstract class OidSetCodec implements Codec {

    private final int[] oids;

    protected OidSetCodec(int... oids) {
        this.oids = oids.clone();
        Arrays.sort(this.oids);
    }

    @Override
    public boolean handles(PgType type) {
        return handles(type.oid());
    }

    @Override
    public boolean binary(PgType type, CodecRegistry registry) {
        return true;
    }

    /** Whether {@code oid} is one of this codec's OIDs. */
    protected final boolean handles(int oid) {
        return Arrays.binarySearch(oids, oid) >= 0;
    }
}
