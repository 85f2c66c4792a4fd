package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;

import java.util.Arrays;

/**
 * FunctionCallResponse (B): Byte1('V'), Int32 length, Int32 value length (-1 for NULL), Byte<i>n</i>
 * value. The result of the legacy FunctionCall sub-protocol.
 *
 * @param value the result's bytes, or null for SQL NULL; the array is this message's own
 */
public record FunctionCallResponse(byte[] value) implements BackendMessage {

    public static FunctionCallResponse decode(ByteBuf body) {
        int length = WireFormat.readInt32(body, "FunctionCallResponse", "value length");
        if (length < -1) {
            throw new ProtocolException("FunctionCallResponse: negative value length " + length);
        }
        byte[] value = length == -1 ? null : WireFormat.readBytes(body, length, "FunctionCallResponse", "value");
        WireFormat.expectEnd(body, "FunctionCallResponse");
        return new FunctionCallResponse(value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FunctionCallResponse other && Arrays.equals(value, other.value);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(value);
    }

    @Override
    public String toString() {
        return "FunctionCallResponse[" + (value == null ? "NULL" : value.length + " bytes") + "]";
    }
}
