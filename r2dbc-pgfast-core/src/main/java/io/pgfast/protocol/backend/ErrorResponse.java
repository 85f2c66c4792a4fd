package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;

import java.util.Map;

/**
 * ErrorResponse (B): Byte1('E'), Int32 length, then fields (Byte1 code, String value) ended by a zero
 * byte; the codes are in {@link ErrorFields}. An error: the current command failed (and with it the transaction, if one is open). Ends the extended-query sequence up to the next Sync.
 *
 * @param fields every field sent, by code, in the order sent; unmodifiable
 */
public record ErrorResponse(Map<Character, String> fields) implements BackendMessage {

    public static final byte TYPE = 'E';

    /**
     * @throws IllegalArgumentException unless the map holds a severity (S or V), SQLSTATE (C) and
     *                                  message (M) field, and every code is one non-zero byte
     */
    public ErrorResponse {
        fields = ErrorFields.copyOf(fields);
    }

    public static ErrorResponse decode(ByteBuf body) {
        return new ErrorResponse(ErrorFields.decode(body, "ErrorResponse"));
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
