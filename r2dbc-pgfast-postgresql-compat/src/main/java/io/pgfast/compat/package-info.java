/**
 * The r2dbc-pgfast side of this artifact: {@link io.pgfast.compat.DefaultTypes}, the codec service through
 * which the driver reads columns as r2dbc-postgresql's classes by default.
 */
package io.pgfast.compat;
