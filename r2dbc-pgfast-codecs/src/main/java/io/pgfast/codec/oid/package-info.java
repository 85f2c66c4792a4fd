/**
 * The built-in type OIDs and the built-in type table, generated from a running server's {@code pg_type}
 * (marked as generated).
 *
 * <p>May import {@code io.pgfast.codec} (for {@code PgType}) only.
 */
package io.pgfast.codec.oid;
