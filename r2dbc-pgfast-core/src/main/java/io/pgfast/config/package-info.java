/**
 * The connection configuration: {@link io.pgfast.config.PgfastConnectionConfiguration} with its builder
 * and validation, the typed option values (SSL modes, target server types, channel binding, host lists)
 * and how URL option strings are coerced into them.
 *
 * <p>Pure values: nothing here opens a socket or runs a query. May import the codecs (custom codecs are
 * configured here), {@code io.pgfast.observation} and the R2DBC SPI; never the packages that use the
 * configuration (connect, r2dbc) nor the transport.
 */
package io.pgfast.config;
