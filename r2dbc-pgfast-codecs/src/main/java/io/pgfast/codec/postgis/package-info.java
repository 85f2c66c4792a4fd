/**
 * PostGIS {@code geometry} and {@code geography} as JTS geometries ({@code org.locationtech.jts:jts-core}, an
 * optional dependency): the EWKB reader and writer, the hex text form, and the codec.
 * {@link io.pgfast.codec.postgis.PostgisCodecs} is the only class touched when JTS is absent: it then offers
 * no codec, and both types read as the hex EWKB text the server prints, as any type without a codec.
 *
 * <p>May import {@code io.pgfast.codec}, {@code .io}, {@code .oid}, {@code .builtin} (for {@code SimpleEncoder}),
 * netty-buffer and JTS. The registry lists its codec before the built-in ones.
 */
package io.pgfast.codec.postgis;
