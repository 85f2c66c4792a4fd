package io.pgfast.it.roundtrip;

import io.pgfast.testing.RequiresPostgres;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** int2, int4, int8, float4, float8, numeric and bool, bound and read back in both formats. */
@RequiresPostgres
@Tag(RequiresPostgres.TAG)
class NumberRoundTripProperties {

    private static RoundTrip db;

    @BeforeContainer
    static void open() {
        db = RoundTrip.open();
    }

    @AfterContainer
    static void close() {
        if (db != null) {
            db.close();
        }
    }

    @Property(tries = 100)
    void int2(@ForAll short v) {
        db.check("int2", v, Short.class, Short.toString(v));
    }

    @Property(tries = 100)
    void int4(@ForAll int v) {
        db.check("int4", v, Integer.class, Integer.toString(v));
    }

    @Property(tries = 100)
    void int8(@ForAll long v) {
        db.check("int8", v, Long.class, Long.toString(v));
    }

    @Provide
    Arbitrary<Double> doubles() {
        return Arbitraries.oneOf(
                Arbitraries.doubles(),
                Arbitraries.longs().map(Double::longBitsToDouble).filter(d -> !Double.isNaN(d)),
                Arbitraries.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, Double.MIN_VALUE,
                        Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_NORMAL));
    }

    /** The server prints the shortest text that reads back exactly (extra_float_digits 3, PostgreSQL 12+). */
    @Property(tries = 100)
    void float8(@ForAll("doubles") double v) {
        // Double.compare: NaN equals NaN, -0.0 differs from 0.0
        RoundTrip.Binary<Double> b = db.binary("float8", v, Double.class);
        assertThat(b.value()).as("binary format").usingComparator(Double::compare).isEqualTo(v);
        assertThat(Double.parseDouble(b.text())).as("the server's text form").usingComparator(Double::compare).isEqualTo(v);
        assertThat(db.text("float8", v, Double.class)).as("text format").usingComparator(Double::compare).isEqualTo(v);
    }

    @Provide
    Arbitrary<Float> floats() {
        return Arbitraries.oneOf(
                Arbitraries.floats(),
                Arbitraries.integers().map(Float::intBitsToFloat).filter(f -> !Float.isNaN(f)),
                Arbitraries.of(Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, Float.MIN_VALUE,
                        Float.MAX_VALUE, Float.MIN_NORMAL));
    }

    @Property(tries = 100)
    void float4(@ForAll("floats") float v) {
        RoundTrip.Binary<Float> b = db.binary("float4", v, Float.class);
        assertThat(b.value()).as("binary format").usingComparator(Float::compare).isEqualTo(v);
        assertThat(Float.parseFloat(b.text())).as("the server's text form").usingComparator(Float::compare).isEqualTo(v);
        assertThat(db.text("float4", v, Float.class)).as("text format").usingComparator(Float::compare).isEqualTo(v);
    }

    @Provide
    Arbitrary<BigDecimal> decimals() {
        Arbitrary<BigInteger> unscaled = Arbitraries.oneOf(
                Arbitraries.bigIntegers().between(BigInteger.TEN.pow(40).negate(), BigInteger.TEN.pow(40)),
                Arbitraries.bigIntegers().between(BigInteger.TEN.pow(400).negate(), BigInteger.TEN.pow(400)),
                Arbitraries.longs().map(BigInteger::valueOf));
        Arbitrary<Integer> scales = Arbitraries.oneOf(Arbitraries.integers().between(-10, 40), Arbitraries.integers().between(-300, 1000));
        return Combinators.combine(unscaled, scales).as(BigDecimal::new);
    }

    /**
     * numeric keeps the scale it is given (its display scale), except that a negative scale is stored as
     * the integer it stands for (scale 0).
     */
    @Property(tries = 100)
    void numeric(@ForAll("decimals") BigDecimal v) {
        BigDecimal stored = v.scale() < 0 ? v.setScale(0) : v;
        db.check("numeric", v, BigDecimal.class, stored, stored.toPlainString(), Function.identity());
    }

    @Property(tries = 10)
    void bool(@ForAll boolean v) {
        db.check("bool", v, Boolean.class, Boolean.toString(v));
    }
}
