package io.pgfast.reliability;

import io.netty.buffer.Unpooled;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.Encoded;
import io.pgfast.protocol.SampleStream;
import io.pgfast.protocol.backend.AuthenticationCleartextPassword;
import io.pgfast.protocol.backend.AuthenticationMD5Password;
import io.pgfast.protocol.backend.AuthenticationSASLContinue;
import io.pgfast.protocol.backend.AuthenticationSASLFinal;
import io.pgfast.protocol.backend.CloseComplete;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.CopyBothResponse;
import io.pgfast.protocol.backend.CopyData;
import io.pgfast.protocol.backend.CopyInResponse;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.OwnedDataRow;
import io.pgfast.protocol.backend.EmptyQueryResponse;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.FunctionCallResponse;
import io.pgfast.protocol.ProtocolVersion;
import io.pgfast.protocol.backend.NegotiateProtocolVersion;
import io.pgfast.protocol.backend.NoData;
import io.pgfast.protocol.backend.NotificationResponse;
import io.pgfast.protocol.backend.ParameterDescription;
import io.pgfast.protocol.backend.PortalSuspended;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.backend.RowDescription;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Valid wire bytes of every backend message type the driver decodes, from the messages' own encoders
 * (whose output BackendMessagesTest checks against hand-made golden bytes): the seeds of the framer fuzz.
 */
final class GoldenBackendMessages {

    private GoldenBackendMessages() {
    }

    /** Each element is one complete message: type byte, Int32 length, body. */
    static List<byte[]> all() {
        List<byte[]> all = new ArrayList<>(SampleStream.messages());
        add(all, AuthenticationCleartextPassword.INSTANCE);
        add(all, new AuthenticationMD5Password(new byte[] {1, 2, 3, 4}));
        add(all, new AuthenticationSASLContinue("r=abc,s=c2FsdA==,i=4096".getBytes(StandardCharsets.US_ASCII)));
        add(all, new AuthenticationSASLFinal("v=c2lnbmF0dXJl".getBytes(StandardCharsets.US_ASCII)));
        add(all, new NotificationResponse(4711, "events", "{\"id\": 1}"));
        add(all, new NegotiateProtocolVersion(ProtocolVersion.V3_0, List.of("_pq_.unknown")));
        add(all, new FunctionCallResponse(new byte[] {0, 0, 0, 42}));
        add(all, new CopyInResponse((short) 0, new short[] {0, 0}));
        add(all, new CopyBothResponse((short) 1, new short[] {1}));
        add(all, CloseComplete.INSTANCE);
        add(all, NoData.INSTANCE);
        add(all, PortalSuspended.INSTANCE);
        add(all, EmptyQueryResponse.INSTANCE);
        add(all, new CommandComplete("INSERT 0 5"));
        add(all, new CommandComplete("UPDATE 3"));
        add(all, new CommandComplete("COPY 10"));
        add(all, ReadyForQuery.IN_TRANSACTION);
        add(all, new ParameterDescription(new int[] {23, 25, 1700, 0}));
        add(all, new RowDescription(new RowDescription.Field[] {
            new RowDescription.Field("a", 16384, (short) 1, 20, (short) 8, -1, (short) 1),
            new RowDescription.Field("b", 16384, (short) 2, 1700, (short) -1, 0x000A0002, (short) 1),
            new RowDescription.Field("ü", 0, (short) 0, 1009, (short) -1, -1, (short) 0)}));
        OwnedDataRow wide = DataRow.of(new byte[0], null, "x".getBytes(StandardCharsets.UTF_8), new byte[300], null);
        all.add(Encoded.backend(wide));
        wide.release();
        CopyData copy = new CopyData(Unpooled.wrappedBuffer(new byte[] {'a', '\t', 'b', '\n'}));
        all.add(Encoded.backend(copy));
        copy.release();
        Map<Character, String> fields = new LinkedHashMap<>();
        for (char code : "SVCMDHPpqWstcdnFLR".toCharArray()) {
            fields.put(code, code == 'C' ? "23505" : code == 'S' || code == 'V' ? "ERROR" : "field " + code);
        }
        add(all, new ErrorResponse(fields));
        return all;
    }

    private static void add(List<byte[]> all, BackendMessage message) {
        all.add(Encoded.backend(message));
    }
}
