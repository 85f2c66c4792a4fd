package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;

import java.util.ArrayList;
import java.util.List;

/**
 * NegotiateProtocolVersion (B): Byte1('v'), Int32 length, Int32 newest minor protocol version the
 * server supports for the requested major version, Int32 N, then N Strings: the protocol options
 * ({@code _pq_.} startup parameters) the server did not recognize. Sent during startup when the
 * client asked for a newer minor version or for protocol options.
 *
 * @param newestMinor         the newest minor version the server supports
 * @param unrecognizedOptions the option names the server did not recognize
 */
public record NegotiateProtocolVersion(int newestMinor, List<String> unrecognizedOptions) implements BackendMessage {

    public static final byte TYPE = 'v';

    public NegotiateProtocolVersion {
        unrecognizedOptions = List.copyOf(unrecognizedOptions);
        for (String option : unrecognizedOptions) {
            WireFormat.checkCString(option, "protocol option name");
        }
    }

    public static NegotiateProtocolVersion decode(ByteBuf body) {
        int newestMinor = WireFormat.readInt32(body, "NegotiateProtocolVersion", "newest minor version");
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
        return new NegotiateProtocolVersion(newestMinor, options);
    }

    @Override
    public void encode(ByteBuf out) {
        int length = WireFormat.beginMessage(out, TYPE);
        out.writeInt(newestMinor);
        out.writeInt(unrecognizedOptions.size());
        for (String option : unrecognizedOptions) {
            WireFormat.writeCString(out, option);
        }
        WireFormat.endMessage(out, length);
    }
}
