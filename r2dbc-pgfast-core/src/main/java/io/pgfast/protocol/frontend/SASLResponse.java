package io.pgfast.protocol.frontend;

/**
 * SASLResponse (F): Byte1('p'), Int32 length, Byte<i>n</i> data (the body {@link AuthenticationDataResponse}
 * writes). Answers AuthenticationSASLContinue (for SCRAM, the client-final-message).
 */
public final class SASLResponse extends AuthenticationDataResponse {

    /** @param data the mechanism-specific response; copied */
    public SASLResponse(byte[] data) {
        super(data, "SASL data");
    }
}
