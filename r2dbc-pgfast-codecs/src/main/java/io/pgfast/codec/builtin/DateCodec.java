package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.oid.Oid;

import java.time.LocalDate;

/**
 * date. Binary format is an Int32 of days since 2000-01-01 ({@link PgEpoch}); text is DateStyle
 * ISO ({@link DateTimeText}). {@code infinity}/{@code -infinity} are {@link LocalDate#MAX} and
 * {@link LocalDate#MIN}, both ways; BC dates are proleptic years (44 BC is year -43).
 *
 * <p>Decodes to LocalDate (default) and String; encodes LocalDate as date, binary.
 */
public final class DateCodec extends ValueCodec<LocalDate> {

    private static final String TYPE = "date";

    private static final Decoder<LocalDate> TEXT = (buf, index, length) -> DateTimeText.parseDate(new TextCursor(buf, index, length, TYPE));
    private static final Decoder<LocalDate> BINARY = DateCodec::binary;
    private static final Decoder<String> BINARY_AS_STRING = (buf, index, length) -> DateTimeText.format(binary(buf, index, length));
    private static final Encoder<LocalDate> ENCODER =
            new SimpleEncoder<>(Oid.DATE, Format.BINARY, (LocalDate v, ByteBuf out) -> out.writeInt(PgEpoch.days(v)));

    public DateCodec() {
        super(LocalDate.class, TEXT, BINARY, BINARY_AS_STRING, ENCODER, Oid.DATE);
    }

    private static LocalDate binary(ByteBuf buf, int index, int length) {
        Checks.binaryLength(TYPE, 4, length);
        return PgEpoch.date(buf.getInt(index));
    }
}
