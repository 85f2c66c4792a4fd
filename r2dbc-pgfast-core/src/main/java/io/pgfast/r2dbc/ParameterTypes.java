package io.pgfast.r2dbc;

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
                return 1042;
            case VARCHAR:
            case NVARCHAR:
                return 1043;
            case CLOB:
            case NCLOB:
                return 25;
            case BOOLEAN:
                return 16;
            case BINARY:
            case VARBINARY:
            case BLOB:
                return 17;
            case TINYINT:
            case SMALLINT:
                return 21;
            case INTEGER:
                return 23;
            case BIGINT:
                return 20;
            case NUMERIC:
            case DECIMAL:
                return 1700;
            case REAL:
                return 700;
            case FLOAT:
            case DOUBLE:
                return 701;
            case DATE:
                return 1082;
            case TIME:
                return 1083;
            case TIME_WITH_TIME_ZONE:
                return 1266;
            case TIMESTAMP:
                return 1114;
            case TIMESTAMP_WITH_TIME_ZONE:
                return 1184;
            default:
                return 0;
        }
    }
}
