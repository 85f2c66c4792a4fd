/**
 * For applications moving from r2dbc-postgresql: {@link io.pgfast.codec.compat.R2dbcPostgresqlTypes}, a codec that
 * makes r2dbc-postgresql's value classes ({@code io.r2dbc.postgresql.codec.Json}, {@code Interval}, the geometric
 * types, {@code Vector}) the default Java types of their columns, as they are with r2dbc-postgresql. Binding
 * those classes, and reading them when asked for by class, needs no codec: the driver does that whenever the
 * classes are on the class path.
 */
package io.pgfast.codec.compat;
