/**
 * The value classes of r2dbc-postgresql's public API, under its names, for code written against them (Exposed,
 * Komapper, Spring Data R2DBC's PostgreSQL dialect, Micronaut Data, applications) to run on r2dbc-pgfast
 * without r2dbc-postgresql: {@link io.r2dbc.postgresql.codec.Json}, {@link io.r2dbc.postgresql.codec.Interval},
 * the geometric types and pgvector's {@link io.r2dbc.postgresql.codec.Vector}.
 *
 * <p>Written from r2dbc-postgresql's public signatures and documented behaviour, not from its code. This
 * artifact replaces r2dbc-postgresql, it does not sit beside it: the two hold classes of the same names. It holds
 * no driver and registers no {@code ConnectionFactoryProvider}, so with it in place of r2dbc-postgresql the URLs
 * {@code r2dbc:postgresql:} and {@code r2dbc:postgres:} go to r2dbc-pgfast. The driver finds these classes by
 * name at run time and reads and writes them as the PostgreSQL types they stand for; the codec this artifact
 * registers ({@code io.pgfast.compat.DefaultTypes}) makes them the default types of their columns, as
 * r2dbc-postgresql has them.
 */
package io.r2dbc.postgresql.codec;
