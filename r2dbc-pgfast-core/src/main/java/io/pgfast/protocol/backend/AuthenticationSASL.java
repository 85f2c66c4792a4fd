package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;

import java.util.ArrayList;
import java.util.List;

/**
 * AuthenticationSASL (B): Byte1('R'), Int32 length, Int32(10), then a list of SASL mechanism names
 * (Strings) ended by an empty String. The server starts a SASL exchange and offers these mechanisms
 * in its order of preference (docs: "SASL Authentication").
 *
 * @param mechanisms the offered mechanisms, e.g. {@code SCRAM-SHA-256-PLUS}, {@code SCRAM-SHA-256}
 */
public record AuthenticationSASL(List<String> mechanisms) implements BackendMessage {

    public static final int CODE = 10;

    public AuthenticationSASL {
        mechanisms = List.copyOf(mechanisms);
        for (String mechanism : mechanisms) {
            WireFormat.checkCString(mechanism, "SASL mechanism name");
            if (mechanism.isEmpty()) {
                throw new IllegalArgumentException("a SASL mechanism name must not be empty (it ends the list)");
            }
        }
    }

    /** Decodes what follows the request code: the mechanism names and the empty String ending them. */
    public static AuthenticationSASL decode(ByteBuf rest) {
        List<String> mechanisms = new ArrayList<>(2);
        while (true) {
            if (!rest.isReadable()) {
                throw new ProtocolException("AuthenticationSASL: the mechanism list is not ended by an empty string");
            }
            String mechanism = WireFormat.readCString(rest, "AuthenticationSASL", "mechanism name");
            if (mechanism.isEmpty()) {
                break;
            }
            mechanisms.add(mechanism);
        }
        WireFormat.expectEnd(rest, "AuthenticationSASL");
        return new AuthenticationSASL(mechanisms);
    }
}
