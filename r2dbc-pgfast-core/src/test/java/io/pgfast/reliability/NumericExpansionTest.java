package io.pgfast.reliability;

import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.oid.Oid;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cost of decoding a binary numeric must follow its bytes on the wire, not the exponent they
 * state: a DataRow of 1 MB can hold 100 000 ten-byte numerics whose Int16 weight is 32767 (the value
 * 10^131068, which PostgreSQL's numeric can hold), and a corrupted or hostile stream can say so too.
 */
class NumericExpansionTest {

    private static final CodecRegistry REGISTRY = DefaultCodecRegistry.builtins();
    private static final int VALUES = 100;

    /** numeric_send of 10^(4 * weight): one base-10000 digit 1. */
    private static ByteBuf tenToTheFourTimes(int weight, int dscale) {
        return Unpooled.buffer(10)
                .writeShort(1)        // ndigits
                .writeShort(weight)   // weight of the first digit, in base-10000 digits
                .writeShort(0)        // sign: positive
                .writeShort(dscale)   // display scale
                .writeShort(1);       // the digit
    }

    @Test
    void aLargeWeightAsDoubleCostsLittle() {
        Decoder<Double> decoder = REGISTRY.decoder(Oid.NUMERIC, Format.BINARY, Double.class);
        ByteBuf value = tenToTheFourTimes(Short.MAX_VALUE, 0);
        try {
            decoder.decode(value, 0, 10);
            long allocatedBefore = AllocationMeter.allocatedBytes();
            for (int i = 0; i < VALUES; i++) {
                assertThat(decoder.decode(value, 0, 10)).isInfinite();
            }
            long allocated = AllocationMeter.allocatedBytes() - allocatedBefore;
            assertThat(allocated / VALUES).as("bytes allocated per 10-byte value").isLessThan(64 * 1024);
        } finally {
            value.release();
        }
    }

    @Test
    void aValueRefusedForItsScaleIsRefusedCheaply() {
        Decoder<BigDecimal> decoder = REGISTRY.decoder(Oid.NUMERIC, Format.BINARY, BigDecimal.class);
        ByteBuf value = tenToTheFourTimes(Short.MIN_VALUE, 16383);
        try {
            long allocatedBefore = AllocationMeter.allocatedBytes();
            for (int i = 0; i < VALUES; i++) {
                try {
                    decoder.decode(value, 0, 10);
                    throw new AssertionError("10^-131072 has more fractional digits than the display scale 16383");
                } catch (CodecException expected) {
                    // the digits do not fit the display scale
                }
            }
            assertThat((AllocationMeter.allocatedBytes() - allocatedBefore) / VALUES).as("bytes allocated per refusal")
                    .isLessThan(64 * 1024);
        } finally {
            value.release();
        }
    }

    /** What the codec gets right and must keep: the value itself. */
    @Test
    void aLargeWeightDecodesToTheExactValue() {
        ByteBuf value = tenToTheFourTimes(3, 0);
        try {
            assertThat(REGISTRY.decoder(Oid.NUMERIC, Format.BINARY, BigDecimal.class).decode(value, 0, 10))
                    .isEqualByComparingTo(BigDecimal.TEN.pow(12));
        } finally {
            value.release();
        }
    }
}
