package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;

import java.util.Map;

/**
 * ErrorResponse (B): Byte1('E'), Int32 length, then fields (the body {@link ErrorOrNoticeMessage} parses). An
 * error: the current command failed (and with it the transaction, if one is open). Ends the extended-query
 * sequence up to the next Sync.
 */
public final class ErrorResponse extends ErrorOrNoticeMessage {

    /** @throws IllegalArgumentException as {@link ErrorOrNoticeMessage} says */
    public ErrorResponse(Map<Character, String> fields) {
        super(fields);
    }

    public static ErrorResponse decode(ByteBuf body) {
        return decode(body, "ErrorResponse", ErrorResponse::new);
    }
}
