package io.pgfast.r2dbc;

import io.pgfast.codec.oid.Oid;
import io.r2dbc.spi.R2dbcType;
import io.r2dbc.spi.Type;

/** The PostgreSQL type OID for an R2DBC type given in {@code Parameters.in(type, …)}; 0 = let the server infer. */
final class ParameterTypes {

    private ParameterTypes() {
    }

    static int oid(Type type) {
        if (type instanceof PgfastColumnType) {
            return ((PgfastColumnType) type).oid();
        }
        if (!(type instanceof R2dbcType)) {
            return 0;
        }
        switch ((R2dbcType) type) {
            case CHAR:
            case NCHAR:
                return Oid.BPCHAR;
            case VARCHAR:
            case NVARCHAR:
                return Oid.VARCHAR;
            case CLOB:
            case NCLOB:
                return Oid.TEXT;
            case BOOLEAN:
                return Oid.BOOL;
            case BINARY:
            case VARBINARY:
            case BLOB:
                return Oid.BYTEA;
            case TINYINT:
            case SMALLINT:
                return Oid.INT2;
            case INTEGER:
                return Oid.INT4;
            case BIGINT:
                return Oid.INT8;
            case NUMERIC:
            case DECIMAL:
                return Oid.NUMERIC;
            case REAL:
                return Oid.FLOAT4;
            case FLOAT:
            case DOUBLE:
                return Oid.FLOAT8;
            case DATE:
                return Oid.DATE;
            case TIME:
                return Oid.TIME;
            case TIME_WITH_TIME_ZONE:
                return Oid.TIMETZ;
            case TIMESTAMP:
                return Oid.TIMESTAMP;
            case TIMESTAMP_WITH_TIME_ZONE:
                return Oid.TIMESTAMPTZ;
            default:
                return 0;
        }
    }
}
