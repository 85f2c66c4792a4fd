package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * timestamp and timestamptz. Binary format is an Int64 of microseconds since 2000-01-01 00:00
 * (for timestamptz in UTC; {@link PgEpoch}); text is DateStyle ISO ({@link DateTimeText}), a
 * timestamptz carrying the session TimeZone's offset.
 *
 * <p>timestamp decodes to LocalDateTime (default) and String. timestamptz decodes to
 * OffsetDateTime (default; at UTC when read from binary, at the server's offset when read from
 * text), Instant, ZonedDateTime (at that offset) and String. {@code infinity}/{@code -infinity} are
 * the MAX/MIN of LocalDateTime, OffsetDateTime and Instant, both ways.
 *
 * <p>Encodes LocalDateTime as timestamp; OffsetDateTime, ZonedDateTime and Instant as timestamptz;
 * all binary, rounded to microseconds.
 */
public final class TimestampCodec extends OidSetCodec {

    private static final Decoder<LocalDateTime> TIMESTAMP_TEXT =
            (buf, index, length) -> DateTimeText.parseTimestamp(new TextCursor(buf, index, length, "timestamp"));
    private static final Decoder<LocalDateTime> TIMESTAMP_BINARY = (buf, index, length) -> PgEpoch.timestamp(micros("timestamp", buf, index, length));
    private static final Decoder<String> TIMESTAMP_AS_STRING = (buf, index, length) -> DateTimeText.format(TIMESTAMP_BINARY.decode(buf, index, length));
    private static final Decoder<OffsetDateTime> TIMESTAMPTZ_TEXT =
            (buf, index, length) -> DateTimeText.parseTimestampTz(new TextCursor(buf, index, length, "timestamptz"));
    private static final Decoder<OffsetDateTime> TIMESTAMPTZ_BINARY = (buf, index, length) -> offsetDateTime(micros("timestamptz", buf, index, length));

    private static final Encoder<LocalDateTime> LOCAL_DATE_TIME = new SimpleEncoder<>(Oid.TIMESTAMP, Format.BINARY,
            (LocalDateTime v, ByteBuf out) -> out.writeLong(PgEpoch.micros(v, "timestamp")));
    private static final Encoder<Instant> INSTANT = new SimpleEncoder<>(Oid.TIMESTAMPTZ, Format.BINARY,
            (Instant v, ByteBuf out) -> out.writeLong(PgEpoch.micros(v, "timestamptz")));
    private static final Encoder<OffsetDateTime> OFFSET_DATE_TIME = new SimpleEncoder<>(Oid.TIMESTAMPTZ, Format.BINARY,
            (OffsetDateTime v, ByteBuf out) -> out.writeLong(PgEpoch.micros(toInstant(v), "timestamptz")));
    private static final Encoder<ZonedDateTime> ZONED_DATE_TIME = new SimpleEncoder<>(Oid.TIMESTAMPTZ, Format.BINARY,
            (ZonedDateTime v, ByteBuf out) -> out.writeLong(PgEpoch.micros(v.toInstant(), "timestamptz")));

    public TimestampCodec() {
        super(Oid.TIMESTAMP, Oid.TIMESTAMPTZ);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return type.oid() == Oid.TIMESTAMP ? LocalDateTime.class : OffsetDateTime.class;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        if (type.oid() == Oid.TIMESTAMP) {
            return ValueCodec.pick(format, target, LocalDateTime.class, TIMESTAMP_TEXT, TIMESTAMP_BINARY, TIMESTAMP_AS_STRING);
        }
        boolean text = format == Format.TEXT;
        Decoder<OffsetDateTime> timestamptz = text ? TIMESTAMPTZ_TEXT : TIMESTAMPTZ_BINARY;
        if (target == OffsetDateTime.class) {
            return (Decoder<T>) timestamptz;
        }
        if (target == Instant.class) {
            if (text) {
                return (Decoder<T>) (Decoder<Instant>) (buf, index, length) -> toInstant(TIMESTAMPTZ_TEXT.decode(buf, index, length));
            }
            return (Decoder<T>) (Decoder<Instant>) (buf, index, length) -> PgEpoch.instant(micros("timestamptz", buf, index, length));
        }
        if (target == ZonedDateTime.class) {
            return (Decoder<T>) (Decoder<ZonedDateTime>) (buf, index, length) -> timestamptz.decode(buf, index, length).toZonedDateTime();
        }
        if (target == String.class && !text) {
            return (Decoder<T>) (Decoder<String>) (buf, index, length) -> DateTimeText.format(TIMESTAMPTZ_BINARY.decode(buf, index, length));
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        if (valueClass == LocalDateTime.class) {
            return (Encoder<T>) LOCAL_DATE_TIME;
        }
        if (valueClass == OffsetDateTime.class) {
            return (Encoder<T>) OFFSET_DATE_TIME;
        }
        if (valueClass == Instant.class) {
            return (Encoder<T>) INSTANT;
        }
        if (valueClass == ZonedDateTime.class) {
            return (Encoder<T>) ZONED_DATE_TIME;
        }
        return null;
    }

    private static long micros(String type, ByteBuf buf, int index, int length) {
        Checks.binaryLength(type, 8, length);
        return buf.getLong(index);
    }

    private static OffsetDateTime offsetDateTime(long micros) {
        if (micros == Long.MAX_VALUE) {
            return OffsetDateTime.MAX;
        }
        if (micros == Long.MIN_VALUE) {
            return OffsetDateTime.MIN;
        }
        return OffsetDateTime.of(PgEpoch.timestamp(micros), ZoneOffset.UTC);
    }

    /** OffsetDateTime.MAX/MIN are infinity; their instants are not Instant.MAX/MIN, so map them first. */
    private static Instant toInstant(OffsetDateTime value) {
        if (value.equals(OffsetDateTime.MAX)) {
            return Instant.MAX;
        }
        if (value.equals(OffsetDateTime.MIN)) {
            return Instant.MIN;
        }
        return value.toInstant();
    }
}
