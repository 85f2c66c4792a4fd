package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;

import java.util.Map;

/**
 * NoticeResponse (B): Byte1('N'), Int32 length, then fields (the body {@link ErrorOrNoticeMessage} parses). A
 * notice or warning (RAISE NOTICE, an implicit index, a deprecated setting); it does not end or fail anything
 * and can arrive at any time.
 */
public final class NoticeResponse extends ErrorOrNoticeMessage {

    /** @throws IllegalArgumentException as {@link ErrorOrNoticeMessage} says */
    public NoticeResponse(Map<Character, String> fields) {
        super(fields);
    }

    public static NoticeResponse decode(ByteBuf body) {
        return decode(body, "NoticeResponse", NoticeResponse::new);
    }
}
