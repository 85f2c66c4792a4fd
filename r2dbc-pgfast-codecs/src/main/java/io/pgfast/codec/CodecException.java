package io.pgfast.codec;

/**
 * A value could not be decoded or encoded: malformed bytes from the server, a value out of range
 * for the requested Java type, or a value the target type cannot represent (numeric NaN as
 * BigDecimal). The message always names the PostgreSQL type (and OID where known).
 *
 * <p>The core module turns this into an R2DBC exception on the publisher that asked for the value.
 */
public class CodecException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CodecException(String message) {
        super(message);
    }

    public CodecException(String message, Throwable cause) {
        super(message, cause);
    }
}
