/**
 * Authentication exchanges as pure functions: MD5 password hashing, SCRAM-SHA-256 and SCRAM-SHA-256-PLUS
 * (RFC 5802, RFC 7677, computed by {@code com.ongres.scram:scram-client}) with channel binding, and the
 * one computation of its data, the server certificate's hash (RFC 5929 {@code tls-server-end-point}).
 *
 * <p>May import {@code io.pgfast.protocol}, the JDK and {@code com.ongres.scram}; never anything that does
 * I/O.
 */
package io.pgfast.protocol.auth;
