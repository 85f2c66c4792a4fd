/**
 * Java values for PostgreSQL types the JDK has no class for: geometric types, intervals, JSON, network
 * addresses, bit strings, LSNs, ranges, multiranges and records. Immutable values with the server's text form
 * as {@code toString}.
 *
 * <p>Imports the JDK only.
 */
package io.pgfast.codec.type;
