package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Lsn;
import java.nio.charset.StandardCharsets;

/**
 * pg_lsn as {@link Lsn} (default) or, on request, its raw unsigned value as {@code Long}. Binary
 * is an Int64 (pg_lsn_send); text is two upper-case hex halves, {@code 16/B374D848}
 * (pg_lsn_out; pg_lsn_in also takes lower case). Encodes {@code Lsn} in binary.
 */
public final class LsnCodec extends ValueCodec<Lsn> {

    /** "FFFFFFFF/FFFFFFFF": the longest text. */
    private static final int MAX_TEXT = 17;

    private static final Decoder<Lsn> BINARY = (buf, index, length) -> new Lsn(readBinary(buf, index, length));
    private static final Decoder<Lsn> TEXT = LsnCodec::readText;
    private static final Decoder<Long> BINARY_LONG = LsnCodec::readBinary;
    private static final Decoder<Long> TEXT_LONG = (buf, index, length) -> readText(buf, index, length).value();
    private static final Decoder<String> BINARY_AS_STRING = (buf, index, length) -> new Lsn(readBinary(buf, index, length)).toString();
    private static final Encoder<Lsn> ENCODER = new SimpleEncoder<>(Oid.PG_LSN, Format.BINARY, (Lsn v, ByteBuf out) -> out.writeLong(v.value()));

    public LsnCodec() {
        super(Lsn.class, TEXT, BINARY, BINARY_AS_STRING, ENCODER, Oid.PG_LSN);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        if (target == Long.class) {
            return (Decoder<T>) (format == Format.BINARY ? BINARY_LONG : TEXT_LONG);
        }
        return super.decoder(type, format, target, registry);
    }

    @Override
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        return encoder(valueClass, registry);
    }

    private static long readBinary(ByteBuf buf, int index, int length) {
        if (length != 8) {
            throw new CodecException("malformed binary pg_lsn value: " + length + " bytes, expected 8");
        }
        return buf.getLong(index);
    }

    private static Lsn readText(ByteBuf buf, int index, int length) {
        if (length > MAX_TEXT) {
            throw new CodecException("malformed pg_lsn literal: " + length + " bytes is too long");
        }
        try {
            return Lsn.parse(buf.toString(index, length, StandardCharsets.US_ASCII));
        } catch (IllegalArgumentException e) {
            throw new CodecException("malformed pg_lsn literal: " + e.getMessage(), e);
        }
    }
}
