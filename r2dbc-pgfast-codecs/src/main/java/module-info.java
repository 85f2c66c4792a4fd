/**
 * The codec SPI of r2dbc-pgfast and its value types. Exported to everyone: the SPI
 * ({@code io.pgfast.codec}), the PostgreSQL value types ({@code io.pgfast.codec.type}), the
 * generated OID constants ({@code io.pgfast.codec.oid}) and the codec that gives r2dbc-postgresql's
 * value classes as default types ({@code io.pgfast.codec.compat}). The built-in codecs, the registry and the
 * shared readers are the driver's own: exported to its core module only.
 *
 * <p>The qualified exports name the core module, which is compiled after this one (hence "module").
 */
@SuppressWarnings("module")
module io.pgfast.codec {
    requires transitive io.netty.buffer;
    requires io.netty.common;
    // PostGIS as JTS geometries, only when the application has JTS (io.pgfast.codec.postgis)
    requires static org.locationtech.jts;

    exports io.pgfast.codec;
    exports io.pgfast.codec.oid;
    exports io.pgfast.codec.type;
    // R2dbcPostgresqlTypes, which r2dbc-pgfast-postgresql-compat provides as a service
    exports io.pgfast.codec.compat;
    exports io.pgfast.codec.builtin to io.pgfast.r2dbc;
    exports io.pgfast.codec.io to io.pgfast.r2dbc;
    exports io.pgfast.codec.registry to io.pgfast.r2dbc;

    uses io.pgfast.codec.Codec;
}
