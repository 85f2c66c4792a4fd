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
 * Decodes one backend message from its type byte and body: bytes in, message out, no I/O.
 *
 * <p>Buffer contract: {@code body} is exactly the message's content (the bytes after the Int32
 * length). The decoder reads it to the end; a message that does not fill its body exactly is a
 * {@link ProtocolException}. {@link DataRow} and {@link CopyData} hold a retained slice of
 * {@code body}, which the caller releases by releasing the message; every other message copies what
 * it needs. The caller keeps ownership of {@code body} itself. On any error nothing is retained.
 */
public final class BackendMessageDecoder {

    private BackendMessageDecoder() {
    }

    /**
     * @throws ProtocolException for an unknown type byte or a malformed body
     */
    public static BackendMessage decode(byte type, ByteBuf body) {
        switch (type) {
            case DataRow.TYPE:
                return DataRow.decode(body);
            case CommandComplete.TYPE:
                return CommandComplete.decode(body);
            case RowDescription.TYPE:
                return RowDescription.decode(body);
            case ReadyForQuery.TYPE:
                return ReadyForQuery.decode(body);
            case BindComplete.TYPE:
                return BindComplete.decode(body);
            case ParseComplete.TYPE:
                return ParseComplete.decode(body);
            case CloseComplete.TYPE:
                return CloseComplete.decode(body);
            case NoData.TYPE:
                return NoData.decode(body);
            case PortalSuspended.TYPE:
                return PortalSuspended.decode(body);
            case EmptyQueryResponse.TYPE:
                return EmptyQueryResponse.decode(body);
            case ParameterDescription.TYPE:
                return ParameterDescription.decode(body);
            case ErrorResponse.TYPE:
                return ErrorResponse.decode(body);
            case NoticeResponse.TYPE:
                return NoticeResponse.decode(body);
            case ParameterStatus.TYPE:
                return ParameterStatus.decode(body);
            case NotificationResponse.TYPE:
                return NotificationResponse.decode(body);
            case BackendKeyData.TYPE:
                return BackendKeyData.decode(body);
            case AuthenticationOk.TYPE:
                return decodeAuthentication(body);
            case NegotiateProtocolVersion.TYPE:
                return NegotiateProtocolVersion.decode(body);
            case CopyData.TYPE:
                return CopyData.decode(body);
            case CopyDone.TYPE:
                return CopyDone.decode(body);
            case CopyInResponse.TYPE:
                return CopyInResponse.decode(body);
            case CopyOutResponse.TYPE:
                return CopyOutResponse.decode(body);
            case CopyBothResponse.TYPE:
                return CopyBothResponse.decode(body);
            case FunctionCallResponse.TYPE:
                return FunctionCallResponse.decode(body);
            default:
                throw new ProtocolException("unknown backend message type " + describe(type));
        }
    }

    /** Whether {@code type} is the type byte of a backend message this decoder knows. */
    public static boolean isKnownType(byte type) {
        switch (type) {
            case DataRow.TYPE:
            case CommandComplete.TYPE:
            case RowDescription.TYPE:
            case ReadyForQuery.TYPE:
            case BindComplete.TYPE:
            case ParseComplete.TYPE:
            case CloseComplete.TYPE:
            case NoData.TYPE:
            case PortalSuspended.TYPE:
            case EmptyQueryResponse.TYPE:
            case ParameterDescription.TYPE:
            case ErrorResponse.TYPE:
            case NoticeResponse.TYPE:
            case ParameterStatus.TYPE:
            case NotificationResponse.TYPE:
            case BackendKeyData.TYPE:
            case AuthenticationOk.TYPE:
            case NegotiateProtocolVersion.TYPE:
            case CopyData.TYPE:
            case CopyDone.TYPE:
            case CopyInResponse.TYPE:
            case CopyOutResponse.TYPE:
            case CopyBothResponse.TYPE:
            case FunctionCallResponse.TYPE:
                return true;
            default:
                return false;
        }
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

    /** A type byte for an error message: the character when printable, always the hex value. */
    static String describe(byte type) {
        int value = type & 0xFF;
        String hex = String.format("0x%02x", value);
        return value >= 0x21 && value <= 0x7E ? "'" + (char) value + "' (" + hex + ")" : hex;
    }
}
