package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.pgfast.protocol.Bytes;
import io.pgfast.protocol.Encoded;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Golden bytes for every frontend message except Bind (see BindTest), built by hand field by field. */
class FrontendMessagesTest {

    @Test
    void startupMessage() {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("user", "bob");
        parameters.put("database", "db");
        byte[] expected = Bytes.of()
            .int32(30)            // length: 4 + 4 + 5 + 4 + 9 + 3 + 1, no type byte
            .int32(196608)        // protocol version 3.0
            .cstring("user")      // parameter name
            .cstring("bob")       // parameter value
            .cstring("database")  // parameter name
            .cstring("db")        // parameter value
            .byte1(0)             // end of parameters
            .array();
        assertThat(Encoded.frontend(new StartupMessage(parameters))).isEqualTo(expected);
    }

    @Test
    void startupMessageKeepsParameterOrderAndEncodesUtf8() {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("application_name", "zürich");
        parameters.put("user", "u");
        byte[] expected = Bytes.of()
            .int32(41)                    // length: 4 + 4 + 17 + 8 (zürich is 7 bytes) + 5 + 2 + 1
            .int32(196608)                // protocol version 3.0
            .cstring("application_name")  // parameter name
            .cstring("zürich")            // parameter value, UTF-8
            .cstring("user")              // parameter name
            .cstring("u")                 // parameter value
            .byte1(0)                     // end of parameters
            .array();
        assertThat(Encoded.frontend(new StartupMessage(parameters))).isEqualTo(expected);
    }

    @Test
    void sslRequest() {
        byte[] expected = Bytes.of()
            .int32(8)           // length
            .int32(0x04D2162F)  // 80877103: 1234 << 16 | 5679
            .array();
        assertThat(Encoded.frontend(SSLRequest.INSTANCE)).isEqualTo(expected);
    }

    @Test
    void gssencRequest() {
        byte[] expected = Bytes.of()
            .int32(8)           // length
            .int32(0x04D21630)  // 80877104: 1234 << 16 | 5680
            .array();
        assertThat(Encoded.frontend(GSSENCRequest.INSTANCE)).isEqualTo(expected);
    }

    @Test
    void cancelRequest() {
        byte[] expected = Bytes.of()
            .int32(16)                          // length
            .int32(0x04D2162E)                  // 80877102: 1234 << 16 | 5678
            .int32(4711)                        // process ID
            .bytes(new byte[] {9, 8, 7, 6})     // secret key
            .array();
        assertThat(Encoded.frontend(new CancelRequest(4711, new byte[] {9, 8, 7, 6}))).isEqualTo(expected);
        assertThat(new CancelRequest(4711, new byte[] {9, 8, 7, 6})).hasToString("CancelRequest[processId=4711]");
    }

    @Test
    void cancelRequestWithProtocol32LongKey() {
        byte[] key = new byte[32];
        byte[] expected = Bytes.of()
            .int32(44)          // length: 12 + 32
            .int32(0x04D2162E)  // cancel request code
            .int32(1)           // process ID
            .bytes(key)         // 32-byte secret key
            .array();
        assertThat(Encoded.frontend(new CancelRequest(1, key))).isEqualTo(expected);
    }

    @Test
    void passwordMessage() {
        byte[] expected = Bytes.of()
            .byte1('p')          // type
            .int32(11)           // length: 4 + 7
            .cstring("secret")   // password, NUL added
            .array();
        PasswordMessage message = new PasswordMessage("secret".getBytes(StandardCharsets.UTF_8));
        assertThat(Encoded.frontend(message)).isEqualTo(expected);
        assertThat(message.toString()).doesNotContain("secret");
    }

    @Test
    void saslInitialResponse() {
        byte[] expected = Bytes.of()
            .byte1('p')                // type
            .int32(33)                 // length: 4 + 14 + 4 + 11
            .cstring("SCRAM-SHA-256")  // mechanism
            .int32(11)                 // initial response length
            .text("n,,n=,r=abc")       // initial response
            .array();
        byte[] data = "n,,n=,r=abc".getBytes(StandardCharsets.US_ASCII);
        assertThat(Encoded.frontend(new SASLInitialResponse("SCRAM-SHA-256", data))).isEqualTo(expected);
    }

    @Test
    void saslInitialResponseWithoutData() {
        byte[] expected = Bytes.of()
            .byte1('p')                // type
            .int32(22)                 // length: 4 + 14 + 4
            .cstring("SCRAM-SHA-256")  // mechanism
            .int32(-1)                 // no initial response
            .array();
        assertThat(Encoded.frontend(new SASLInitialResponse("SCRAM-SHA-256", null))).isEqualTo(expected);
    }

    @Test
    void gssResponse() {
        byte[] expected = Bytes.of()
            .byte1('p')                      // type
            .int32(7)                        // length: 4 + 3
            .bytes(new byte[] {0x60, 1, 2})  // GSSAPI token, no terminator
            .array();
        assertThat(Encoded.frontend(new GSSResponse(new byte[] {0x60, 1, 2}))).isEqualTo(expected);
    }

    @Test
    void saslResponse() {
        byte[] expected = Bytes.of()
            .byte1('p')       // type
            .int32(10)        // length: 4 + 6
            .text("c=biws")   // SASL data, no terminator
            .array();
        assertThat(Encoded.frontend(new SASLResponse("c=biws".getBytes(StandardCharsets.US_ASCII)))).isEqualTo(expected);
    }

    @Test
    void query() {
        byte[] expected = Bytes.of()
            .byte1('Q')             // type
            .int32(13)              // length: 4 + 9
            .cstring("SELECT 1")    // query
            .array();
        assertThat(Encoded.frontend(new Query("SELECT 1"))).isEqualTo(expected);
    }

    @Test
    void queryLengthCountsUtf8Bytes() {
        byte[] expected = Bytes.of()
            .byte1('Q')             // type
            .int32(16)              // length: 4 + 12 ('é' is 2 bytes)
            .cstring("SELECT 'é'")  // query
            .array();
        assertThat(Encoded.frontend(new Query("SELECT 'é'"))).isEqualTo(expected);
    }

    @Test
    void parse() {
        byte[] expected = Bytes.of()
            .byte1('P')                 // type
            .int32(27)                  // length: 4 + 3 + 10 + 2 + 8
            .cstring("s1")              // statement name
            .cstring("SELECT $1")       // query
            .int16(2)                   // parameter type count
            .int32(23)                  // int4
            .int32(0)                   // unspecified
            .array();
        assertThat(Encoded.frontend(new Parse("s1", "SELECT $1", new int[] {23, 0}))).isEqualTo(expected);
    }

    @Test
    void parseCopiesTheOids() {
        int[] oids = {23};
        Parse parse = new Parse("", "SELECT $1", oids);
        oids[0] = 25;
        byte[] expected = Bytes.of()
            .byte1('P')             // type
            .int32(21)              // length: 4 + 1 + 10 + 2 + 4
            .cstring("")            // unnamed statement
            .cstring("SELECT $1")   // query
            .int16(1)               // parameter type count
            .int32(23)              // int4, as it was when the message was made
            .array();
        assertThat(Encoded.frontend(parse)).isEqualTo(expected);
    }

    @Test
    void describe() {
        byte[] statement = Bytes.of()
            .byte1('D')       // type
            .int32(8)         // length: 4 + 1 + 3
            .byte1('S')       // statement
            .cstring("s1")    // name
            .array();
        byte[] portal = Bytes.of()
            .byte1('D')       // type
            .int32(6)         // length: 4 + 1 + 1
            .byte1('P')       // portal
            .cstring("")      // the unnamed portal
            .array();
        assertThat(Encoded.frontend(Describe.statement("s1"))).isEqualTo(statement);
        assertThat(Encoded.frontend(new Describe('P', ""))).isEqualTo(portal);
    }

    @Test
    void execute() {
        byte[] expected = Bytes.of()
            .byte1('E')     // type
            .int32(9)       // length: 4 + 1 + 4
            .cstring("")    // the unnamed portal
            .int32(100)     // at most 100 rows
            .array();
        assertThat(Encoded.frontend(new Execute("", 100))).isEqualTo(expected);
    }

    @Test
    void close() {
        byte[] expected = Bytes.of()
            .byte1('C')       // type
            .int32(8)         // length: 4 + 1 + 3
            .byte1('P')       // portal
            .cstring("p1")    // name
            .array();
        assertThat(Encoded.frontend(Close.portal("p1"))).isEqualTo(expected);
        assertThat(Encoded.frontend(new Close('S', "s1"))).containsExactly(Bytes.of()
            .byte1('C')       // type
            .int32(8)         // length
            .byte1('S')       // statement
            .cstring("s1")    // name
            .array());
    }

    @Test
    void bodilessMessages() {
        assertThat(Encoded.frontend(Sync.INSTANCE)).isEqualTo(Bytes.of()
            .byte1('S')   // type
            .int32(4)     // length
            .array());
        assertThat(Encoded.frontend(Flush.INSTANCE)).isEqualTo(Bytes.of()
            .byte1('H')   // type
            .int32(4)     // length
            .array());
        assertThat(Encoded.frontend(Terminate.INSTANCE)).isEqualTo(Bytes.of()
            .byte1('X')   // type
            .int32(4)     // length
            .array());
        assertThat(Encoded.frontend(CopyDone.INSTANCE)).isEqualTo(Bytes.of()
            .byte1('c')   // type
            .int32(4)     // length
            .array());
    }

    @Test
    void copyDataWritesWithoutConsumingOrReleasing() {
        ByteBuf data = Unpooled.copiedBuffer("1\tx\n", StandardCharsets.US_ASCII);
        try {
            byte[] expected = Bytes.of()
                .byte1('d')      // type
                .int32(8)        // length: 4 + 4
                .text("1\tx\n")  // data
                .array();
            assertThat(Encoded.frontend(new CopyData(data))).isEqualTo(expected);
            assertThat(data.readerIndex()).isZero();
            assertThat(data.refCnt()).isEqualTo(1);
        } finally {
            data.release();
        }
    }

    @Test
    void copyFail() {
        byte[] expected = Bytes.of()
            .byte1('f')         // type
            .int32(9)           // length: 4 + 5
            .cstring("boom")    // error message
            .array();
        assertThat(Encoded.frontend(new CopyFail("boom"))).isEqualTo(expected);
    }

    @Test
    void encodeAppendsAtTheWriterIndex() {
        ByteBuf out = Unpooled.buffer();
        try {
            out.writeByte(0x7F);
            Sync.INSTANCE.encode(out);
            new Query("x").encode(out);
            assertThat(io.netty.buffer.ByteBufUtil.getBytes(out)).isEqualTo(Bytes.of()
                .byte1(0x7F)     // what was there before
                .byte1('S')      // Sync
                .int32(4)        // length
                .byte1('Q')      // Query
                .int32(6)        // length: 4 + 2
                .cstring("x")    // query
                .array());
        } finally {
            out.release();
        }
    }
}
