package io.pgfast.r2dbc;

import io.r2dbc.spi.Type;

/** A column's PostgreSQL type as R2DBC sees it: its name (as in pg_type) and default Java type. */
record PgfastColumnType(int oid, String name, Class<?> javaType) implements Type {

    @Override
    public Class<?> getJavaType() {
        return javaType;
    }

    @Override
    public String getName() {
        return name;
    }
}
