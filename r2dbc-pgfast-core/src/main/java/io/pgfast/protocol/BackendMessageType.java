package io.pgfast.protocol;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.backend.AuthenticationCleartextPassword;
import io.pgfast.protocol.backend.AuthenticationGSS;
import io.pgfast.protocol.backend.AuthenticationGSSContinue;
import io.pgfast.protocol.backend.AuthenticationMD5Password;
import io.pgfast.protocol.backend.AuthenticationOk;
import io.pgfast.protocol.backend.AuthenticationSASL;
import io.pgfast.protocol.backend.AuthenticationSASLContinue;
import io.pgfast.protocol.backend.AuthenticationSASLFinal;
import io.pgfast.protocol.backend.AuthenticationUnsupported;
import io.pgfast.protocol.backend.BackendKeyData;
import io.pgfast.protocol.backend.BindComplete;
import io.pgfast.protocol.backend.CloseComplete;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.CopyBothResponse;
import io.pgfast.protocol.backend.CopyData;
import io.pgfast.protocol.backend.CopyDone;
import io.pgfast.protocol.backend.CopyInResponse;
import io.pgfast.protocol.backend.CopyOutResponse;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.EmptyQueryResponse;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.FunctionCallResponse;
import io.pgfast.protocol.backend.NegotiateProtocolVersion;
import io.pgfast.protocol.backend.NoData;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.protocol.backend.NotificationResponse;
import io.pgfast.protocol.backend.ParameterDescription;
import io.pgfast.protocol.backend.ParameterStatus;
import io.pgfast.protocol.backend.ParseComplete;
import io.pgfast.protocol.backend.PortalSuspended;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.backend.RowDescription;

/**
 * The backend messages by their type byte, as the PostgreSQL docs list them ("Message Formats", messages marked
 * B): the one table of them. Each row gives the byte, the message's name in the docs, how its body is decoded,
 * and whether the server may send it at any time. The framer checks a type byte against it, the reader decodes
 * through it, the handler and the conversations decide by it what to take next; nothing else names a type byte.
 *
 * <p>Every authentication request shares the byte 'R' and is one row here: its Int32 request code, the first
 * field of the body, tells them apart ({@link #AUTHENTICATION}'s decoder).
 *
 * <p>Cost: finding the row of a byte is one array load ({@link #of}); deciding by the type is an enum switch. Nothing
 * is hashed or allocated per message.
 */
public enum BackendMessageType {

    AUTHENTICATION('R', "Authentication", false, BackendMessageType::decodeAuthentication),
    BACKEND_KEY_DATA('K', "BackendKeyData", false, BackendKeyData::decode),
    BIND_COMPLETE('2', "BindComplete", false, BindComplete::decode),
    CLOSE_COMPLETE('3', "CloseComplete", false, CloseComplete::decode),
    COMMAND_COMPLETE('C', "CommandComplete", false, CommandComplete::decode),
    COPY_BOTH_RESPONSE('W', "CopyBothResponse", false, CopyBothResponse::decode),
    COPY_DATA('d', "CopyData", false, CopyData::decode),
    COPY_DONE('c', "CopyDone", false, CopyDone::decode),
    COPY_IN_RESPONSE('G', "CopyInResponse", false, CopyInResponse::decode),
    COPY_OUT_RESPONSE('H', "CopyOutResponse", false, CopyOutResponse::decode),
    DATA_ROW('D', "DataRow", false, DataRow::decode),
    EMPTY_QUERY_RESPONSE('I', "EmptyQueryResponse", false, EmptyQueryResponse::decode),
    ERROR_RESPONSE('E', "ErrorResponse", false, ErrorResponse::decode),
    FUNCTION_CALL_RESPONSE('V', "FunctionCallResponse", false, FunctionCallResponse::decode),
    NEGOTIATE_PROTOCOL_VERSION('v', "NegotiateProtocolVersion", false, NegotiateProtocolVersion::decode),
    NO_DATA('n', "NoData", false, NoData::decode),
    /** Asynchronous: the server may send it at any time (protocol docs, "Asynchronous Operations"). */
    NOTICE_RESPONSE('N', "NoticeResponse", true, NoticeResponse::decode),
    /** Asynchronous: a NOTIFY on a channel this session listens to, delivered at any time. */
    NOTIFICATION_RESPONSE('A', "NotificationResponse", true, NotificationResponse::decode),
    PARAMETER_DESCRIPTION('t', "ParameterDescription", false, ParameterDescription::decode),
    /** Asynchronous: a reported run-time parameter changed, which the server says at any time. */
    PARAMETER_STATUS('S', "ParameterStatus", true, ParameterStatus::decode),
    PARSE_COMPLETE('1', "ParseComplete", false, ParseComplete::decode),
    PORTAL_SUSPENDED('s', "PortalSuspended", false, PortalSuspended::decode),
    READY_FOR_QUERY('Z', "ReadyForQuery", false, ReadyForQuery::decode),
    ROW_DESCRIPTION('T', "RowDescription", false, RowDescription::decode);

    /** Decodes one message's body: the bytes after the Int32 length, read to their end (see {@link #decode}). */
    @FunctionalInterface
    interface Decoder {
        BackendMessage decode(ByteBuf body);
    }

    /** Each type by its byte (unsigned), null for a byte that is no backend message type. */
    private static final BackendMessageType[] BY_CODE = new BackendMessageType[256];

    static {
        for (BackendMessageType type : values()) {
            BY_CODE[type.code & 0xFF] = type;
        }
    }

    private final byte code;
    private final String messageName;
    private final boolean asynchronous;
    private final Decoder decoder;

    BackendMessageType(char code, String messageName, boolean asynchronous, Decoder decoder) {
        this.code = (byte) code;
        this.messageName = messageName;
        this.asynchronous = asynchronous;
        this.decoder = decoder;
    }

    /**
     * The type of the type byte {@code code}.
     *
     * @throws ProtocolException when no backend message has that type: the stream is not (or no longer) the protocol
     */
    public static BackendMessageType of(byte code) {
        BackendMessageType type = BY_CODE[code & 0xFF];
        if (type == null) {
            throw new ProtocolException("unknown backend message type " + describe(code)
                    + ": the stream is not (or no longer) PostgreSQL protocol 3.0");
        }
        return type;
    }

    /** The type byte, as the message's first byte carries it. */
    public byte code() {
        return code;
    }

    /**
     * Whether the server may send this message at any time, not only in answer to a request (protocol docs,
     * "Asynchronous Operations"): NoticeResponse, NotificationResponse, ParameterStatus.
     */
    public boolean isAsynchronous() {
        return asynchronous;
    }

    /**
     * Decodes one message of this type from its {@code body}: bytes in, message out, no I/O.
     *
     * <p>Buffer contract: {@code body} is exactly the message's content (the bytes after the Int32 length). It is
     * read to the end; a message that does not fill its body exactly is a {@link ProtocolException}. {@link DataRow}
     * and {@link CopyData} hold a retained slice of {@code body}, which the caller releases by releasing the
     * message; every other message copies what it needs. The caller keeps ownership of {@code body} itself. On any
     * error nothing is retained.
     *
     * @throws ProtocolException for a malformed body
     */
    public BackendMessage decode(ByteBuf body) {
        return decoder.decode(body);
    }

    /** The message's name in the protocol docs ("Authentication" for every authentication request). */
    @Override
    public String toString() {
        return messageName;
    }

    /** A type byte for an error message: the character when printable, always the hex value. */
    static String describe(byte code) {
        int value = code & 0xFF;
        String hex = String.format("0x%02x", value);
        return value >= 0x21 && value <= 0x7E ? "'" + (char) value + "' (" + hex + ")" : hex;
    }

    /** 'R': Int32 request code, then what that request carries. */
    private static BackendMessage decodeAuthentication(ByteBuf body) {
        int code = WireFormat.readInt32(body, "Authentication request", "request code");
        switch (code) {
            case AuthenticationOk.CODE:
                return AuthenticationOk.decode(body);
            case AuthenticationCleartextPassword.CODE:
                return AuthenticationCleartextPassword.decode(body);
            case AuthenticationMD5Password.CODE:
                return AuthenticationMD5Password.decode(body);
            case AuthenticationSASL.CODE:
                return AuthenticationSASL.decode(body);
            case AuthenticationSASLContinue.CODE:
                return AuthenticationSASLContinue.decode(body);
            case AuthenticationSASLFinal.CODE:
                return AuthenticationSASLFinal.decode(body);
            case AuthenticationGSS.CODE:
                return AuthenticationGSS.decode(body);
            case AuthenticationGSSContinue.CODE:
                return AuthenticationGSSContinue.decode(body);
            default:
                return AuthenticationUnsupported.decode(code, body);
        }
    }
}
