/**
 * Authentication exchanges as pure functions: MD5 password hashing, SCRAM-SHA-256 and SCRAM-SHA-256-PLUS
 * (RFC 5802, RFC 7677) with channel binding, SASLprep (RFC 4013) with the stringprep tables of RFC 3454
 * it needs, and the one computation of the binding data, the server certificate's hash (RFC 5929
 * {@code tls-server-end-point}).
 *
 * <p>May import {@code io.pgfast.protocol} and the JDK; never anything that does I/O.
 */
package io.pgfast.protocol.auth;
