package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.WireFormat;

import java.util.Arrays;

/**
 * AuthenticationMD5Password (B): Byte1('R'), Int32(12), Int32(5), Byte4 salt. The server asks for
 * the MD5-hashed password (see {@code io.pgfast.protocol.auth.Md5Password}).
 *
 * @param salt the 4-byte salt; the array is this message's own, do not modify it
 */
public record AuthenticationMD5Password(byte[] salt) implements BackendMessage {

    public static final int CODE = 5;
    public static final int SALT_LENGTH = 4;

    public AuthenticationMD5Password {
        if (salt == null || salt.length != SALT_LENGTH) {
            throw new IllegalArgumentException("the MD5 salt has exactly 4 bytes");
        }
    }

    /** Decodes what follows the request code: the 4-byte salt. */
    public static AuthenticationMD5Password decode(ByteBuf rest) {
        byte[] salt = WireFormat.readBytes(rest, SALT_LENGTH, "AuthenticationMD5Password", "salt");
        WireFormat.expectEnd(rest, "AuthenticationMD5Password");
        return new AuthenticationMD5Password(salt);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AuthenticationMD5Password other && Arrays.equals(salt, other.salt);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(salt);
    }

    @Override
    public String toString() {
        return "AuthenticationMD5Password";
    }
}
