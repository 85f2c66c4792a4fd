package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * NotificationResponse (B): Byte1('A'), Int32 length, Int32 process ID of the notifying backend,
 * String channel, String payload. A NOTIFY on a channel this session LISTENs to; can arrive at any
 * time.
 */
public record NotificationResponse(int processId, String channel, String payload) implements BackendMessage {

    public NotificationResponse {
        WireFormat.checkCString(channel, "channel");
        WireFormat.checkCString(payload, "payload");
    }

    public static NotificationResponse decode(ByteBuf body) {
        int processId = WireFormat.readInt32(body, "NotificationResponse", "process ID");
        String channel = WireFormat.readCString(body, "NotificationResponse", "channel");
        String payload = WireFormat.readCString(body, "NotificationResponse", "payload");
        WireFormat.expectEnd(body, "NotificationResponse");
        return new NotificationResponse(processId, channel, payload);
    }
}
