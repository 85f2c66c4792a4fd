package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The field codes of ErrorResponse and NoticeResponse (docs, "Error and Notice Message Fields"), and
 * the body both share: repeated Byte1 field code + String value, ended by a zero byte.
 */
public final class ErrorFields {

    /** Severity, possibly localized: ERROR, FATAL, PANIC, WARNING, NOTICE, DEBUG, INFO, LOG. */
    public static final char SEVERITY = 'S';
    /** Severity, never localized (PostgreSQL 9.6 and later). */
    public static final char SEVERITY_NON_LOCALIZED = 'V';
    /** The SQLSTATE code. */
    public static final char CODE = 'C';
    public static final char MESSAGE = 'M';
    public static final char DETAIL = 'D';
    public static final char HINT = 'H';
    /** A 1-based character index into the original query string. */
    public static final char POSITION = 'P';
    public static final char INTERNAL_POSITION = 'p';
    public static final char INTERNAL_QUERY = 'q';
    public static final char WHERE = 'W';
    public static final char SCHEMA_NAME = 's';
    public static final char TABLE_NAME = 't';
    public static final char COLUMN_NAME = 'c';
    public static final char DATA_TYPE_NAME = 'd';
    public static final char CONSTRAINT_NAME = 'n';
    public static final char FILE = 'F';
    public static final char LINE = 'L';
    public static final char ROUTINE = 'R';

    private ErrorFields() {
    }

    /**
     * Decodes the fields in the order sent. Unknown field codes are kept ("frontends should silently
     * ignore fields of unrecognized type" is for interpretation; keeping them costs nothing). The
     * severity, SQLSTATE and message fields "are always present" per the docs, so a message without
     * them is refused.
     */
    static Map<Character, String> decode(ByteBuf body, String message) {
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
        return Collections.unmodifiableMap(fields);
    }

    static Map<Character, String> copyOf(Map<Character, String> fields) {
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
        return Collections.unmodifiableMap(copy);
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

    /** The non-localized severity when sent (9.6+), else the possibly localized one. */
    static String severity(Map<Character, String> fields) {
        String severity = fields.get(SEVERITY_NON_LOCALIZED);
        return severity != null ? severity : fields.get(SEVERITY);
    }
}
