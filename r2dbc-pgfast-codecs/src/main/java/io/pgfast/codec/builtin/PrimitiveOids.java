package io.pgfast.codec.builtin;

/** OIDs of the element and array types that Java primitive arrays map to (pg_type.dat). */
final class PrimitiveOids {

    static final int BOOL = 16;
    static final int INT8 = 20;
    static final int INT2 = 21;
    static final int INT4 = 23;
    static final int FLOAT4 = 700;
    static final int FLOAT8 = 701;
    static final int BOOL_ARRAY = 1000;
    static final int INT2_ARRAY = 1005;
    static final int INT4_ARRAY = 1007;
    static final int INT8_ARRAY = 1016;
    static final int FLOAT4_ARRAY = 1021;
    static final int FLOAT8_ARRAY = 1022;

    private PrimitiveOids() {
    }
}
