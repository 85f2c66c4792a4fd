package io.pgfast.codec.builtin;

import io.pgfast.codec.registry.DefaultCodecRegistry;
import static io.pgfast.codec.builtin.DiscoveredTypes.HSTORE;
import static io.pgfast.codec.builtin.DiscoveredTypes.REGISTRY;
import static io.pgfast.codec.builtin.TypesTestSupport.decode;
import static io.pgfast.codec.builtin.TypesTestSupport.decodeText;
import static io.pgfast.codec.builtin.TypesTestSupport.encode;
import static io.pgfast.codec.builtin.TypesTestSupport.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Golden bytes and literals from PostgreSQL 15's hstore_send and hstore_out. */
class HstoreCodecTest {

    private static Map<String, String> map(String... keysAndValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    @Test
    void foundByName() {
        assertThat(DefaultCodecRegistry.builtins().extensionTypeNames()).contains("hstore");
        assertThat(REGISTRY.javaType(HSTORE.oid())).isEqualTo(Map.class);
        assertThat(REGISTRY.binaryDecodable(HSTORE.oid())).isTrue();
    }

    @Test
    void binaryKeepsTheServerOrderAndNulls() {
        byte[] golden = hex(
                "00000003", // 3 pairs
                "00000001", "61", "00000001", "31", // a => 1
                "00000001", "62", "00000001", "32", // b => 2
                "00000001", "63", "ffffffff"); // c => NULL
        Object decoded = decode(REGISTRY.decoder(HSTORE.oid(), Format.BINARY), golden);
        assertThat(decoded).isEqualTo(map("a", "1", "b", "2", "c", null));
        assertThat(new ArrayList<Object>(((Map<?, ?>) decoded).keySet())).containsExactly("a", "b", "c");
        assertThat(decode(REGISTRY.decoder(HSTORE.oid(), Format.BINARY, String.class), golden)).isEqualTo("\"a\"=>\"1\", \"b\"=>\"2\", \"c\"=>NULL");
        Encoder<Map> typed = REGISTRY.encoder(HSTORE.oid(), Map.class);
        assertThat(typed.oid(null)).isEqualTo(HSTORE.oid());
        assertThat(typed.format()).isEqualTo(Format.BINARY);
        assertThat(encode(typed, map("a", "1", "b", "2", "c", null))).isEqualTo(golden);
    }

    @Test
    void escapesAsHstoreOutWritesThem() {
        String golden = "\"a\"=>\"1\", \"e\"=>\"\", \"q\\\"\"=>\"x\\\\y\", \"b c\"=>NULL";
        Map<String, String> expected = map("a", "1", "e", "", "q\"", "x\\y", "b c", null);
        assertThat(decodeText(REGISTRY.decoder(HSTORE.oid(), Format.TEXT), golden)).isEqualTo(expected);
        Encoder<LinkedHashMap> untyped = REGISTRY.encoder(LinkedHashMap.class);
        assertThat(untyped.oid(null)).isZero();
        assertThat(untyped.format()).isEqualTo(Format.TEXT);
        assertThat(new String(TypesTestSupport.encodeWith(REGISTRY, expected), StandardCharsets.UTF_8)).isEqualTo(golden);
        assertThat(decode(REGISTRY.decoder(HSTORE.oid(), Format.BINARY), hex(
                "00000001", // 1 pair
                "00000002", "7122", // q"
                "00000003", "785c79"))) // x\y
                .isEqualTo(map("q\"", "x\\y"));
    }

    @Test
    void emptyAndUnquotedInputForms() {
        assertThat(decodeText(REGISTRY.decoder(HSTORE.oid(), Format.TEXT), "")).isEqualTo(Map.of());
        assertThat(decode(REGISTRY.decoder(HSTORE.oid(), Format.BINARY), hex("00000000"))).isEqualTo(Map.of());
        assertThat(decodeText(REGISTRY.decoder(HSTORE.oid(), Format.TEXT), " a => 1 ")).isEqualTo(map("a", "1"));
        assertThat(decodeText(REGISTRY.decoder(HSTORE.oid(), Format.TEXT), "a=>b=c,d=>NuLL,\"n\"=>\"NULL\""))
                .isEqualTo(map("a", "b=c", "d", null, "n", "NULL"));
        assertThat(decodeText(REGISTRY.decoder(HSTORE.oid(), Format.TEXT), "\"€\"=>\"ü\"")).isEqualTo(map("€", "ü"));
    }

    @Test
    void valuesAreSentWithToStringAndNullKeysAreRejected() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("n", 42);
        assertThat(TypesTestSupport.encodeWith(REGISTRY, values)).isEqualTo(TypesTestSupport.utf8("\"n\"=>\"42\""));
        Map<String, String> nullKey = new HashMap<>();
        nullKey.put(null, "x");
        assertThatThrownBy(() -> TypesTestSupport.encodeWith(REGISTRY, nullKey)).isInstanceOf(CodecException.class);
    }

    @Test
    void hstoreArrays() {
        assertThat(decodeText(REGISTRY.decoder(DiscoveredTypes.HSTORE_ARRAY.oid(), Format.TEXT), "{\"\\\"a\\\"=>\\\"1\\\"\",NULL}"))
                .isEqualTo(new Map<?, ?>[] {map("a", "1"), null});
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "a=>", "=>1", "a=>1,", "a=>1 b=>2", "\"a=>1", "a=>\"1", "a=1", "a=>1 ,", "a\\", "a=>1,,b=>2"})
    void malformedTextIsACodecException(String literal) {
        assertThatThrownBy(() -> decodeText(REGISTRY.decoder(HSTORE.oid(), Format.TEXT), literal)).isInstanceOf(CodecException.class);
    }

    @Test
    void malformedBinaryIsACodecException() {
        assertThatThrownBy(() -> decode(REGISTRY.decoder(HSTORE.oid(), Format.BINARY), hex("000000"))).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> decode(REGISTRY.decoder(HSTORE.oid(), Format.BINARY), hex("7fffffff"))).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> decode(REGISTRY.decoder(HSTORE.oid(), Format.BINARY), hex("00000001", "ffffffff", "ffffffff")))
                .isInstanceOf(CodecException.class).hasMessageContaining("NULL key");
        assertThatThrownBy(() -> decode(REGISTRY.decoder(HSTORE.oid(), Format.BINARY), hex("00000001", "00000005", "61", "ffffffff")))
                .isInstanceOf(CodecException.class);
    }
}
