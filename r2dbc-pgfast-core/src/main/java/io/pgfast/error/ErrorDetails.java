package io.pgfast.error;

import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The fields of one ErrorResponse or NoticeResponse, immutable. PostgreSQL documents the field
 * codes in "Error and Notice Message Fields" (protocol chapter): severity, SQLSTATE code and
 * message are always sent by the server; every other field is optional, and a field this class
 * does not name stays available through {@link #fields()} (the protocol tells clients to ignore
 * field types they do not recognise, not to fail on them).
 *
 * <p>Every getter is {@code Optional}: a broken or foreign server may omit even the fields the
 * protocol calls mandatory, and nothing here throws because of that.
 *
 * <p>The constants below are the driver's one list of field codes: the protocol layer, which may not import this
 * package, hands the fields over as a map by code and names only the few it checks.
 */
public final class ErrorDetails implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Severity, possibly localized: ERROR, FATAL, PANIC, WARNING, NOTICE, DEBUG, INFO, LOG. */
    public static final char SEVERITY = 'S';
    /** Severity, never localized (PostgreSQL 9.6 and later). */
    public static final char SEVERITY_NON_LOCALIZED = 'V';
    public static final char CODE = 'C';
    public static final char MESSAGE = 'M';
    public static final char DETAIL = 'D';
    public static final char HINT = 'H';
    /** Cursor position in the original query string, 1-based, in characters (not bytes). */
    public static final char POSITION = 'P';
    /** Cursor position in {@link #INTERNAL_QUERY}, 1-based, in characters. */
    public static final char INTERNAL_POSITION = 'p';
    public static final char INTERNAL_QUERY = 'q';
    public static final char WHERE = 'W';
    public static final char SCHEMA = 's';
    public static final char TABLE = 't';
    public static final char COLUMN = 'c';
    public static final char DATA_TYPE = 'd';
    public static final char CONSTRAINT = 'n';
    public static final char FILE = 'F';
    public static final char LINE = 'L';
    public static final char ROUTINE = 'R';

    private final Map<Character, String> fields;

    private ErrorDetails(Map<Character, String> fields) {
        this.fields = fields;
    }

    /**
     * Copies the fields of a decoded ErrorResponse or NoticeResponse.
     *
     * @throws IllegalArgumentException if {@code fields} is null or holds a null key or value
     */
    public static ErrorDetails of(Map<Character, String> fields) {
        if (fields == null) {
            throw new IllegalArgumentException("fields must not be null");
        }
        Map<Character, String> copy = new LinkedHashMap<>();
        for (Map.Entry<Character, String> e : fields.entrySet()) {
            if (e.getKey() == null || e.getValue() == null) {
                throw new IllegalArgumentException("error field codes and values must not be null");
            }
            copy.put(e.getKey(), e.getValue());
        }
        return new ErrorDetails(Collections.unmodifiableMap(copy));
    }

    /** All fields as received, in the server's order, including field types not named here. */
    public Map<Character, String> fields() {
        return fields;
    }

    /** The value of one field by its protocol code, such as {@link #CONSTRAINT}. */
    public Optional<String> field(char code) {
        return Optional.ofNullable(fields.get(code));
    }

    /** The severity as sent in field S, which the server may have localized. */
    public Optional<String> severity() {
        return field(SEVERITY);
    }

    /** The severity from field V (never localized), falling back to field S for servers before 9.6. */
    public Optional<String> severityNonLocalized() {
        String v = fields.get(SEVERITY_NON_LOCALIZED);
        return v != null ? Optional.of(v) : severity();
    }

    /** The SQLSTATE code, see {@link SqlState}. */
    public Optional<String> code() {
        return field(CODE);
    }

    public Optional<String> message() {
        return field(MESSAGE);
    }

    public Optional<String> detail() {
        return field(DETAIL);
    }

    public Optional<String> hint() {
        return field(HINT);
    }

    /** Field P as a number; empty when absent or when the server sent something that is not one. */
    public OptionalInt position() {
        return intField(POSITION);
    }

    /** Field p as a number; empty when absent or not a number. */
    public OptionalInt internalPosition() {
        return intField(INTERNAL_POSITION);
    }

    public Optional<String> internalQuery() {
        return field(INTERNAL_QUERY);
    }

    /** The call stack context (field W), one line per level, innermost first. */
    public Optional<String> where() {
        return field(WHERE);
    }

    public Optional<String> schema() {
        return field(SCHEMA);
    }

    public Optional<String> table() {
        return field(TABLE);
    }

    public Optional<String> column() {
        return field(COLUMN);
    }

    public Optional<String> dataType() {
        return field(DATA_TYPE);
    }

    public Optional<String> constraint() {
        return field(CONSTRAINT);
    }

    /** The server source file that raised the error. */
    public Optional<String> file() {
        return field(FILE);
    }

    /** Field L as a number; empty when absent or not a number. */
    public OptionalInt line() {
        return intField(LINE);
    }

    public Optional<String> routine() {
        return field(ROUTINE);
    }

    private OptionalInt intField(char code) {
        String value = fields.get(code);
        if (value == null || value.isEmpty() || value.length() > 10) {
            return OptionalInt.empty();
        }
        long n = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return OptionalInt.empty();
            }
            n = n * 10 + (c - '0');
        }
        return n <= Integer.MAX_VALUE ? OptionalInt.of((int) n) : OptionalInt.empty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ErrorDetails && ((ErrorDetails) o).fields.equals(fields);
    }

    @Override
    public int hashCode() {
        return fields.hashCode();
    }

    /** All fields that are present, labelled, in the order the server sent them. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("ErrorDetails{");
        boolean first = true;
        for (Map.Entry<Character, String> e : fields.entrySet()) {
            if (!first) {
                b.append(", ");
            }
            first = false;
            b.append(label(e.getKey())).append('=').append(e.getValue());
        }
        return b.append('}').toString();
    }

    private static String label(char code) {
        switch (code) {
            case SEVERITY: return "severity";
            case SEVERITY_NON_LOCALIZED: return "severityNonLocalized";
            case CODE: return "code";
            case MESSAGE: return "message";
            case DETAIL: return "detail";
            case HINT: return "hint";
            case POSITION: return "position";
            case INTERNAL_POSITION: return "internalPosition";
            case INTERNAL_QUERY: return "internalQuery";
            case WHERE: return "where";
            case SCHEMA: return "schema";
            case TABLE: return "table";
            case COLUMN: return "column";
            case DATA_TYPE: return "dataType";
            case CONSTRAINT: return "constraint";
            case FILE: return "file";
            case LINE: return "line";
            case ROUTINE: return "routine";
            default: return "field[" + code + "]";
        }
    }
}
