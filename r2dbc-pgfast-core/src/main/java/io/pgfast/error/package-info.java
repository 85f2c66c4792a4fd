/**
 * Errors: the server's ErrorResponse fields ({@link io.pgfast.error.ErrorDetails}), their mapping to the most
 * specific R2DBC exception by SQLSTATE ({@link io.pgfast.error.PgExceptionFactory}), the SQLSTATE table
 * generated from PostgreSQL's {@code errcodes.txt}, and the driver's own client-side error.
 *
 * <p>May import the R2DBC SPI and the JDK only.
 */
package io.pgfast.error;
