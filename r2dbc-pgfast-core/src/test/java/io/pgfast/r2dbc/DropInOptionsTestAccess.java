package io.pgfast.r2dbc;

import java.util.List;

/** Lets tests of other packages read the option list {@link DropInOptionsTest} checks. */
public final class DropInOptionsTestAccess {

    private DropInOptionsTestAccess() {
    }

    public static List<String> r2dbcPostgresqlOptions() {
        return DropInOptionsTest.R2DBC_POSTGRESQL_OPTIONS;
    }
}
