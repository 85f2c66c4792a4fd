package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;

import java.util.Map;

/**
 * NoticeResponse (B): Byte1('N'), Int32 length, then fields (Byte1 code, String value) ended by a zero
 * byte; the codes are in {@link ErrorFields}. A notice or warning (RAISE NOTICE, an implicit index, a deprecated setting); it does not end or fail anything and can arrive at any time.
 *
 * @param fields every field sent, by code, in the order sent; unmodifiable
 */
public record NoticeResponse(Map<Character, String> fields) implements BackendMessage {

    public static final byte TYPE = 'N';

    /**
     * @throws IllegalArgumentException unless the map holds a severity (S or V), SQLSTATE (C) and
     *                                  message (M) field, and every code is one non-zero byte
     */
    public NoticeResponse {
        fields = ErrorFields.copyOf(fields);
    }

    public static NoticeResponse decode(ByteBuf body) {
        return new NoticeResponse(ErrorFields.decode(body, "NoticeResponse"));
    }

    /** The severity (ERROR, FATAL, PANIC, WARNING, NOTICE, ...): the non-localized one when sent. */
    public String severity() {
        return ErrorFields.severity(fields);
    }

    /** The SQLSTATE code. */
    public String code() {
        return fields.get(ErrorFields.CODE);
    }

    /** The primary human-readable message. */
    public String message() {
        return fields.get(ErrorFields.MESSAGE);
    }

    /** The value of the field with this code, or null when it was not sent. */
    public String field(char code) {
        return fields.get(code);
    }
}
