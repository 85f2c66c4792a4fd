package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;

import java.util.Arrays;

/**
 * ParameterDescription (B): Byte1('t'), Int32 length, Int16 N, Int32[N] parameter type OIDs. The
 * answer to Describe of a prepared statement: the types the server chose for its parameters.
 *
 * @param oids one type OID per parameter; the array is this message's own, do not modify it
 */
public record ParameterDescription(int[] oids) implements BackendMessage {

    public ParameterDescription {
        if (oids == null) {
            throw new IllegalArgumentException("oids must not be null");
        }
        WireFormat.checkCount16(oids.length, "parameter count");
    }

    public static ParameterDescription decode(ByteBuf body) {
        int count = WireFormat.readCount16(body, "ParameterDescription", "parameter count");
        if (body.readableBytes() != count * 4) {
            throw new ProtocolException("ParameterDescription: " + count + " parameters need " + count * 4
                + " bytes, the message has " + body.readableBytes());
        }
        int[] oids = new int[count];
        for (int i = 0; i < count; i++) {
            oids[i] = WireFormat.readOid(body, "ParameterDescription", "parameter type");
        }
        return new ParameterDescription(oids);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ParameterDescription other && Arrays.equals(oids, other.oids);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(oids);
    }

    @Override
    public String toString() {
        return "ParameterDescription" + Arrays.toString(oids);
    }
}
