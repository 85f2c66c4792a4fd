package io.pgfast.protocol.backend;

import io.pgfast.error.ErrorDetails;
import io.pgfast.protocol.ProtocolVersion;
import io.netty.buffer.ByteBufUtil;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.BufferKind;
import io.pgfast.protocol.Bytes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static io.pgfast.protocol.Decoding.decode;
import static io.pgfast.protocol.Decoding.roundTrip;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * Every backend message decoded from hand-made bytes (one comment per field), from heap, direct
 * and composite bodies, and encoded back to the same bytes.
 */
class BackendMessagesTest {

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void authenticationOk(BufferKind kind) {
        byte[] bytes = Bytes.of()
            .byte1('R')   // type
            .int32(8)     // length
            .int32(0)     // AuthenticationOk
            .array();
        assertThat(roundTrip(kind, bytes)).isSameAs(AuthenticationOk.INSTANCE);
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void authenticationCleartextPassword(BufferKind kind) {
        byte[] bytes = Bytes.of()
            .byte1('R')   // type
            .int32(8)     // length
            .int32(3)     // AuthenticationCleartextPassword
            .array();
        assertThat(roundTrip(kind, bytes)).isSameAs(AuthenticationCleartextPassword.INSTANCE);
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void authenticationMD5Password(BufferKind kind) {
        byte[] bytes = Bytes.of()
            .byte1('R')                                     // type
            .int32(12)                                      // length
            .int32(5)                                       // AuthenticationMD5Password
            .bytes(new byte[] {1, 2, 3, (byte) 0xFF})       // salt
            .array();
        assertThat(roundTrip(kind, bytes)).isEqualTo(new AuthenticationMD5Password(new byte[] {1, 2, 3, (byte) 0xFF}));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void authenticationSASL(BufferKind kind) {
        byte[] bytes = Bytes.of()
            .byte1('R')                       // type
            .int32(42)                        // length: 4 + 4 + 19 + 14 + 1
            .int32(10)                        // AuthenticationSASL
            .cstring("SCRAM-SHA-256-PLUS")    // mechanism
            .cstring("SCRAM-SHA-256")         // mechanism
            .byte1(0)                         // end of the list
            .array();
        assertThat(roundTrip(kind, bytes))
            .isEqualTo(new AuthenticationSASL(List.of("SCRAM-SHA-256-PLUS", "SCRAM-SHA-256")));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void authenticationSASLContinue(BufferKind kind) {
        String serverFirst = "r=abcdef,s=QSXCR+Q6sek8bf92,i=4096";
        byte[] bytes = Bytes.of()
            .byte1('R')           // type
            .int32(42)            // length: 4 + 4 + 34
            .int32(11)            // AuthenticationSASLContinue
            .text(serverFirst)    // SASL data, no terminator
            .array();
        BackendMessage message = roundTrip(kind, bytes);
        assertThat(message).isEqualTo(new AuthenticationSASLContinue(serverFirst.getBytes(StandardCharsets.US_ASCII)));
        assertThat(message.toString()).doesNotContain("QSXCR");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void authenticationSASLFinal(BufferKind kind) {
        byte[] bytes = Bytes.of()
            .byte1('R')       // type
            .int32(14)        // length: 4 + 4 + 6
            .int32(12)        // AuthenticationSASLFinal
            .text("v=abcd")   // SASL data
            .array();
        assertThat(roundTrip(kind, bytes)).isEqualTo(new AuthenticationSASLFinal("v=abcd".getBytes(StandardCharsets.US_ASCII)));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void authenticationGss(BufferKind kind) {
        byte[] gss = Bytes.of()
            .byte1('R')   // type
            .int32(8)     // length
            .int32(7)     // AuthenticationGSS
            .array();
        assertThat(roundTrip(kind, gss)).isSameAs(AuthenticationGSS.INSTANCE);
        byte[] gssContinue = Bytes.of()
            .byte1('R')                      // type
            .int32(11)                       // length: 4 + 4 + 3
            .int32(8)                        // AuthenticationGSSContinue
            .bytes(new byte[] {1, 2, 3})     // GSSAPI token
            .array();
        assertThat(roundTrip(kind, gssContinue)).isEqualTo(new AuthenticationGSSContinue(new byte[] {1, 2, 3}));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void authenticationUnsupported(BufferKind kind) {
        byte[] sspi = Bytes.of()
            .byte1('R')   // type
            .int32(8)     // length
            .int32(9)     // AuthenticationSSPI
            .array();
        assertThat(roundTrip(kind, sspi)).isEqualTo(new AuthenticationUnsupported(9, "SSPI"));
        byte[] unknown = Bytes.of()
            .byte1('R')   // type
            .int32(8)     // length
            .int32(99)    // not a code the docs define
            .array();
        assertThat(decode(kind, unknown)).isEqualTo(new AuthenticationUnsupported(99, "unknown method (code 99)"));
        assertThat(AuthenticationUnsupported.methodName(2)).isEqualTo("KerberosV5");
        assertThat(AuthenticationUnsupported.methodName(6)).isEqualTo("SCMCredential");
        assertThat(AuthenticationUnsupported.methodName(9)).isEqualTo("SSPI");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void backendKeyData(BufferKind kind) {
        byte[] bytes = Bytes.of()
            .byte1('K')                       // type
            .int32(12)                        // length
            .int32(31337)                     // process ID
            .bytes(new byte[] {5, 6, 7, 8})   // secret key, 4 bytes in protocol 3.0
            .array();
        BackendMessage message = roundTrip(kind, bytes);
        assertThat(message).isEqualTo(new BackendKeyData(31337, new byte[] {5, 6, 7, 8}));
        assertThat(message).hasToString("BackendKeyData[processId=31337, secretKey=4 bytes]");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void backendKeyDataWithProtocol32Key(BufferKind kind) {
        byte[] key = new byte[256];
        key[255] = 1;
        byte[] bytes = Bytes.of()
            .byte1('K')     // type
            .int32(264)     // length: 4 + 4 + 256
            .int32(-2)      // process ID
            .bytes(key)     // secret key, protocol 3.2's maximum of 256 bytes
            .array();
        assertThat(roundTrip(kind, bytes)).isEqualTo(new BackendKeyData(-2, key));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void bodilessMessages(BufferKind kind) {
        assertThat(roundTrip(kind, Bytes.of().byte1('1').int32(4).array())).isSameAs(ParseComplete.INSTANCE);  // '1', length
        assertThat(roundTrip(kind, Bytes.of().byte1('2').int32(4).array())).isSameAs(BindComplete.INSTANCE);   // '2', length
        assertThat(roundTrip(kind, Bytes.of().byte1('3').int32(4).array())).isSameAs(CloseComplete.INSTANCE);  // '3', length
        assertThat(roundTrip(kind, Bytes.of().byte1('n').int32(4).array())).isSameAs(NoData.INSTANCE);         // 'n', length
        assertThat(roundTrip(kind, Bytes.of().byte1('s').int32(4).array())).isSameAs(PortalSuspended.INSTANCE); // 's', length
        assertThat(roundTrip(kind, Bytes.of().byte1('I').int32(4).array())).isSameAs(EmptyQueryResponse.INSTANCE); // 'I', length
        assertThat(roundTrip(kind, Bytes.of().byte1('c').int32(4).array())).isSameAs(CopyDone.INSTANCE);       // 'c', length
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void commandComplete(BufferKind kind) {
        byte[] bytes = Bytes.of()
            .byte1('C')               // type
            .int32(15)                // length: 4 + 11
            .cstring("INSERT 0 5")    // command tag
            .array();
        CommandComplete message = (CommandComplete) roundTrip(kind, bytes);
        assertThat(message.command()).isEqualTo("INSERT");
        assertThat(message.rows()).isEqualTo(5);
        assertThat(message.tag()).isEqualTo("INSERT 0 5");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void copyData(BufferKind kind) {
        byte[] bytes = Bytes.of()
            .byte1('d')           // type
            .int32(10)            // length: 4 + 6
            .text("1\tone\n")     // data
            .array();
        CopyData message = (CopyData) roundTrip(kind, bytes);
        try {
            assertThat(message.refCnt()).isEqualTo(1);
            assertThat(message.content().toString(StandardCharsets.US_ASCII)).isEqualTo("1\tone\n");
        } finally {
            assertThat(message.release()).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void copyResponses(BufferKind kind) {
        byte[] in = Bytes.of()
            .byte1('G')   // CopyInResponse
            .int32(11)    // length: 4 + 1 + 2 + 4
            .byte1(0)     // overall format: text
            .int16(2)     // two columns
            .int16(0)     // column 0: text
            .int16(0)     // column 1: text
            .array();
        assertThat(roundTrip(kind, in)).isEqualTo(new CopyInResponse((short) 0, new short[] {0, 0}));
        byte[] out = Bytes.of()
            .byte1('H')   // CopyOutResponse
            .int32(11)    // length
            .byte1(1)     // overall format: binary
            .int16(2)     // two columns
            .int16(1)     // column 0: binary
            .int16(1)     // column 1: binary
            .array();
        CopyOutResponse copyOut = (CopyOutResponse) roundTrip(kind, out);
        assertThat(copyOut.isBinary()).isTrue();
        assertThat(copyOut.columnFormats()).containsExactly(1, 1);
        byte[] both = Bytes.of()
            .byte1('W')   // CopyBothResponse
            .int32(7)     // length: 4 + 1 + 2
            .byte1(1)     // overall format: binary
            .int16(0)     // no columns (replication)
            .array();
        assertThat(roundTrip(kind, both)).isEqualTo(new CopyBothResponse((short) 1, new short[0]));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void dataRow(BufferKind kind) {
        byte[] bytes = Bytes.of()
            .byte1('D')     // type
            .int32(20)      // length: 4 + 2 + (4 + 2) + 4 + 4
            .int16(3)       // three columns
            .int32(2)       // column 0 length
            .text("42")     // column 0 value
            .int32(-1)      // column 1 is NULL
            .int32(0)       // column 2 is empty
            .array();
        OwnedDataRow row = (OwnedDataRow) roundTrip(kind, bytes);
        try {
            assertThat(row.columnCount()).isEqualTo(3);
            assertThat(row.length(0)).isEqualTo(2);
            assertThat(row.buffer().toString(row.offset(0), row.length(0), StandardCharsets.US_ASCII)).isEqualTo("42");
            assertThat(row.length(1)).isEqualTo(DataRow.NULL);
            assertThat(row.isNull(1)).isTrue();
            assertThat(row.length(2)).isZero();
            assertThat(row.isNull(2)).isFalse();
            assertThat(row).hasToString("DataRow[2 bytes, NULL, 0 bytes]");
        } finally {
            assertThat(row.release()).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void errorResponse(BufferKind kind) {
        byte[] bytes = Bytes.of()
            .byte1('E')                                   // type
            .int32(81)                                    // length: 4 + 8 + 7 + 7 + 29 + 4 + 18 + 3 + 1
            .byte1('S').cstring("FEHLER")                 // severity, localized
            .byte1('V').cstring("ERROR")                  // severity, not localized
            .byte1('C').cstring("42P01")                  // SQLSTATE undefined_table
            .byte1('M').cstring("relation \"x\" does not exist") // message
            .byte1('P').cstring("15")                     // position
            .byte1('F').cstring("parse_relation.c")       // source file
            .byte1('Z').cstring("?")                      // a field code the docs do not define: kept
            .byte1(0)                                     // end of fields
            .array();
        ErrorResponse error = (ErrorResponse) roundTrip(kind, bytes);
        assertThat(error.severity()).isEqualTo("ERROR");
        assertThat(error.code()).isEqualTo("42P01");
        assertThat(error.message()).isEqualTo("relation \"x\" does not exist");
        assertThat(error.field(ErrorDetails.POSITION)).isEqualTo("15");
        assertThat(error.field(ErrorDetails.HINT)).isNull();
        assertThat(error.fields()).containsExactly(entry('S', "FEHLER"), entry('V', "ERROR"), entry('C', "42P01"),
            entry('M', "relation \"x\" does not exist"), entry('P', "15"), entry('F', "parse_relation.c"), entry('Z', "?"));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void noticeResponse(BufferKind kind) {
        byte[] bytes = Bytes.of()
            .byte1('N')                     // type
            .int32(31)                      // length: 4 + 8 + 7 + 11 + 1
            .byte1('S').cstring("NOTICE")   // severity (a pre-9.6 server sends no V)
            .byte1('C').cstring("00000")    // SQLSTATE successful_completion
            .byte1('M').cstring("hello sky")  // message
            .byte1(0)                       // end of fields
            .array();
        NoticeResponse notice = (NoticeResponse) roundTrip(kind, bytes);
        assertThat(notice.severity()).isEqualTo("NOTICE");
        assertThat(notice.code()).isEqualTo("00000");
        assertThat(notice.message()).isEqualTo("hello sky");
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void functionCallResponse(BufferKind kind) {
        byte[] value = Bytes.of()
            .byte1('V')                         // type
            .int32(10)                          // length: 4 + 4 + 2
            .int32(2)                           // value length
            .bytes(new byte[] {0x12, 0x34})     // value
            .array();
        assertThat(roundTrip(kind, value)).isEqualTo(new FunctionCallResponse(new byte[] {0x12, 0x34}));
        byte[] nullValue = Bytes.of()
            .byte1('V')   // type
            .int32(8)     // length
            .int32(-1)    // NULL
            .array();
        assertThat(roundTrip(kind, nullValue)).isEqualTo(new FunctionCallResponse(null));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void negotiateProtocolVersion(BufferKind kind) {
        byte[] bytes = Bytes.of()
            .byte1('v')               // type
            .int32(22)                // length: 4 + 4 + 4 + 10
            .int32(0x0003_0000)       // newest version supported: 3.0 (major in the high 16 bits)
            .int32(1)                 // one unrecognized option
            .cstring("_pq_.test")     // option name
            .array();
        assertThat(roundTrip(kind, bytes)).isEqualTo(new NegotiateProtocolVersion(ProtocolVersion.V3_0, List.of("_pq_.test")));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void notificationResponse(BufferKind kind) {
        byte[] bytes = Bytes.of()
            .byte1('A')           // type
            .int32(20)            // length: 4 + 4 + 5 + 7
            .int32(4242)          // notifying process ID
            .cstring("jobs")      // channel
            .cstring("né: 1")     // payload, UTF-8 ('é' is 2 bytes)
            .array();
        assertThat(roundTrip(kind, bytes)).isEqualTo(new NotificationResponse(4242, "jobs", "né: 1"));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void parameterDescription(BufferKind kind) {
        byte[] bytes = Bytes.of()
            .byte1('t')   // type
            .int32(14)    // length: 4 + 2 + 8
            .int16(2)     // two parameters
            .int32(23)    // int4
            .int32(25)    // text
            .array();
        assertThat(((ParameterDescription) roundTrip(kind, bytes)).oids()).containsExactly(23, 25);
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void parameterStatus(BufferKind kind) {
        byte[] bytes = Bytes.of()
            .byte1('S')                   // type
            .int32(24)                    // length: 4 + 15 + 5
            .cstring("server_version")    // name
            .cstring("17.4")              // value
            .array();
        assertThat(roundTrip(kind, bytes)).isEqualTo(new ParameterStatus("server_version", "17.4"));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void readyForQuery(BufferKind kind) {
        assertThat(roundTrip(kind, Bytes.of()
            .byte1('Z')   // type
            .int32(5)     // length
            .byte1('I')   // idle
            .array())).isSameAs(ReadyForQuery.IDLE);
        assertThat(roundTrip(kind, Bytes.of()
            .byte1('Z')   // type
            .int32(5)     // length
            .byte1('T')   // in a transaction block
            .array())).isSameAs(ReadyForQuery.IN_TRANSACTION);
        ReadyForQuery failed = (ReadyForQuery) roundTrip(kind, Bytes.of()
            .byte1('Z')   // type
            .int32(5)     // length
            .byte1('E')   // in a failed transaction block
            .array());
        assertThat(failed.status()).isEqualTo(TransactionStatus.FAILED);
        assertThat(failed.status().code()).isEqualTo('E');
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void rowDescription(BufferKind kind) {
        byte[] bytes = Bytes.of()
            .byte1('T')           // type
            .int32(50)            // length: 4 + 2 + (3 + 18) + (5 + 18)
            .int16(2)             // two fields
            .cstring("id")        // field 0 name
            .int32(16384)         // table OID
            .int16(1)             // column attribute number
            .int32(23)            // type OID: int4
            .int16(4)             // type size
            .int32(-1)            // type modifier: none
            .int16(1)             // format: binary
            .cstring("name")      // field 1 name
            .int32(0)             // not a table column
            .int16(0)             // no attribute number
            .int32(1043)          // type OID: varchar
            .int16(-1)            // variable size
            .int32(54)            // type modifier: varchar(50) + 4
            .int16(0)             // format: text
            .array();
        RowDescription description = (RowDescription) roundTrip(kind, bytes);
        assertThat(description.fields()).containsExactly(
            new RowDescription.Field("id", 16384, (short) 1, 23, (short) 4, -1, (short) 1),
            new RowDescription.Field("name", 0, (short) 0, 1043, (short) -1, 54, (short) 0));
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void dataRowOf(BufferKind kind) {
        OwnedDataRow row = DataRow.of("a".getBytes(StandardCharsets.US_ASCII), null);
        try {
            byte[] bytes = Bytes.of()
                .byte1('D')   // type
                .int32(15)    // length: 4 + 2 + (4 + 1) + 4
                .int16(2)     // two columns
                .int32(1)     // column 0 length
                .text("a")    // column 0 value
                .int32(-1)    // column 1 is NULL
                .array();
            byte[] encoded = io.pgfast.protocol.Encoded.backend(row);
            assertThat(encoded).isEqualTo(bytes);
            OwnedDataRow decoded = (OwnedDataRow) decode(kind, bytes);
            try {
                assertThat(ByteBufUtil.getBytes(decoded.buffer(), decoded.offset(0), decoded.length(0)))
                    .isEqualTo(ByteBufUtil.getBytes(row.buffer(), row.offset(0), row.length(0)));
            } finally {
                decoded.release();
            }
        } finally {
            row.release();
        }
    }
}
