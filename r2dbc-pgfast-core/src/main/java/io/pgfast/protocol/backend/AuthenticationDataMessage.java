package io.pgfast.protocol.backend;

import io.pgfast.protocol.BackendMessage;

import java.util.Arrays;

/**
 * The shape AuthenticationSASLContinue, AuthenticationSASLFinal and AuthenticationGSSContinue share: after the
 * Int32 request code, the rest of the message is data for the mechanism, opaque to the protocol. Each message is
 * its own subclass, named as in the docs; two messages are equal when they are the same message with the same
 * bytes. {@link #toString()} shows the length only: the bytes are a mechanism's secret exchange.
 */
public abstract sealed class AuthenticationDataMessage implements BackendMessage
        permits AuthenticationSASLContinue, AuthenticationSASLFinal, AuthenticationGSSContinue {

    private final byte[] data;

    /**
     * @param data the mechanism's data; the array becomes this message's own, do not modify it
     * @param what what the data is, for the message of the exception
     * @throws IllegalArgumentException if {@code data} is null
     */
    AuthenticationDataMessage(byte[] data, String what) {
        if (data == null) {
            throw new IllegalArgumentException(what + " must not be null");
        }
        this.data = data;
    }

    /** The mechanism's data; the message's own array, do not modify it. */
    public final byte[] data() {
        return data;
    }

    @Override
    public final boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && Arrays.equals(data, ((AuthenticationDataMessage) o).data);
    }

    @Override
    public final int hashCode() {
        return 31 * getClass().hashCode() + Arrays.hashCode(data);
    }

    @Override
    public final String toString() {
        return getClass().getSimpleName() + "[" + data.length + " bytes]";
    }
}
