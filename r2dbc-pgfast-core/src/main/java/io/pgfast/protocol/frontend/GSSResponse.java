package io.pgfast.protocol.frontend;

/**
 * GSSResponse (F): Byte1('p'), Int32 length, Byte<i>n</i> GSSAPI token (the body {@link AuthenticationDataResponse}
 * writes). Answers AuthenticationGSS (the context's first token) and AuthenticationGSSContinue (the next ones).
 */
public final class GSSResponse extends AuthenticationDataResponse {

    /** @param data the GSSAPI token; copied */
    public GSSResponse(byte[] data) {
        super(data, "GSSAPI token");
    }
}
