package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Interval;

import java.time.Duration;
import java.time.Period;

/**
 * interval. Binary format (interval_send): Int64 microseconds, Int32 days, Int32 months. Text is
 * IntervalStyle postgres or iso_8601 ({@link IntervalText}).
 *
 * <p>Decodes to {@link Interval} (default, exact); to Duration when the value has no months (days
 * count as 24 hours) and to Period when it has no time part, else {@link CodecException}; and to
 * String (binary values rendered in the postgres style). Encodes Interval, Duration and Period as
 * interval, binary.
 */
public final class IntervalCodec extends OidSetCodec {

    private static final String TYPE = "interval";

    private static final Decoder<Interval> TEXT = (buf, index, length) -> IntervalText.parse(new TextCursor(buf, index, length, TYPE));
    private static final Decoder<Interval> BINARY = IntervalCodec::binary;

    private static final Encoder<Interval> INTERVAL = new SimpleEncoder<>(Oid.INTERVAL, Format.BINARY, IntervalCodec::write);
    private static final Encoder<Duration> DURATION = new SimpleEncoder<>(Oid.INTERVAL, Format.BINARY, (Duration v, ByteBuf out) -> {
        try {
            write(Interval.of(v), out);
        } catch (ArithmeticException e) {
            throw new CodecException("duration " + v + " is out of range for interval");
        }
    });
    private static final Encoder<Period> PERIOD = new SimpleEncoder<>(Oid.INTERVAL, Format.BINARY, (Period v, ByteBuf out) -> {
        try {
            write(Interval.of(v), out);
        } catch (ArithmeticException e) {
            throw new CodecException("period " + v + " is out of range for interval");
        }
    });

    public IntervalCodec() {
        super(Oid.INTERVAL);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return Interval.class;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        Decoder<Interval> exact = format == Format.TEXT ? TEXT : BINARY;
        if (target == Interval.class) {
            return (Decoder<T>) exact;
        }
        if (target == Duration.class) {
            return (Decoder<T>) (Decoder<Duration>) (buf, index, length) -> {
                Interval value = exact.decode(buf, index, length);
                try {
                    return value.toDuration();
                } catch (ArithmeticException e) {
                    throw new CodecException(e.getMessage() + "; read it as " + Interval.class.getName(), e);
                }
            };
        }
        if (target == Period.class) {
            return (Decoder<T>) (Decoder<Period>) (buf, index, length) -> {
                Interval value = exact.decode(buf, index, length);
                try {
                    return value.toPeriod();
                } catch (ArithmeticException e) {
                    throw new CodecException(e.getMessage() + "; read it as " + Interval.class.getName(), e);
                }
            };
        }
        if (target == String.class && format == Format.BINARY) {
            return (Decoder<T>) (Decoder<String>) (buf, index, length) -> IntervalText.format(binary(buf, index, length));
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        if (valueClass == Interval.class) {
            return (Encoder<T>) INTERVAL;
        }
        if (valueClass == Duration.class) {
            return (Encoder<T>) DURATION;
        }
        if (valueClass == Period.class) {
            return (Encoder<T>) PERIOD;
        }
        return null;
    }

    private static Interval binary(ByteBuf buf, int index, int length) {
        Checks.binaryLength(TYPE, 16, length);
        long micros = buf.getLong(index);
        int days = buf.getInt(index + 8);
        int months = buf.getInt(index + 12);
        return Interval.of(months, days, micros);
    }

    private static void write(Interval value, ByteBuf out) {
        out.writeLong(value.micros());  // time part, microseconds
        out.writeInt(value.days());     // days
        out.writeInt(value.months());   // months
    }
}
