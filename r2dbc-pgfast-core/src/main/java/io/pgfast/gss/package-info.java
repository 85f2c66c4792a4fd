/**
 * GSSAPI (Kerberos) on the JDK's JGSS: where the client's credentials come from (the caller's
 * {@code Subject}, a JAAS login, the ticket cache) and the client side of one security context, whose tokens
 * the startup flow (authentication) and the transport (GSS encryption) carry.
 *
 * <p>Everything here may block (JAAS logins, the KDC round trip of the first {@code initSecContext}), except
 * {@code wrap}/{@code unwrap} of an established context: callers run it off the event loop. Failures are
 * R2dbcExceptions that name the step and what to check. Imports the JDK, the SPI and the error package only;
 * never transport, flow, connect, config or r2dbc.
 */
package io.pgfast.gss;
