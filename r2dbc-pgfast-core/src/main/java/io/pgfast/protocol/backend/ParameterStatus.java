package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * ParameterStatus (B): Byte1('S'), Int32 length, String name, String value. The current value of a
 * reported run-time parameter (server_version, client_encoding, TimeZone, integer_datetimes,
 * standard_conforming_strings, ...): sent during startup and whenever one changes.
 */
public record ParameterStatus(String name, String value) implements BackendMessage {

    public ParameterStatus {
        WireFormat.checkCString(name, "parameter name");
        WireFormat.checkCString(value, "parameter value");
    }

    public static ParameterStatus decode(ByteBuf body) {
        String name = WireFormat.readCString(body, "ParameterStatus", "name");
        String value = WireFormat.readCString(body, "ParameterStatus", "value");
        WireFormat.expectEnd(body, "ParameterStatus");
        return new ParameterStatus(name, value);
    }
}
