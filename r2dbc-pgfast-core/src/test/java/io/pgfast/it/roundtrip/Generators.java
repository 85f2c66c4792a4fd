package io.pgfast.it.roundtrip;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Value generators shared by the round-trip properties. */
final class Generators {

    private Generators() {
    }

    /**
     * Any Unicode scalar value except NUL (which text cannot hold): mostly ASCII, then the BMP, then the
     * supplementary planes (surrogate pairs in Java).
     */
    static Arbitrary<Integer> codePoints() {
        Arbitrary<Integer> bmp = Arbitraries.integers().between(1, 0xFFFF).filter(c -> c < 0xD800 || c > 0xDFFF);
        return Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.integers().between(1, 0x7F)),
                Tuple.of(3, bmp),
                Tuple.of(2, Arbitraries.integers().between(0x10000, 0x10FFFF)));
    }

    static Arbitrary<String> unicodeStrings(int maxCodePoints) {
        return codePoints().list().ofMaxSize(maxCodePoints).map(Generators::fromCodePoints);
    }

    private static String fromCodePoints(List<Integer> codePoints) {
        StringBuilder b = new StringBuilder();
        for (int cp : codePoints) {
            b.appendCodePoint(cp);
        }
        return b.toString();
    }

    /**
     * JSON documents in the exact text jsonb prints them in ("JSON Types", jsonb_out): ", " and ": "
     * separators, object keys unique and ordered by UTF-8 length then bytes, numbers as numeric prints
     * them, strings escaped as escape_json does.
     */
    static Arbitrary<String> canonicalJsonb() {
        return jsonValue(3);
    }

    private static Arbitrary<String> jsonValue(int depth) {
        Arbitrary<String> scalar = Arbitraries.oneOf(
                Arbitraries.of("true", "false", "null"),
                Arbitraries.longs().map(l -> Long.toString(l)),
                Combinators.combine(Arbitraries.bigIntegers().between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)),
                        Arbitraries.integers().between(0, 20)).as((u, s) -> new BigDecimal(u, s).toPlainString()),
                unicodeStrings(20).map(Generators::jsonString));
        if (depth == 0) {
            return scalar;
        }
        Arbitrary<String> array = Arbitraries.lazy(() -> jsonValue(depth - 1)).list().ofMaxSize(4)
                .map(items -> "[" + String.join(", ", items) + "]");
        Arbitrary<String> object = Combinators.combine(
                        unicodeStrings(8).set().ofMaxSize(4),
                        Arbitraries.lazy(() -> jsonValue(depth - 1)).list().ofSize(4))
                .as(Generators::jsonObject);
        return Arbitraries.frequencyOf(Tuple.of(3, scalar), Tuple.of(1, array), Tuple.of(1, object));
    }

    private static String jsonObject(Set<String> keys, List<String> values) {
        List<String> sorted = new ArrayList<>(new LinkedHashSet<>(keys));
        sorted.sort(Comparator.comparingInt((String k) -> k.getBytes(StandardCharsets.UTF_8).length)
                .thenComparing((a, b) -> Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8))));
        StringBuilder b = new StringBuilder("{");
        for (int i = 0; i < sorted.size(); i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(jsonString(sorted.get(i))).append(": ").append(values.get(i));
        }
        return b.append('}').toString();
    }

    /** escape_json: the two-character escapes, other control characters as \\u00xx, the rest as is. */
    static String jsonString(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
