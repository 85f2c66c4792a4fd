package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * StartupMessage (F): Int32 length, Int32(196608) protocol version 3.0, then parameter name and
 * value Strings in pairs, ended by a zero byte; no type byte. {@code user} is required; others are
 * {@code database}, {@code options}, {@code application_name}, {@code client_encoding}, any run-time
 * parameter, and {@code _pq_.}-prefixed protocol options.
 *
 * @param parameters the parameters in the order they are sent; unmodifiable
 */
public record StartupMessage(Map<String, String> parameters) implements FrontendMessage {

    /** Protocol version 3.0: major version 3 in the high 16 bits, minor version 0 in the low. */
    public static final int PROTOCOL_VERSION_3_0 = 3 << 16;

    /**
     * @throws IllegalArgumentException when {@code user} is missing, a name is empty (the empty
     *                                  name ends the list), or a name or value contains NUL
     */
    public StartupMessage {
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
        out.writeInt(PROTOCOL_VERSION_3_0);
        parameters.forEach((name, value) -> {
            WireFormat.writeCString(out, name);
            WireFormat.writeCString(out, value);
        });
        out.writeByte(0);
        WireFormat.endMessage(out, length);
    }
}
