package io.pgfast.codec.builtin;

import io.pgfast.codec.registry.DefaultCodecRegistry;
import static io.pgfast.codec.builtin.TypesTestSupport.decode;
import static io.pgfast.codec.builtin.TypesTestSupport.decodeText;
import static io.pgfast.codec.builtin.TypesTestSupport.encodeText;
import static io.pgfast.codec.builtin.TypesTestSupport.hex;
import static org.assertj.core.api.Assertions.assertThat;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Multirange;
import io.pgfast.codec.type.Range;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** Ranges over the real numeric, date and timestamp codecs; golden bytes from PostgreSQL 15's range_send. */
class RangeElementTypesTest {

    private static final CodecRegistry REGISTRY = DefaultCodecRegistry.builtins();

    @Test
    void numrangeWithExclusiveLowerAndUnboundedUpper() {
        byte[] golden = hex(
                "10", // flags: upper unbounded (lower exclusive)
                "0000000c", // lower: 12 bytes of numeric
                "0002", "0000", "0000", "0001", "0001", "1388"); // 2 digits, weight 0, positive, dscale 1: 1.5000 -> 1.5
        assertThat(decode(REGISTRY.decoder(Oid.NUMRANGE, Format.BINARY), golden)).isEqualTo(Range.of(new BigDecimal("1.5"), false, null, false));
        assertThat(decode(REGISTRY.decoder(Oid.NUMRANGE, Format.BINARY, String.class), golden)).isEqualTo("(1.5,)");
        assertThat(decodeText(REGISTRY.decoder(Oid.NUMRANGE, Format.TEXT), "(1.5,)")).isEqualTo(Range.of(new BigDecimal("1.5"), false, null, false));
        assertThat(encodeText(REGISTRY.encoder(Range.class), Range.of(new BigDecimal("1.5"), false, null, false))).isEqualTo("(1.5,)");
    }

    @Test
    void daterange() {
        byte[] golden = hex(
                "02", // flags: lower inclusive
                "00000004", "00001c89", // lower: 2020-01-01 (7305 days after 2000-01-01)
                "00000004", "00001ca8"); // upper: 2020-02-01
        Range<LocalDate> expected = Range.closedOpen(LocalDate.of(2020, 1, 1), LocalDate.of(2020, 2, 1));
        assertThat(decode(REGISTRY.decoder(Oid.DATERANGE, Format.BINARY), golden)).isEqualTo(expected);
        assertThat(decode(REGISTRY.decoder(Oid.DATERANGE, Format.BINARY, String.class), golden)).isEqualTo("[2020-01-01,2020-02-01)");
        assertThat(decodeText(REGISTRY.decoder(Oid.DATERANGE, Format.TEXT), "[2020-01-01,2020-02-01)")).isEqualTo(expected);
        assertThat(encodeText(REGISTRY.encoder(Range.class), expected)).isEqualTo("[2020-01-01,2020-02-01)");
    }

    @Test
    void infiniteDateBoundIsAValue() {
        byte[] golden = hex(
                "12", // flags: lower inclusive, upper unbounded
                "00000004", "80000000"); // lower: -infinity
        assertThat(decode(REGISTRY.decoder(Oid.DATERANGE, Format.BINARY), golden)).isEqualTo(Range.atLeast(LocalDate.MIN));
        assertThat(decode(REGISTRY.decoder(Oid.DATERANGE, Format.BINARY, String.class), golden)).isEqualTo("[-infinity,)");
        assertThat(decodeText(REGISTRY.decoder(Oid.DATERANGE, Format.TEXT), "[-infinity,)")).isEqualTo(Range.atLeast(LocalDate.MIN));
    }

    @Test
    void tsrangeWithInfinityUpperBound() {
        byte[] golden = hex(
                "02", // flags: lower inclusive
                "00000008", "00023e0fe886c800", // lower: 2020-01-01 10:00:00 (microseconds since 2000-01-01)
                "00000008", "7fffffffffffffff"); // upper: infinity
        Range<LocalDateTime> expected = Range.closedOpen(LocalDateTime.of(2020, 1, 1, 10, 0), LocalDateTime.MAX);
        assertThat(decode(REGISTRY.decoder(Oid.TSRANGE, Format.BINARY), golden)).isEqualTo(expected);
        assertThat(decode(REGISTRY.decoder(Oid.TSRANGE, Format.BINARY, String.class), golden)).isEqualTo("[\"2020-01-01 10:00:00\",infinity)");
        assertThat(decodeText(REGISTRY.decoder(Oid.TSRANGE, Format.TEXT), "[\"2020-01-01 10:00:00\",infinity)")).isEqualTo(expected);
        assertThat(encodeText(REGISTRY.encoder(Range.class), expected)).isEqualTo("[\"2020-01-01 10:00:00\",infinity)");
    }

    @Test
    void tstzrangeClosed() {
        byte[] golden = hex(
                "06", // flags: lower and upper inclusive
                "00000008", "00023e0fe886c800", // lower: 2020-01-01 10:00:00+00
                "00000008", "00025aca30ada000"); // upper: 2021-01-01 00:00:00+00
        Range<?> decoded = (Range<?>) decode(REGISTRY.decoder(Oid.TSTZRANGE, Format.BINARY), golden);
        assertThat(((OffsetDateTime) decoded.lower()).toInstant()).isEqualTo(OffsetDateTime.of(2020, 1, 1, 10, 0, 0, 0, ZoneOffset.UTC).toInstant());
        assertThat(((OffsetDateTime) decoded.upper()).toInstant()).isEqualTo(OffsetDateTime.of(2021, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC).toInstant());
        assertThat(decoded.isLowerInclusive()).isTrue();
        assertThat(decoded.isUpperInclusive()).isTrue();
    }

    @Test
    void datemultirange() {
        Encoder<Multirange> encoder = REGISTRY.encoder(Multirange.class);
        Multirange<LocalDate> value = Multirange.of(Range.closedOpen(LocalDate.of(2020, 1, 1), LocalDate.of(2020, 1, 5)));
        assertThat(encodeText(encoder, value)).isEqualTo("{[2020-01-01,2020-01-05)}");
        assertThat(decodeText(REGISTRY.decoder(Oid.DATEMULTIRANGE, Format.TEXT), "{[2020-01-01,2020-01-05)}")).isEqualTo(value);
    }
}
