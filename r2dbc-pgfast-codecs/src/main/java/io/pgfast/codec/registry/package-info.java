/**
 * The {@link io.pgfast.codec.CodecRegistry} implementation: the built-in codecs plus an application's
 * (registered or found by {@code ServiceLoader}) and the database's own types, looked up by OID through an
 * array for built-in OIDs and an int map for the rest, decoders planned once per type, format and class.
 *
 * <p>The top of the module: may import every other package of it.
 */
package io.pgfast.codec.registry;
