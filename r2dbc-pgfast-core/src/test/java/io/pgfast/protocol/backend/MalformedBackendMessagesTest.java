package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessageType;
import io.pgfast.protocol.BufferKind;
import io.pgfast.protocol.Bytes;
import io.pgfast.protocol.ProtocolException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Malformed bodies end in a ProtocolException naming the message and the problem, never in an
 * IndexOutOfBoundsException; and nothing is retained from the body.
 */
class MalformedBackendMessagesTest {

    private static void assertMalformed(BufferKind kind, char type, byte[] body, String message) {
        ByteBuf buffer = kind.wrap(body);
        try {
            assertThatThrownBy(() -> BackendMessageType.of((byte) type).decode(buffer))
                .isExactlyInstanceOf(ProtocolException.class)
                .hasMessageContaining(message);
            assertThat(buffer.refCnt()).as("nothing retained").isEqualTo(1);
        } finally {
            buffer.release();
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void unknownType(BufferKind kind) {
        assertMalformed(kind, 'q', new byte[0], "unknown backend message type 'q' (0x71)");
        assertMalformed(kind, (char) 0, new byte[0], "unknown backend message type 0x00");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void trailingBytes(BufferKind kind) {
        assertMalformed(kind, 'Z', Bytes.of()
            .byte1('I')   // status
            .byte1('I')   // one byte too many
            .array(), "ReadyForQuery: 1 unexpected trailing bytes");
        assertMalformed(kind, '1', new byte[] {0}, "ParseComplete: 1 unexpected trailing bytes");
        assertMalformed(kind, 'R', Bytes.of()
            .int32(0)     // AuthenticationOk
            .int32(0)     // extra
            .array(), "AuthenticationOk: 4 unexpected trailing bytes");
        assertMalformed(kind, 'C', Bytes.of()
            .cstring("SELECT 1")  // tag
            .byte1('x')           // extra
            .array(), "CommandComplete: 1 unexpected trailing bytes");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void truncatedFields(BufferKind kind) {
        assertMalformed(kind, 'Z', new byte[0], "ReadyForQuery: truncated, transaction status needs 1 bytes but only 0 are left");
        assertMalformed(kind, 'R', new byte[] {0, 0}, "Authentication request: truncated, request code needs 4 bytes");
        assertMalformed(kind, 'R', Bytes.of()
            .int32(5)                        // AuthenticationMD5Password
            .bytes(new byte[] {1, 2, 3})     // a salt one byte short
            .array(), "AuthenticationMD5Password: truncated, salt needs 4 bytes but only 3 are left");
        assertMalformed(kind, 'K', new byte[] {0, 0, 1}, "BackendKeyData: truncated, process ID");
        assertMalformed(kind, 'A', Bytes.of()
            .int32(1)             // process ID
            .cstring("channel")   // channel
            .text("payload")      // payload without its NUL
            .array(), "NotificationResponse: payload is not NUL-terminated");
        assertMalformed(kind, 'S', Bytes.of()
            .text("TimeZone")     // name without its NUL
            .array(), "ParameterStatus: name is not NUL-terminated");
        assertMalformed(kind, 'V', Bytes.of()
            .int32(10)                  // value length
            .bytes(new byte[] {1, 2})   // only two bytes
            .array(), "FunctionCallResponse: truncated, value needs 10 bytes but only 2 are left");
        assertMalformed(kind, 'V', Bytes.of()
            .int32(-2)                  // neither -1 nor a length
            .array(), "FunctionCallResponse: negative value length -2");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void badEnumValues(BufferKind kind) {
        assertMalformed(kind, 'Z', new byte[] {'X'}, "ReadyForQuery: unknown transaction status 0x58");
        assertMalformed(kind, 'G', Bytes.of()
            .byte1(2)     // overall format: invalid
            .int16(0)     // no columns
            .array(), "CopyInResponse: overall format 2 is neither 0 (text) nor 1 (binary)");
        assertMalformed(kind, 'H', Bytes.of()
            .byte1(0)     // text
            .int16(1)     // one column
            .int16(1)     // binary column in a text COPY
            .array(), "CopyOutResponse: column 0 is binary in a text-format COPY");
        assertMalformed(kind, 'W', Bytes.of()
            .byte1(1)     // binary
            .int16(1)     // one column
            .int16(7)     // unknown format
            .array(), "CopyBothResponse: column 0 format 7");
        assertMalformed(kind, 'T', Bytes.of()
            .int16(1)         // one field
            .cstring("a")     // name
            .int32(0)         // table OID
            .int16(0)         // attribute
            .int32(23)        // type OID
            .int16(4)         // size
            .int32(-1)        // modifier
            .int16(2)         // format: invalid
            .array(), "RowDescription: field 'a' has format code 2");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void countsThatCannotFitAreRefusedBeforeAllocating(BufferKind kind) {
        assertMalformed(kind, 'T', Bytes.of()
            .int16(0xFFFF)    // 65535 fields
            .array(), "RowDescription: 65535 fields cannot fit in the 0 bytes left");
        assertMalformed(kind, 'D', Bytes.of()
            .int16(0xFFFF)    // 65535 columns
            .int32(-1)        // one NULL
            .array(), "DataRow: 65535 columns cannot fit in the 4 bytes left");
        assertMalformed(kind, 't', Bytes.of()
            .int16(3)         // three parameters
            .int32(23)        // only one OID
            .array(), "ParameterDescription: 3 parameters need 12 bytes, the message has 4");
        assertMalformed(kind, 'v', Bytes.of()
            .int32(0x0003_0000)   // version 3.0
            .int32(0x7FFFFFFF)    // absurd option count
            .array(), "NegotiateProtocolVersion: option count 2147483647 does not fit");
        assertMalformed(kind, 'v', Bytes.of()
            .int32(0x0003_0000)   // version 3.0
            .int32(-1)            // negative option count
            .array(), "NegotiateProtocolVersion: option count -1");
        assertMalformed(kind, 'G', Bytes.of()
            .byte1(0)             // text
            .int16(3)             // three columns
            .int16(0)             // only one format code
            .array(), "CopyInResponse: truncated, column format codes needs 6 bytes but only 2 are left");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void secretKeyLength(BufferKind kind) {
        assertMalformed(kind, 'K', Bytes.of()
            .int32(1)                    // process ID
            .bytes(new byte[] {1, 2, 3}) // 3-byte key
            .array(), "BackendKeyData: secret key of 3 bytes, expected 4 to 256");
        assertMalformed(kind, 'K', Bytes.of()
            .int32(1)                    // process ID
            .bytes(new byte[257])        // too long a key
            .array(), "BackendKeyData: secret key of 257 bytes");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void saslMechanismListMustBeEnded(BufferKind kind) {
        assertMalformed(kind, 'R', Bytes.of()
            .int32(10)                  // AuthenticationSASL
            .cstring("SCRAM-SHA-256")   // mechanism, but no empty string after it
            .array(), "AuthenticationSASL: the mechanism list is not ended by an empty string");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void errorFields(BufferKind kind) {
        assertMalformed(kind, 'E', Bytes.of()
            .byte1('S').cstring("ERROR")   // severity
            .byte1('C').cstring("XX000")   // SQLSTATE
            .byte1('M').cstring("boom")    // message
            .array(), "ErrorResponse: truncated, field code (the field list is not ended by a zero byte)");
        assertMalformed(kind, 'E', Bytes.of()
            .byte1('S').cstring("ERROR")   // severity
            .byte1('M')                    // message without its value's NUL
            .text("boom")
            .array(), "ErrorResponse: field 'M' is not NUL-terminated");
        assertMalformed(kind, 'N', Bytes.of()
            .byte1('S').cstring("NOTICE")  // severity
            .byte1('M').cstring("hi")      // message, but no SQLSTATE
            .byte1(0)                      // end of fields
            .array(), "NoticeResponse: the SQLSTATE (C) field is missing");
        assertMalformed(kind, 'E', Bytes.of()
            .byte1('C').cstring("XX000")   // SQLSTATE, but no severity
            .byte1('M').cstring("boom")    // message
            .byte1(0)                      // end of fields
            .array(), "ErrorResponse: the severity (S) field is missing");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void dataRowColumnsMustStayInsideTheBody(BufferKind kind) {
        assertMalformed(kind, 'D', Bytes.of()
            .int16(2)         // two columns
            .int32(1)         // column 0 length
            .text("a")        // column 0 value
            .int32(100)       // column 1 claims 100 bytes
            .text("bc")       // but 2 are left
            .array(), "DataRow: column 1 length 100 runs past the end of the message (2 bytes left)");
        assertMalformed(kind, 'D', Bytes.of()
            .int16(2)         // two columns
            .int32(3)         // column 0 length
            .text("abc")      // column 0 value
            .int16(0)         // half a length field for column 1
            .array(), "DataRow: truncated, column 1 of 2 has no length field");
        assertMalformed(kind, 'D', Bytes.of()
            .int16(1)         // one column
            .int32(-2)        // neither -1 nor a length
            .array(), "DataRow: column 0 has negative length -2");
        assertMalformed(kind, 'D', Bytes.of()
            .int16(1)         // one column
            .int32(0x7FFFFFFF) // 2 GB value
            .array(), "DataRow: column 0 length 2147483647 runs past the end");
        assertMalformed(kind, 'D', Bytes.of()
            .int16(1)         // one column
            .int32(1)         // column 0 length
            .text("ab")       // one byte more than the columns account for
            .array(), "DataRow: 1 unexpected trailing bytes after 1 columns");
        assertMalformed(kind, 'D', new byte[] {0}, "DataRow: truncated, column count");
    }
}
