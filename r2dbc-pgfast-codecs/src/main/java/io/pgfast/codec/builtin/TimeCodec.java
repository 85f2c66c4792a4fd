package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;

import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;

/**
 * time and timetz. Binary time is an Int64 of microseconds since midnight; timetz adds an Int32
 * zone in seconds <em>west</em> of UTC (so +05:30 is sent as -19800; timetz_send). Text is DateStyle
 * ISO ({@link DateTimeText}); {@code 24:00:00}, which the server accepts as a time, is
 * {@link LocalTime#MAX}, and LocalTime.MAX is sent as 24:00:00.
 *
 * <p>Decodes time to LocalTime and timetz to OffsetTime (defaults), both also to String, and
 * timetz to LocalTime (its local part) on request. Encodes LocalTime as time and OffsetTime as
 * timetz, binary.
 */
public final class TimeCodec extends OidSetCodec {

    private static final Decoder<LocalTime> TIME_TEXT = (buf, index, length) -> DateTimeText.parseTime(new TextCursor(buf, index, length, "time"));
    private static final Decoder<LocalTime> TIME_BINARY = TimeCodec::time;
    private static final Decoder<String> TIME_AS_STRING = (buf, index, length) -> DateTimeText.format(time(buf, index, length));
    private static final Decoder<OffsetTime> TIMETZ_TEXT = (buf, index, length) -> DateTimeText.parseTimeTz(new TextCursor(buf, index, length, "timetz"));
    private static final Decoder<OffsetTime> TIMETZ_BINARY = TimeCodec::timetz;

    private static final Encoder<LocalTime> LOCAL_TIME =
            new SimpleEncoder<>(Oid.TIME, Format.BINARY, (LocalTime v, ByteBuf out) -> out.writeLong(PgEpoch.micros(v)));
    private static final Encoder<OffsetTime> OFFSET_TIME = new SimpleEncoder<>(Oid.TIMETZ, Format.BINARY, (OffsetTime v, ByteBuf out) -> {
        out.writeLong(PgEpoch.micros(v.toLocalTime()));         // time of day, microseconds
        out.writeInt(-v.getOffset().getTotalSeconds());          // zone, seconds west of UTC
    });

    public TimeCodec() {
        super(Oid.TIME, Oid.TIMETZ);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return type.oid() == Oid.TIME ? LocalTime.class : OffsetTime.class;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        if (type.oid() == Oid.TIME) {
            return ValueCodec.pick(format, target, LocalTime.class, TIME_TEXT, TIME_BINARY, TIME_AS_STRING);
        }
        boolean text = format == Format.TEXT;
        Decoder<OffsetTime> timetz = text ? TIMETZ_TEXT : TIMETZ_BINARY;
        if (target == OffsetTime.class) {
            return (Decoder<T>) timetz;
        }
        if (target == LocalTime.class) {
            return (Decoder<T>) (Decoder<LocalTime>) (buf, index, length) -> timetz.decode(buf, index, length).toLocalTime();
        }
        if (target == String.class && !text) {
            return (Decoder<T>) (Decoder<String>) (buf, index, length) -> DateTimeText.format(timetz(buf, index, length));
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        if (valueClass == LocalTime.class) {
            return (Encoder<T>) LOCAL_TIME;
        }
        if (valueClass == OffsetTime.class) {
            return (Encoder<T>) OFFSET_TIME;
        }
        return null;
    }

    private static LocalTime time(ByteBuf buf, int index, int length) {
        Checks.binaryLength("time", 8, length);
        return PgEpoch.time(buf.getLong(index), "time");
    }

    private static OffsetTime timetz(ByteBuf buf, int index, int length) {
        Checks.binaryLength("timetz", 12, length);
        LocalTime time = PgEpoch.time(buf.getLong(index), "timetz");
        int secondsWest = buf.getInt(index + 8);
        // TZDISP_LIMIT: the server keeps zones within ±15:59:59; ZoneOffset allows ±18:00
        if (secondsWest < -18 * 3600 || secondsWest > 18 * 3600) {
            throw new CodecException("timetz binary value has an invalid zone of " + secondsWest + " seconds");
        }
        return OffsetTime.of(time, ZoneOffset.ofTotalSeconds(-secondsWest));
    }
}
