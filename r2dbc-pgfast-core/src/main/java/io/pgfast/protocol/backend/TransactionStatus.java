package io.pgfast.protocol.backend;

/** The backend's transaction status, as ReadyForQuery reports it. */
public enum TransactionStatus {
    /** Not in a transaction block. */
    IDLE('I'),
    /** In a transaction block. */
    IN_TRANSACTION('T'),
    /** In a failed transaction block: queries are rejected until the block ends. */
    FAILED('E');

    private static final TransactionStatus[] VALUES = values();

    private final char code;

    TransactionStatus(char code) {
        this.code = code;
    }

    /** The status indicator byte of ReadyForQuery. */
    public char code() {
        return code;
    }

    /** The status of indicator byte {@code code}, or null when it is none. */
    static TransactionStatus of(byte code) {
        for (TransactionStatus status : VALUES) {
            if (status.code == code) {
                return status;
            }
        }
        return null;
    }
}
