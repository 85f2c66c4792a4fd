package io.pgfast.flow;

import io.pgfast.error.SqlState;
import io.pgfast.protocol.ProtocolVersion;
import io.pgfast.protocol.backend.BackendKeyData;
import io.pgfast.protocol.backend.NegotiateProtocolVersion;
import io.r2dbc.spi.R2dbcNonTransientResourceException;

import java.util.Map;

/**
 * The protocol version of one startup: what the client asked for until the server answers
 * NegotiateProtocolVersion, then the version the server named, checked as libpq checks it
 * ({@code pqGetNegotiateProtocolVersion3}, {@code getBackendKeyData}): never newer than asked, never
 * older than 3.0, never the 3.1 that does not exist, never older than {@code minProtocolVersion}; and a
 * BackendKeyData secret key of the length that version allows.
 */
final class ProtocolNegotiation {

    private final StartupParameters parameters;
    private ProtocolVersion version;
    private boolean negotiated;

    ProtocolNegotiation(StartupParameters parameters) {
        this.parameters = parameters;
        this.version = parameters.requestedVersion();
    }

    /** The version in use: the requested one, or the one the server negotiated down to. */
    ProtocolVersion version() {
        return version;
    }

    /**
     * Takes the server's answer.
     *
     * @throws R2dbcNonTransientResourceException 08P01 for an answer no server may give, 08004 when the
     *                                            server's version is older than {@code minProtocolVersion}
     */
    void accept(NegotiateProtocolVersion message) {
        if (negotiated) {
            throw violation("a second NegotiateProtocolVersion");
        }
        negotiated = true;
        ProtocolVersion offered = message.version();
        ProtocolVersion requested = parameters.requestedVersion();
        if (offered.compareTo(requested) > 0) {
            throw violation("NegotiateProtocolVersion names " + offered + ", newer than the " + requested + " asked for");
        }
        if (offered.compareTo(ProtocolVersion.V3_0) < 0) {
            throw violation("NegotiateProtocolVersion names protocol " + offered + ", older than 3.0");
        }
        if (offered.equals(new ProtocolVersion(3, 1))) {
            throw violation("NegotiateProtocolVersion names protocol 3.1, which does not exist");
        }
        if (offered.equals(requested) && message.unrecognizedOptions().isEmpty()) {
            throw violation("NegotiateProtocolVersion changes nothing");
        }
        Map<String, String> sent = parameters.startupMessage();
        for (String option : message.unrecognizedOptions()) {
            if (!option.startsWith("_pq_.") || !sent.containsKey(option)) {
                throw violation("NegotiateProtocolVersion names the protocol option \"" + option + "\", which was not asked for");
            }
        }
        if (offered.compareTo(parameters.minimumVersion()) < 0) {
            throw new R2dbcNonTransientResourceException("the server speaks protocol " + offered + " at most, but minProtocolVersion is "
                    + parameters.minimumVersion() + " (protocol 3.2 needs PostgreSQL 18 or newer): lower minProtocolVersion to "
                    + offered + " to connect to this server", SqlState.SQLSERVER_REJECTED_ESTABLISHMENT_OF_SQLCONNECTION);
        }
        version = offered;
    }

    /** @throws R2dbcNonTransientResourceException 08P01 when the key's length is not what the version allows */
    void check(BackendKeyData key) {
        int length = key.secretKey().length;
        if (!version.allowsKeyLength(length)) {
            throw violation("BackendKeyData carries a secret key of " + length + " bytes, but protocol " + version + " allows "
                    + (version.minor() == 0 ? "exactly 4" : "4 to 256"));
        }
    }

    private static R2dbcNonTransientResourceException violation(String what) {
        return new R2dbcNonTransientResourceException("protocol violation during startup: " + what, SqlState.PROTOCOL_VIOLATION);
    }
}
