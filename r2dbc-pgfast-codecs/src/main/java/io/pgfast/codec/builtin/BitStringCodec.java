package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.io.UnsignedInts;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.BitString;

/**
 * bit(n) and bit varying(n) as {@link BitString}, of any length in bits.
 *
 * <p>Binary (bit_send, varbit_send in src/backend/utils/adt/varbit.c): Int32 length in bits, then
 * {@code ceil(length / 8)} bytes, most significant bit first; padding bits are ignored, as
 * varbit_recv masks them. Text: one {@code 0} or {@code 1} per bit, as bit_out writes.
 *
 * <p>Encodes {@code BitString} in binary as varbit (the server casts varbit to bit(n) on
 * assignment, checking the length); a parameter typed bit is declared bit.
 */
public final class BitStringCodec extends ValueCodec<BitString> {

    private static final Decoder<BitString> BINARY = BitStringCodec::readBinary;
    private static final Decoder<BitString> TEXT = BitStringCodec::readText;
    private static final Decoder<String> BINARY_AS_STRING = (buf, index, length) -> readBinary(buf, index, length).toString();
    private static final Encoder<BitString> VARBIT = new SimpleEncoder<>(Oid.VARBIT, Format.BINARY, BitStringCodec::write);
    private static final Encoder<BitString> BIT = new SimpleEncoder<>(Oid.BIT, Format.BINARY, BitStringCodec::write);

    public BitStringCodec() {
        super(BitString.class, TEXT, BINARY, BINARY_AS_STRING, VARBIT, Oid.BIT, Oid.VARBIT);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        if (valueClass != BitString.class) {
            return null;
        }
        return (Encoder<T>) (type.oid() == Oid.BIT ? BIT : VARBIT);
    }

    private static BitString readBinary(ByteBuf buf, int index, int length) {
        if (length < 4) {
            throw new CodecException("malformed binary bit string: " + length + " bytes, the bit length alone takes 4");
        }
        int bits = UnsignedInts.int32(buf, index);
        if (bits < 0 || BitString.byteCount(bits) != length - 4) {
            throw new CodecException("malformed binary bit string: " + bits + " bits in " + (length - 4) + " bytes");
        }
        byte[] bytes = new byte[length - 4];
        buf.getBytes(index + 4, bytes);
        return BitString.of(bytes, bits);
    }

    private static BitString readText(ByteBuf buf, int index, int length) {
        byte[] bytes = new byte[BitString.byteCount(length)];
        for (int i = 0; i < length; i++) {
            byte b = buf.getByte(index + i);
            if (b == '1') {
                bytes[i >> 3] |= (byte) (0x80 >>> (i & 7));
            } else if (b != '0') {
                throw new CodecException("malformed bit string literal: '" + (char) (b & 0xff) + "' is not a binary digit");
            }
        }
        return BitString.of(bytes, length);
    }

    private static void write(BitString value, ByteBuf out) {
        out.writeInt(value.length()); // length in bits
        out.writeBytes(value.toByteArray()); // the bits, zero-padded to whole bytes
    }
}
