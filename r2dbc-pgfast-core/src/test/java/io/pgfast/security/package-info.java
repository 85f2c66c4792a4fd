/**
 * The CVE classes of other PostgreSQL drivers as named regression tests, one class per CVE, against the real
 * server and through the R2DBC SPI; SECURITY.md lists them with what each proves. The channel-binding
 * downgrade class (CVE-2025-49146, CVE-2026-54291) is {@code io.pgfast.it.ChannelBindingDowngradeTest}, next
 * to the other TLS tests.
 *
 * <p>Imports: the R2DBC SPI, the driver's public API and, where a check happens below the SPI (the Bind size
 * check, the insert rewrite's chunks), {@code io.pgfast.flow} and {@code io.pgfast.protocol}.
 */
package io.pgfast.security;
