/**
 * r2dbc-postgresql's value classes ({@code io.r2dbc.postgresql.codec.Json}, {@code Interval}, the geometric
 * types, {@code Vector}), read and written by the driver without a compile-time dependency on them: found by
 * class name when the registry plans a decoder for a requested class or an encoder for a bound class, from
 * r2dbc-postgresql itself or from r2dbc-pgfast-postgresql-compat, and reached through method handles on
 * their public API. Each is converted to and from the driver's own type ({@code io.pgfast.codec.type}) or,
 * for Json, written from its bytes.
 *
 * <p>Costs nothing when the classes are absent: the registry asks {@link io.pgfast.codec.compat.internal.CompatTypes}
 * only while planning for a class that no codec takes, once per class, and the answer is a walk up that
 * class's superclasses comparing names.
 *
 * <p>May import {@code io.pgfast.codec}, {@code .oid}, {@code .type}, {@code .builtin} (for {@code FixedTypeEncoder})
 * and netty-buffer.
 */
package io.pgfast.codec.compat.internal;
