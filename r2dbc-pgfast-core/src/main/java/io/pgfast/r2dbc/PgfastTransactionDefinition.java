package io.pgfast.r2dbc;

import io.r2dbc.spi.Option;

/** PostgreSQL's transaction attributes beyond R2DBC's {@code TransactionDefinition}. */
public final class PgfastTransactionDefinition {

    /**
     * {@code DEFERRABLE} (true) or {@code NOT DEFERRABLE} (false); takes effect only for SERIALIZABLE
     * READ ONLY transactions (PostgreSQL docs, SET TRANSACTION).
     */
    public static final Option<Boolean> DEFERRABLE = Option.valueOf("deferrable");

    private PgfastTransactionDefinition() {
    }
}
