package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * PasswordMessage (F): Byte1('p'), Int32 length, String password. Answers
 * AuthenticationCleartextPassword (the password's bytes) or AuthenticationMD5Password (the "md5..."
 * string of {@code io.pgfast.protocol.auth.Md5Password}); the NUL terminator is added here.
 */
public final class PasswordMessage implements FrontendMessage {

    public static final byte TYPE = 'p';

    private final byte[] password;

    /**
     * @param password the bytes to send, without terminator; copied
     * @throws IllegalArgumentException when the password contains a zero byte (PostgreSQL would
     *                                  end it there)
     */
    public PasswordMessage(byte[] password) {
        this.password = WireFormat.checkCBytes(password, "password").clone();
    }

    @Override
    public void encode(ByteBuf out) {
        int length = WireFormat.beginMessage(out, TYPE);
        out.writeBytes(password);
        out.writeByte(0);
        WireFormat.endMessage(out, length);
    }

    /** Never shows the password. */
    @Override
    public String toString() {
        return "PasswordMessage[***]";
    }
}
