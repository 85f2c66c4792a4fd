package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.ProtocolVersion;
import io.pgfast.protocol.WireFormat;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * StartupMessage (F): Int32 length, Int32 protocol version (196608 for 3.0, 196610 for 3.2), then parameter name and
 * value Strings in pairs, ended by a zero byte; no type byte. {@code user} is required; others are
 * {@code database}, {@code options}, {@code application_name}, {@code client_encoding}, any run-time
 * parameter, and {@code _pq_.}-prefixed protocol options.
 *
 * @param version    the protocol version the client asks for; the server answers a newer minor version than it
 *                   speaks with NegotiateProtocolVersion
 * @param parameters the parameters in the order they are sent; unmodifiable
 */
public record StartupMessage(ProtocolVersion version, Map<String, String> parameters) implements FrontendMessage {

    /** A StartupMessage for protocol 3.0. */
    public StartupMessage(Map<String, String> parameters) {
        this(ProtocolVersion.V3_0, parameters);
    }

    /**
     * @throws IllegalArgumentException when {@code user} is missing, a name is empty (the empty
     *                                  name ends the list), or a name or value contains NUL
     */
    public StartupMessage {
        if (version == null || version.major() != 3) {
            throw new IllegalArgumentException("a StartupMessage asks for protocol 3.x, not " + version);
        }
        Map<String, String> copy = new LinkedHashMap<>();
        parameters.forEach((name, value) -> {
            WireFormat.checkCString(name, "startup parameter name");
            if (name.isEmpty()) {
                throw new IllegalArgumentException("a startup parameter name must not be empty (it ends the list)");
            }
            copy.put(name, WireFormat.checkCString(value, "startup parameter '" + name + "'"));
        });
        if (!copy.containsKey("user")) {
            throw new IllegalArgumentException("the startup parameter 'user' is required");
        }
        parameters = Collections.unmodifiableMap(copy);
    }

    @Override
    public void encode(ByteBuf out) {
        int length = WireFormat.beginUntypedMessage(out);
        out.writeInt(version.code());
        parameters.forEach((name, value) -> {
            WireFormat.writeCString(out, name);
            WireFormat.writeCString(out, value);
        });
        out.writeByte(0);
        WireFormat.endMessage(out, length);
    }
}
