package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The body ErrorResponse and NoticeResponse share, parsed here once: repeated Byte1 field code + String value,
 * ended by a zero byte. The codes are listed in the docs, "Error and Notice Message Fields"; this class names only
 * the ones it checks and reads, and {@code io.pgfast.error.ErrorDetails} names them all for users (the protocol
 * stays below the error package, so the fields travel as a map by code). Each message is its own subclass, named
 * as in the docs; two messages are equal when they are the same message with the same fields.
 */
public abstract sealed class ErrorOrNoticeMessage implements BackendMessage permits ErrorResponse, NoticeResponse {

    /** The fields the docs say "are always present": severity (S, or V since 9.6), SQLSTATE code (C), message (M). */
    private static final char SEVERITY = 'S';
    private static final char SEVERITY_NON_LOCALIZED = 'V';
    private static final char CODE = 'C';
    private static final char MESSAGE = 'M';

    private final Map<Character, String> fields;

    /**
     * @param fields every field, by code, in the order sent; copied
     * @throws IllegalArgumentException unless the map holds a severity (S or V), SQLSTATE (C) and
     *                                  message (M) field, and every code is one non-zero byte
     */
    ErrorOrNoticeMessage(Map<Character, String> fields) {
        Map<Character, String> copy = new LinkedHashMap<>();
        fields.forEach((code, value) -> {
            if (code == null || code == 0 || code > 0xFF) {
                throw new IllegalArgumentException("a field code is one non-zero byte");
            }
            copy.put(code, WireFormat.checkCString(value, "field '" + code + "'"));
        });
        String missing = missingRequired(copy);
        if (missing != null) {
            throw new IllegalArgumentException("the " + missing + " field is required");
        }
        this.fields = Collections.unmodifiableMap(copy);
    }

    /**
     * Parses the body of the message named {@code message}, reading {@code body} to its end. Unknown field codes
     * are kept ("frontends should silently ignore fields of unrecognized type" is for interpretation; keeping
     * them costs nothing). The severity, SQLSTATE and message fields "are always present" per the docs, so a
     * message without them is refused.
     */
    static <T extends ErrorOrNoticeMessage> T decode(ByteBuf body, String message, Function<Map<Character, String>, T> factory) {
        Map<Character, String> fields = new LinkedHashMap<>();
        while (true) {
            byte code = WireFormat.readByte(body, message, "field code (the field list is not ended by a zero byte)");
            if (code == 0) {
                break;
            }
            fields.put((char) (code & 0xFF), WireFormat.readCString(body, message, "field '" + (char) (code & 0xFF) + "'"));
        }
        WireFormat.expectEnd(body, message);
        String missing = missingRequired(fields);
        if (missing != null) {
            throw new ProtocolException(message + ": the " + missing + " field is missing");
        }
        return factory.apply(fields);
    }

    private static String missingRequired(Map<Character, String> fields) {
        if (!fields.containsKey(SEVERITY) && !fields.containsKey(SEVERITY_NON_LOCALIZED)) {
            return "severity (S)";
        }
        if (!fields.containsKey(CODE)) {
            return "SQLSTATE (C)";
        }
        if (!fields.containsKey(MESSAGE)) {
            return "message (M)";
        }
        return null;
    }

    /** Every field sent, by code, in the order sent; unmodifiable. */
    public final Map<Character, String> fields() {
        return fields;
    }

    /** The severity (ERROR, FATAL, PANIC, WARNING, NOTICE, ...): the non-localized one when sent (9.6+). */
    public final String severity() {
        String severity = fields.get(SEVERITY_NON_LOCALIZED);
        return severity != null ? severity : fields.get(SEVERITY);
    }

    /** The SQLSTATE code. */
    public final String code() {
        return fields.get(CODE);
    }

    /** The primary human-readable message. */
    public final String message() {
        return fields.get(MESSAGE);
    }

    /** The value of the field with this code, or null when it was not sent. */
    public final String field(char code) {
        return fields.get(code);
    }

    @Override
    public final boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && fields.equals(((ErrorOrNoticeMessage) o).fields);
    }

    @Override
    public final int hashCode() {
        return 31 * getClass().hashCode() + fields.hashCode();
    }

    @Override
    public final String toString() {
        return getClass().getSimpleName() + "[fields=" + fields + "]";
    }
}
