package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.io.AsciiNumbers;
import io.pgfast.codec.oid.Oid;

/**
 * The unsigned 32-bit identifiers oid, xid and cid, the 64-bit xid8, and the OID alias types
 * (regclass, regtype, regproc, ...).
 *
 * <p>oid, xid and cid decode to Long by default (as pgjdbc does): their range 0..4294967295 does
 * not fit an Integer. Integer is available on request and range-checked. Binary is a big-endian
 * UInt32. xid8 (PostgreSQL 13+) decodes to Long; values of 2^63 and above raise
 * {@link CodecException}.
 *
 * <p>The alias types print a name ({@code pg_class}, {@code integer}) in text, but send only the
 * OID in binary, so they are decoded in text format only, to String (the name as the server prints
 * it). Bind an alias type as a String: the server resolves the name.
 *
 * <p>Long and Integer are encoded as oid, xid or cid only as an explicitly typed parameter (a Long
 * binds as int8 by default).
 */
public final class ObjectIdCodec extends OidSetCodec {

    private static final int[] UNSIGNED_32 = {Oid.OID, Oid.XID, Oid.CID};
    private static final int[] ALIASES = {
            Oid.REGPROC, Oid.REGPROCEDURE, Oid.REGOPER, Oid.REGOPERATOR, Oid.REGCLASS, Oid.REGTYPE,
            Oid.REGCONFIG, Oid.REGDICTIONARY, Oid.REGNAMESPACE, Oid.REGROLE, Oid.REGCOLLATION};

    private static final long UNSIGNED_32_MAX = 0xFFFF_FFFFL;

    public ObjectIdCodec() {
        super(concat(concat(UNSIGNED_32, ALIASES), new int[] {Oid.XID8}));
    }

    private static int[] concat(int[] a, int[] b) {
        int[] all = new int[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static boolean isAlias(PgType type) {
        for (int alias : ALIASES) {
            if (alias == type.oid()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return isAlias(type) ? String.class : Long.class;
    }

    @Override
    public boolean binary(PgType type, CodecRegistry registry) {
        return !isAlias(type);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        if (isAlias(type)) {
            // String in text format is served by the registry; an alias has nothing else
            return null;
        }
        String name = type.name();
        boolean xid8 = type.oid() == Oid.XID8;
        Decoder<Long> longs;
        if (format == Format.TEXT) {
            longs = xid8 ? (buf, index, length) -> unsigned64Text(name, buf, index, length)
                    : (buf, index, length) -> unsigned32Text(name, buf, index, length);
        } else {
            longs = xid8 ? (buf, index, length) -> unsigned64Binary(name, buf, index, length)
                    : (buf, index, length) -> unsigned32Binary(name, buf, index, length);
        }
        if (target == Long.class) {
            return (Decoder<T>) longs;
        }
        if (target == Integer.class) {
            return (Decoder<T>) (Decoder<Integer>) (buf, index, length) -> Checks.toInt(name, longs.decode(buf, index, length));
        }
        if (target == String.class && format == Format.BINARY) {
            return (Decoder<T>) (Decoder<String>) (buf, index, length) -> Long.toString(longs.decode(buf, index, length));
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        if (isAlias(type) || (valueClass != Long.class && valueClass != Integer.class)) {
            return null;
        }
        String name = type.name();
        int oid = type.oid();
        if (oid == Oid.XID8) {
            return (Encoder<T>) new SimpleEncoder<Number>(oid, Format.BINARY, (v, out) -> {
                if (v.longValue() < 0) {
                    throw Checks.outOfRange(name, v, Long.class);
                }
                out.writeLong(v.longValue());
            });
        }
        return (Encoder<T>) new SimpleEncoder<Number>(oid, Format.BINARY, (v, out) -> {
            long value = v.longValue();
            if (value < 0 || value > UNSIGNED_32_MAX) {
                throw new CodecException(name + " value " + value + " is outside 0.." + UNSIGNED_32_MAX);
            }
            out.writeInt((int) value);
        });
    }

    private static long unsigned32Text(String type, ByteBuf buf, int index, int length) {
        long value = AsciiNumbers.parseLong(buf, index, length, type);
        if (value < 0 || value > UNSIGNED_32_MAX) {
            throw new CodecException(type + " value " + value + " is outside 0.." + UNSIGNED_32_MAX);
        }
        return value;
    }

    private static long unsigned64Text(String type, ByteBuf buf, int index, int length) {
        long value = AsciiNumbers.parseLong(buf, index, length, type);
        if (value < 0) {
            throw new CodecException(type + " value " + value + " is negative");
        }
        return value;
    }

    private static long unsigned32Binary(String type, ByteBuf buf, int index, int length) {
        Checks.binaryLength(type, 4, length);
        return buf.getUnsignedInt(index);
    }

    private static long unsigned64Binary(String type, ByteBuf buf, int index, int length) {
        Checks.binaryLength(type, 8, length);
        long value = buf.getLong(index);
        if (value < 0) {
            throw new CodecException(type + " value " + Long.toUnsignedString(value) + " is out of range for java.lang.Long");
        }
        return value;
    }
}
