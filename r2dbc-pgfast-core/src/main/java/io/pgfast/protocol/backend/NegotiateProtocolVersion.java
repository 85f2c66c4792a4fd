package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.ProtocolVersion;
import io.pgfast.protocol.WireFormat;

import java.util.ArrayList;
import java.util.List;

/**
 * NegotiateProtocolVersion (B): Byte1('v'), Int32 length, Int32 protocol version, Int32 N, then N Strings:
 * the protocol options ({@code _pq_.} startup parameters) the server did not recognize. Sent during startup
 * when the client asked for a newer minor version than the server speaks, or for protocol options.
 *
 * <p>The version is the whole version number (major in the high 16 bits, as in the StartupMessage): the
 * newest the server speaks for the requested major version, which the connection then uses. The
 * documentation calls it the "newest minor protocol version", but servers have always
 * sent the whole number (196608 for 3.0), and libpq reads it so.
 *
 * @param version             the newest protocol version the server speaks, which the connection uses
 * @param unrecognizedOptions the option names the server did not recognize
 */
public record NegotiateProtocolVersion(ProtocolVersion version, List<String> unrecognizedOptions) implements BackendMessage {

    public NegotiateProtocolVersion {
        if (version == null) {
            throw new IllegalArgumentException("version must not be null");
        }
        unrecognizedOptions = List.copyOf(unrecognizedOptions);
        for (String option : unrecognizedOptions) {
            WireFormat.checkCString(option, "protocol option name");
        }
    }

    public static NegotiateProtocolVersion decode(ByteBuf body) {
        int version = WireFormat.readInt32(body, "NegotiateProtocolVersion", "protocol version");
        int count = WireFormat.readInt32(body, "NegotiateProtocolVersion", "option count");
        // Each name takes at least its NUL: refuse an absurd count before allocating.
        if (count < 0 || count > body.readableBytes()) {
            throw new ProtocolException("NegotiateProtocolVersion: option count " + count + " does not fit in the "
                + body.readableBytes() + " bytes left");
        }
        List<String> options = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            options.add(WireFormat.readCString(body, "NegotiateProtocolVersion", "option name"));
        }
        WireFormat.expectEnd(body, "NegotiateProtocolVersion");
        return new NegotiateProtocolVersion(ProtocolVersion.of(version), options);
    }
}
