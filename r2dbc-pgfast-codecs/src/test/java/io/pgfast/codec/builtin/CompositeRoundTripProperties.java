package io.pgfast.codec.builtin;

import static io.pgfast.codec.builtin.ArrayRoundTripProperties.assertOnlyCodecException;
import static io.pgfast.codec.builtin.TypesTestSupport.decode;
import static io.pgfast.codec.builtin.TypesTestSupport.encode;
import static io.pgfast.codec.builtin.TypesTestSupport.encodeWith;
import static org.assertj.core.api.Assertions.assertThat;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Multirange;
import io.pgfast.codec.type.Range;
import io.pgfast.codec.type.Record;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/** Round trips of the composite literal forms (range, multirange, hstore, record) and fuzzing of their decoders. */
class CompositeRoundTripProperties {

    private static final CodecRegistry REGISTRY = DiscoveredTypes.REGISTRY.withTypes(List.of(RangeCodecTest.TEXTRANGE));

    @Provide
    Arbitrary<String> tricky() {
        return Arbitraries.oneOf(
                Arbitraries.strings().withChars("\"\\,()[]{} \t=>aN€").ofMaxLength(6),
                Arbitraries.strings().all().ofMaxLength(4).filter(ArrayRoundTripProperties::encodable),
                Arbitraries.of("", "NULL", "empty", "null", " "));
    }

    @Provide
    Arbitrary<Range<String>> textRanges() {
        Arbitrary<String> bound = Arbitraries.oneOf(tricky(), Arbitraries.just(null));
        return Arbitraries.oneOf(Arbitraries.just(Range.empty()),
                Combinators.combine(bound, Arbitraries.of(true, false), bound, Arbitraries.of(true, false))
                        .as(Range::of));
    }

    @Property(tries = 120)
    void textRangesSurviveTextEncodeDecode(@ForAll("textRanges") Range<String> range) {
        Object decoded = decode(REGISTRY.decoder(RangeCodecTest.TEXTRANGE.oid(), Format.TEXT), encodeWith(REGISTRY, range));
        assertThat(decoded).isEqualTo(range);
    }

    @Property(tries = 80)
    void int8MultirangesSurviveTextEncodeDecode(@ForAll @Size(max = 4) List<Long> starts) {
        List<Range<Long>> ranges = new ArrayList<>();
        for (Long s : starts) {
            ranges.add(s % 3 == 0 ? Range.atLeast(s) : Range.closedOpen(s, s + 5));
        }
        Multirange<Long> value = Multirange.of(ranges);
        assertThat(decode(REGISTRY.decoder(Oid.INT8MULTIRANGE, Format.TEXT), encodeWith(REGISTRY, value))).isEqualTo(value);
    }

    @Property(tries = 120)
    void hstoreSurvivesTextAndBinary(@ForAll @Size(max = 5) List<@From("tricky") String> keys,
            @ForAll @Size(max = 5) List<@From("tricky") String> values) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            map.put(keys.get(i), i < values.size() && !values.get(i).equals("NULL") ? values.get(i) : null);
        }
        int hstore = DiscoveredTypes.HSTORE.oid();
        assertThat(decode(REGISTRY.decoder(hstore, Format.TEXT), encodeWith(REGISTRY, map))).isEqualTo(map);
        @SuppressWarnings("rawtypes")
        Encoder<Map> binary = REGISTRY.encoder(hstore, Map.class);
        assertThat(decode(REGISTRY.decoder(hstore, Format.BINARY), encode(binary, map))).isEqualTo(map);
        String text = (String) decode(REGISTRY.decoder(hstore, Format.BINARY, String.class), encode(binary, map));
        assertThat(decode(REGISTRY.decoder(hstore, Format.TEXT), TypesTestSupport.utf8(text))).isEqualTo(map);
    }

    @Property(tries = 120)
    void textRecordsSurviveTextEncodeDecode(@ForAll @Size(min = 2, max = 4) List<@From("tricky") String> fields,
            @ForAll boolean withNull) {
        List<String> values = new ArrayList<>(fields);
        if (withNull) {
            values.set(0, null);
        }
        Record record = Record.ofText(values.toArray(new String[0]));
        assertThat(decode(REGISTRY.decoder(Oid.RECORD, Format.TEXT), encodeWith(REGISTRY, record))).isEqualTo(record);
    }

    @Property(tries = 150)
    void arbitraryTextOnlyEverFailsWithCodecException(@ForAll("tricky") String a, @ForAll("tricky") String b) {
        byte[] bytes = TypesTestSupport.utf8(a + b);
        for (int oid : new int[] {Oid.INT4RANGE, RangeCodecTest.TEXTRANGE.oid(), Oid.INT4MULTIRANGE, DiscoveredTypes.HSTORE.oid(),
            Oid.RECORD, DiscoveredTypes.PAIR.oid()}) {
            assertOnlyCodecException(() -> decode(REGISTRY.decoder(oid, Format.TEXT), bytes));
        }
    }

    @Property(tries = 150)
    void arbitraryBytesOnlyEverFailWithCodecException(@ForAll @Size(max = 48) byte[] bytes) {
        for (int oid : new int[] {Oid.INT4RANGE, Oid.INT8MULTIRANGE, DiscoveredTypes.HSTORE.oid(), Oid.RECORD, DiscoveredTypes.PAIR.oid(),
            Oid.TEXT_ARRAY}) {
            assertOnlyCodecException(() -> decode(REGISTRY.decoder(oid, Format.BINARY), bytes));
            assertOnlyCodecException(() -> decode(REGISTRY.decoder(oid, Format.BINARY, String.class), bytes));
        }
    }
}
