package io.pgfast.flow;

import io.pgfast.gss.GssTarget;
import io.pgfast.protocol.ProtocolVersion;

import java.util.Map;

/**
 * What the startup flow needs: the StartupMessage parameters (user, database, GUCs, already assembled)
 * and how to authenticate. {@code password} is null when none was configured; it is only ever sent to
 * the server, never logged or put in a message.
 *
 * @param requestedVersion the protocol version the StartupMessage asks for ({@code maxProtocolVersion})
 * @param minimumVersion   the oldest version the connection accepts when the server offers an older one
 *                         ({@code minProtocolVersion})
 * @param gss              the GSSAPI sign-on, used when the server asks for it
 */
public record StartupParameters(
        Map<String, String> startupMessage,
        String user,
        CharSequence password,
        ChannelBindingPolicy channelBinding,
        boolean allowCleartextPassword,
        ProtocolVersion requestedVersion,
        ProtocolVersion minimumVersion,
        GssTarget gss) {

    public StartupParameters {
        if (minimumVersion.compareTo(requestedVersion) > 0) {
            throw new IllegalArgumentException("minimum protocol version " + minimumVersion + " is above the requested "
                    + requestedVersion);
        }
    }

    @Override
    public String toString() {
        return "StartupParameters{user=" + user + ", channelBinding=" + channelBinding + ", protocol=" + minimumVersion
                + ".." + requestedVersion + '}';
    }

    /** libpq's {@code channel_binding}: disable, prefer (default), require. */
    public enum ChannelBindingPolicy { DISABLE, PREFER, REQUIRE }
}
