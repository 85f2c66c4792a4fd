package io.pgfast.protocol;

import io.netty.buffer.Unpooled;
import io.pgfast.protocol.backend.AuthenticationOk;
import io.pgfast.protocol.backend.AuthenticationSASL;
import io.pgfast.protocol.backend.BackendKeyData;
import io.pgfast.protocol.backend.BindComplete;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.CopyData;
import io.pgfast.protocol.backend.CopyOutResponse;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.OwnedDataRow;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.protocol.backend.ParameterDescription;
import io.pgfast.protocol.backend.ParameterStatus;
import io.pgfast.protocol.backend.ParseComplete;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.backend.RowDescription;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A server's side of a short session as wire bytes: startup, an extended query with rows, a COPY
 * OUT, a notice and an error. Each message's bytes come from its encoder, which BackendMessagesTest
 * checks against hand-made golden bytes.
 */
public final class SampleStream {

    private SampleStream() {
    }

    /** The messages, each as its complete wire bytes. */
    public static List<byte[]> messages() {
        List<byte[]> messages = new ArrayList<>();
        messages.add(Encoded.backend(new AuthenticationSASL(List.of("SCRAM-SHA-256"))));
        messages.add(Encoded.backend(AuthenticationOk.INSTANCE));
        messages.add(Encoded.backend(new ParameterStatus("client_encoding", "UTF8")));
        messages.add(Encoded.backend(new BackendKeyData(77, new byte[] {1, 2, 3, 4})));
        messages.add(Encoded.backend(ReadyForQuery.IDLE));
        messages.add(Encoded.backend(ParseComplete.INSTANCE));
        messages.add(Encoded.backend(new ParameterDescription(new int[] {23})));
        messages.add(Encoded.backend(new RowDescription(new RowDescription.Field[] {
            new RowDescription.Field("id", 0, (short) 0, 23, (short) 4, -1, (short) 1),
            new RowDescription.Field("name", 0, (short) 0, 25, (short) -1, -1, (short) 0)})));
        messages.add(Encoded.backend(BindComplete.INSTANCE));
        for (int i = 0; i < 3; i++) {
            OwnedDataRow row = DataRow.of(new byte[] {0, 0, 0, (byte) i}, i == 1 ? null : ("row " + i).getBytes(StandardCharsets.UTF_8));
            messages.add(Encoded.backend(row));
            row.release();
        }
        messages.add(Encoded.backend(new CommandComplete("SELECT 3")));
        messages.add(Encoded.backend(new CopyOutResponse((short) 0, new short[] {0})));
        CopyData copy = new CopyData(Unpooled.copiedBuffer("1\n2\n", StandardCharsets.US_ASCII));
        messages.add(Encoded.backend(copy));
        copy.release();
        messages.add(Encoded.backend(io.pgfast.protocol.backend.CopyDone.INSTANCE));
        messages.add(Encoded.backend(new NoticeResponse(fields("NOTICE", "00000", "just so you know"))));
        messages.add(Encoded.backend(new ErrorResponse(fields("ERROR", "22012", "division by zero"))));
        messages.add(Encoded.backend(ReadyForQuery.FAILED));
        return messages;
    }

    public static byte[] concatenated() {
        return Bytes.concat(messages().toArray(new byte[0][]));
    }

    private static Map<Character, String> fields(String severity, String code, String message) {
        Map<Character, String> fields = new LinkedHashMap<>();
        fields.put('S', severity);
        fields.put('V', severity);
        fields.put('C', code);
        fields.put('M', message);
        return fields;
    }
}
