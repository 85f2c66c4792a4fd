package io.pgfast.protocol.backend;

/**
 * The field codes of ErrorResponse and NoticeResponse (docs, "Error and Notice Message Fields"); the body
 * that carries them is parsed by {@link ErrorOrNoticeMessage}.
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
}
