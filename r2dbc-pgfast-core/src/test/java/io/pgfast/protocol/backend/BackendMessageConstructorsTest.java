package io.pgfast.protocol.backend;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Messages built in code (tests, scripted servers) are held to the same rules as decoded ones. */
class BackendMessageConstructorsTest {

    private static Map<Character, String> fields(String... codesAndValues) {
        Map<Character, String> fields = new LinkedHashMap<>();
        for (int i = 0; i < codesAndValues.length; i += 2) {
            fields.put(codesAndValues[i].charAt(0), codesAndValues[i + 1]);
        }
        return fields;
    }

    @Test
    void errorFieldsAreCopiedUnmodifiableAndInOrder() {
        Map<Character, String> source = fields("M", "boom", "C", "XX000", "V", "PANIC");
        ErrorResponse error = new ErrorResponse(source);
        source.put('D', "changed later");
        assertThat(error.fields()).containsOnlyKeys('M', 'C', 'V');
        assertThat(error.fields().keySet()).containsExactly('M', 'C', 'V');
        assertThat(error.severity()).isEqualTo("PANIC");
        assertThatThrownBy(() -> error.fields().put('H', "hint")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void errorAndNoticeNeedSeverityCodeAndMessage() {
        assertThatIllegalArgumentException().isThrownBy(() -> new ErrorResponse(fields("C", "XX000", "M", "m")))
            .withMessageContaining("severity");
        assertThatIllegalArgumentException().isThrownBy(() -> new NoticeResponse(fields("S", "NOTICE", "C", "00000")))
            .withMessageContaining("message (M)");
        assertThatIllegalArgumentException().isThrownBy(() -> new ErrorResponse(fields("S", "ERROR", "C", "XX000", "M", "a\0b")))
            .withMessageContaining("NUL");
        assertThatIllegalArgumentException().isThrownBy(() -> new ErrorResponse(fields("S", "E", "C", "X", "M", "m", "\0", "x")));
    }

    @Test
    void fixedSizesAndRanges() {
        assertThatIllegalArgumentException().isThrownBy(() -> new AuthenticationMD5Password(new byte[3]));
        assertThatIllegalArgumentException().isThrownBy(() -> new BackendKeyData(1, new byte[3]));
        assertThatIllegalArgumentException().isThrownBy(() -> new BackendKeyData(1, new byte[257]));
        assertThatIllegalArgumentException().isThrownBy(() -> new AuthenticationSASL(List.of("")));
        assertThatIllegalArgumentException().isThrownBy(() -> new CopyInResponse((short) 0, new short[] {1}));
        assertThatIllegalArgumentException().isThrownBy(() -> new CopyOutResponse((short) 2, new short[0]));
        assertThatIllegalArgumentException().isThrownBy(() -> new ParameterDescription(new int[65536]));
        assertThatIllegalArgumentException().isThrownBy(() -> new RowDescription.Field("a", 0, (short) 0, 23, (short) 4, -1, (short) 2));
        assertThatIllegalArgumentException().isThrownBy(() -> new RowDescription(new RowDescription.Field[] {null}));
        assertThatIllegalArgumentException().isThrownBy(() -> new ParameterStatus("a\0", "b"));
        assertThatIllegalArgumentException().isThrownBy(() -> new NotificationResponse(1, "c", null));
        assertThatIllegalArgumentException().isThrownBy(() -> new ReadyForQuery(null));
        assertThatIllegalArgumentException().isThrownBy(() -> DataRow.of(new byte[65536][]));
    }
}
