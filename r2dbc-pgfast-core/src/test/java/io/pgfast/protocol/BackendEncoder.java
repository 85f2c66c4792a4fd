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
import io.pgfast.protocol.backend.PrimaryKeepaliveMessage;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.backend.ReplicationMessage;
import io.pgfast.protocol.backend.RowDescription;
import io.pgfast.protocol.backend.XLogData;

import java.util.Map;

/**
 * Writes backend messages as a server sends them (type byte, Int32 length, body; "Message Formats"), so that
 * tests and scripted servers produce exactly the bytes a server would. The driver never sends a backend message,
 * so this lives with the tests; every message the driver decodes has its encoding here.
 */
public final class BackendEncoder {

    private BackendEncoder() {
    }

    /** Writes {@code message} at the writer index of {@code out}. */
    public static void encode(BackendMessage message, ByteBuf out) {
        if (message instanceof DataRow m) {
            dataRow(m, out);
        } else if (message instanceof CommandComplete m) {
            int length = WireFormat.beginMessage(out, BackendMessageType.COMMAND_COMPLETE.code());
            WireFormat.writeCString(out, m.tag());
            WireFormat.endMessage(out, length);
        } else if (message instanceof ReadyForQuery m) {
            int length = WireFormat.beginMessage(out, BackendMessageType.READY_FOR_QUERY.code());
            out.writeByte(m.status().code());
            WireFormat.endMessage(out, length);
        } else if (message instanceof RowDescription m) {
            rowDescription(m, out);
        } else if (message instanceof ParseComplete) {
            empty(out, BackendMessageType.PARSE_COMPLETE.code());
        } else if (message instanceof BindComplete) {
            empty(out, BackendMessageType.BIND_COMPLETE.code());
        } else if (message instanceof CloseComplete) {
            empty(out, BackendMessageType.CLOSE_COMPLETE.code());
        } else if (message instanceof NoData) {
            empty(out, BackendMessageType.NO_DATA.code());
        } else if (message instanceof PortalSuspended) {
            empty(out, BackendMessageType.PORTAL_SUSPENDED.code());
        } else if (message instanceof EmptyQueryResponse) {
            empty(out, BackendMessageType.EMPTY_QUERY_RESPONSE.code());
        } else if (message instanceof CopyDone) {
            empty(out, BackendMessageType.COPY_DONE.code());
        } else if (message instanceof ParameterDescription m) {
            int length = WireFormat.beginMessage(out, BackendMessageType.PARAMETER_DESCRIPTION.code());
            out.writeShort(m.oids().length);
            for (int oid : m.oids()) {
                out.writeInt(oid);
            }
            WireFormat.endMessage(out, length);
        } else if (message instanceof ErrorResponse m) {
            fields(out, BackendMessageType.ERROR_RESPONSE.code(), m.fields());
        } else if (message instanceof NoticeResponse m) {
            fields(out, BackendMessageType.NOTICE_RESPONSE.code(), m.fields());
        } else if (message instanceof ParameterStatus m) {
            int length = WireFormat.beginMessage(out, BackendMessageType.PARAMETER_STATUS.code());
            WireFormat.writeCString(out, m.name());
            WireFormat.writeCString(out, m.value());
            WireFormat.endMessage(out, length);
        } else if (message instanceof NotificationResponse m) {
            int length = WireFormat.beginMessage(out, BackendMessageType.NOTIFICATION_RESPONSE.code());
            out.writeInt(m.processId());
            WireFormat.writeCString(out, m.channel());
            WireFormat.writeCString(out, m.payload());
            WireFormat.endMessage(out, length);
        } else if (message instanceof BackendKeyData m) {
            int length = WireFormat.beginMessage(out, BackendMessageType.BACKEND_KEY_DATA.code());
            out.writeInt(m.processId());
            out.writeBytes(m.secretKey());
            WireFormat.endMessage(out, length);
        } else if (message instanceof CopyData m) {
            int length = WireFormat.beginMessage(out, BackendMessageType.COPY_DATA.code());
            out.writeBytes(m.content(), m.content().readerIndex(), m.content().readableBytes());
            WireFormat.endMessage(out, length);
        } else if (message instanceof CopyInResponse m) {
            copyFormats(out, BackendMessageType.COPY_IN_RESPONSE.code(), m.overallFormat(), m.columnFormats());
        } else if (message instanceof CopyOutResponse m) {
            copyFormats(out, BackendMessageType.COPY_OUT_RESPONSE.code(), m.overallFormat(), m.columnFormats());
        } else if (message instanceof CopyBothResponse m) {
            copyFormats(out, BackendMessageType.COPY_BOTH_RESPONSE.code(), m.overallFormat(), m.columnFormats());
        } else if (message instanceof FunctionCallResponse m) {
            int length = WireFormat.beginMessage(out, BackendMessageType.FUNCTION_CALL_RESPONSE.code());
            if (m.value() == null) {
                out.writeInt(-1);
            } else {
                out.writeInt(m.value().length);
                out.writeBytes(m.value());
            }
            WireFormat.endMessage(out, length);
        } else if (message instanceof NegotiateProtocolVersion m) {
            int length = WireFormat.beginMessage(out, BackendMessageType.NEGOTIATE_PROTOCOL_VERSION.code());
            out.writeInt(m.version().code());
            out.writeInt(m.unrecognizedOptions().size());
            for (String option : m.unrecognizedOptions()) {
                WireFormat.writeCString(out, option);
            }
            WireFormat.endMessage(out, length);
        } else {
            authentication(message, out);
        }
    }

    /** Writes the CopyData content (type byte and fields) of a replication message, as a server sends it. */
    public static void encode(ReplicationMessage message, ByteBuf out) {
        if (message instanceof XLogData m) {
            out.writeByte(XLogData.TYPE);
            out.writeLong(m.walStart());
            out.writeLong(m.walEnd());
            out.writeLong(m.sendTime());
            out.writeBytes(m.data(), m.data().readerIndex(), m.data().readableBytes());
        } else {
            PrimaryKeepaliveMessage m = (PrimaryKeepaliveMessage) message;
            out.writeByte(PrimaryKeepaliveMessage.TYPE);
            out.writeLong(m.walEnd());
            out.writeLong(m.sendTime());
            out.writeByte(m.replyRequested() ? 1 : 0);
        }
    }

    /** The Authentication* messages: Byte1('R'), Int32 length, Int32 request code, then the request's data. */
    private static void authentication(BackendMessage message, ByteBuf out) {
        int length = WireFormat.beginMessage(out, BackendMessageType.AUTHENTICATION.code());
        if (message instanceof AuthenticationOk) {
            out.writeInt(AuthenticationOk.CODE);
        } else if (message instanceof AuthenticationCleartextPassword) {
            out.writeInt(AuthenticationCleartextPassword.CODE);
        } else if (message instanceof AuthenticationMD5Password m) {
            out.writeInt(AuthenticationMD5Password.CODE);
            out.writeBytes(m.salt());
        } else if (message instanceof AuthenticationGSS) {
            out.writeInt(AuthenticationGSS.CODE);
        } else if (message instanceof AuthenticationGSSContinue m) {
            out.writeInt(AuthenticationGSSContinue.CODE);
            out.writeBytes(m.data());
        } else if (message instanceof AuthenticationSASL m) {
            out.writeInt(AuthenticationSASL.CODE);
            for (String mechanism : m.mechanisms()) {
                WireFormat.writeCString(out, mechanism);
            }
            out.writeByte(0);
        } else if (message instanceof AuthenticationSASLContinue m) {
            out.writeInt(AuthenticationSASLContinue.CODE);
            out.writeBytes(m.data());
        } else if (message instanceof AuthenticationSASLFinal m) {
            out.writeInt(AuthenticationSASLFinal.CODE);
            out.writeBytes(m.data());
        } else if (message instanceof AuthenticationUnsupported m) {
            out.writeInt(m.code());
        } else {
            throw new IllegalArgumentException("no encoding for " + message.getClass().getName());
        }
        WireFormat.endMessage(out, length);
    }

    private static void empty(ByteBuf out, byte type) {
        WireFormat.endMessage(out, WireFormat.beginMessage(out, type));
    }

    private static void dataRow(DataRow row, ByteBuf out) {
        int length = WireFormat.beginMessage(out, BackendMessageType.DATA_ROW.code());
        int count = row.columnCount();
        out.writeShort(count);
        for (int i = 0; i < count; i++) {
            int valueLength = row.length(i);
            out.writeInt(valueLength);
            if (valueLength > 0) {
                out.writeBytes(row.buffer(), row.offset(i), valueLength);
            }
        }
        WireFormat.endMessage(out, length);
    }

    private static void rowDescription(RowDescription m, ByteBuf out) {
        int length = WireFormat.beginMessage(out, BackendMessageType.ROW_DESCRIPTION.code());
        out.writeShort(m.fields().length);
        for (RowDescription.Field field : m.fields()) {
            WireFormat.writeCString(out, field.name());
            out.writeInt(field.tableOid());
            out.writeShort(field.columnAttribute());
            out.writeInt(field.typeOid());
            out.writeShort(field.typeSize());
            out.writeInt(field.typeModifier());
            out.writeShort(field.formatCode());
        }
        WireFormat.endMessage(out, length);
    }

    /** ErrorResponse and NoticeResponse: repeated Byte1 field code + String value, ended by a zero byte. */
    private static void fields(ByteBuf out, byte type, Map<Character, String> fields) {
        int length = WireFormat.beginMessage(out, type);
        fields.forEach((code, value) -> {
            out.writeByte(code);
            WireFormat.writeCString(out, value);
        });
        out.writeByte(0);
        WireFormat.endMessage(out, length);
    }

    /** CopyIn/Out/BothResponse: Int8 overall format, Int16 N, Int16[N] column formats. */
    private static void copyFormats(ByteBuf out, byte type, short overallFormat, short[] columnFormats) {
        int length = WireFormat.beginMessage(out, type);
        out.writeByte(overallFormat);
        out.writeShort(columnFormats.length);
        for (short format : columnFormats) {
            out.writeShort(format);
        }
        WireFormat.endMessage(out, length);
    }
}
