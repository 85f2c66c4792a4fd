package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;

import java.math.BigDecimal;

/**
 * money, in text format only, decoded to String as the server formats it ({@code $1,234.56}).
 *
 * <p>Limit: the binary format is an Int64 count of the currency's smallest unit, and both that
 * unit (frac_digits) and the text's symbols and separators come from the server's lc_monetary
 * setting, which the client does not know; so money is not read in binary and not converted to a
 * number here. Cast in SQL ({@code amount::numeric}) to read a BigDecimal. A BigDecimal, Long or
 * Integer bound as an explicitly typed money parameter is sent as its plain decimal text, which
 * cash_in accepts in every locale that uses '.' as the decimal point.
 */
public final class MoneyCodec extends OidSetCodec {

    public MoneyCodec() {
        super(Oid.MONEY);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return String.class;
    }

    @Override
    public boolean binary(PgType type, CodecRegistry registry) {
        return false;
    }

    @Override
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        // String in text format is served by the registry
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        if (valueClass == BigDecimal.class) {
            return (Encoder<T>) new SimpleEncoder<>(Oid.MONEY, Format.TEXT, (BigDecimal v, ByteBuf out) -> ByteBufUtil.writeAscii(out, v.toPlainString()));
        }
        if (valueClass == Long.class || valueClass == Integer.class) {
            return (Encoder<T>) new SimpleEncoder<Number>(Oid.MONEY, Format.TEXT, (v, out) -> ByteBufUtil.writeAscii(out, Long.toString(v.longValue())));
        }
        return null;
    }
}
