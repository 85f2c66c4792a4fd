package io.pgfast.reliability;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.BitString;
import io.pgfast.codec.type.Box;
import io.pgfast.codec.type.Circle;
import io.pgfast.codec.type.Interval;
import io.pgfast.codec.type.Line;
import io.pgfast.codec.type.LineSegment;
import io.pgfast.codec.type.Lsn;
import io.pgfast.codec.type.MacAddress;
import io.pgfast.codec.type.Multirange;
import io.pgfast.codec.type.Path;
import io.pgfast.codec.type.Point;
import io.pgfast.codec.type.Polygon;
import io.pgfast.codec.type.Range;
import io.pgfast.codec.type.Record;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * Valid encodings of every built-in type, in each format its codec decodes: random Java values of the
 * type's Java class, encoded by the registry's own encoder for that type. The other format comes from
 * the codec itself (a binary value rendered as its text form by the binary-to-String decoder, which
 * the Codec contract requires to print what the server's output function would); ranges,
 * multiranges and records, whose encoders write text, get their binary form assembled from their
 * elements' binary encodings (range_send, multirange_send, record_send in PostgreSQL's sources).
 */
final class CodecSamples {

    /** Characters that text array, range and record parsers treat specially. */
    private static final String SPECIAL = "{}\",\\ ()[]";

    private final CodecRegistry registry;
    private final Random random;

    CodecSamples(CodecRegistry registry, Random random) {
        this.registry = registry;
        this.random = random;
    }

    /** Up to {@code count} valid encodings per format of {@code type}; a format may have none. */
    Map<Format, List<byte[]>> encodings(PgType type, int count) {
        Map<Format, List<byte[]>> out = new EnumMap<>(Format.class);
        out.put(Format.TEXT, new ArrayList<>());
        out.put(Format.BINARY, new ArrayList<>());
        for (int i = 0; i < count * 3 && (out.get(Format.TEXT).size() < count || out.get(Format.BINARY).size() < count); i++) {
            Object value = value(type, 0);
            if (value == null) {
                break;
            }
            Encoded encoded = encode(type.oid(), value);
            if (encoded == null) {
                continue;
            }
            add(out, encoded.format, encoded.bytes, count);
            if (encoded.format == Format.BINARY) {
                // the declared OID's rendering: for int2vector, encoded as int2[], that is the array's text
                byte[] text = renderText(encoded.oid == 0 ? type.oid() : encoded.oid, encoded.bytes);
                if (text != null) {
                    add(out, Format.TEXT, text, count);
                }
            } else {
                byte[] binary = binary(type, value, 0);
                if (binary != null) {
                    add(out, Format.BINARY, binary, count);
                }
            }
        }
        return out;
    }

    private static void add(Map<Format, List<byte[]>> out, Format format, byte[] bytes, int count) {
        if (out.get(format).size() < count) {
            out.get(format).add(bytes);
        }
    }

    /** An encoding, the format the encoder chose and the type OID it declares. */
    private static final class Encoded {
        final Format format;
        final byte[] bytes;
        final int oid;

        Encoded(Format format, byte[] bytes, int oid) {
            this.format = format;
            this.bytes = bytes;
            this.oid = oid;
        }
    }

    /** The registry's encoding of {@code value} as type {@code oid}; null when it declines this value. */
    @SuppressWarnings("unchecked")
    private Encoded encode(int oid, Object value) {
        Encoder<Object> encoder;
        try {
            encoder = (Encoder<Object>) registry.encoder(oid, value.getClass());
        } catch (IllegalArgumentException e) {
            try {
                encoder = (Encoder<Object>) registry.encoder(value.getClass());
            } catch (IllegalArgumentException none) {
                return null;
            }
        }
        ByteBuf out = Unpooled.buffer();
        try {
            encoder.encode(value, out);
            return new Encoded(encoder.format(), ByteBufUtil.getBytes(out), encoder.oid(value));
        } catch (RuntimeException declined) {
            // a value the encoder cannot represent (an out-of-range OID, a date beyond the type's range)
            return null;
        } finally {
            out.release();
        }
    }

    private byte[] renderText(int oid, byte[] binary) {
        if (!registry.binaryDecodable(oid)) {
            return null;
        }
        try {
            String text = registry.decoder(oid, Format.BINARY, String.class).decode(Unpooled.wrappedBuffer(binary), 0, binary.length);
            return text.getBytes(StandardCharsets.UTF_8);
        } catch (RuntimeException notRenderable) {
            return null;
        }
    }

    /** A random value of the type's Java class; null when there is no generator for it. */
    Object value(PgType type, int depth) {
        int oid = type.oid();
        if (type.isArray()) {
            return array(type, depth);
        }
        if (type.kind() == PgType.Kind.RANGE || type.rangeSubtypeOid() != 0) {
            return range(type.rangeSubtypeOid(), depth);
        }
        if (type.kind() == PgType.Kind.MULTIRANGE || type.rangeOid() != 0) {
            PgType rangeType = registry.type(type.rangeOid()).orElse(null);
            if (rangeType == null) {
                return null;
            }
            List<Range<Object>> ranges = new ArrayList<>();
            for (int i = random.nextInt(4); i > 0; i--) {
                ranges.add(range(rangeType.rangeSubtypeOid(), depth));
            }
            return Multirange.of(ranges);
        }
        if (oid == Oid.RECORD) {
            List<String> texts = new ArrayList<>();
            for (int i = random.nextInt(5); i > 0; i--) {
                texts.add(random.nextInt(5) == 0 ? null : text(8));
            }
            return Record.ofText(texts.toArray(new String[0]));
        }
        return scalar(oid, registry.javaType(oid));
    }

    private Object scalar(int oid, Class<?> javaType) {
        if (javaType == Boolean.class) {
            return random.nextBoolean();
        } else if (javaType == Short.class) {
            return (short) edgy(Short.MIN_VALUE, Short.MAX_VALUE);
        } else if (javaType == Integer.class) {
            return (int) edgy(Integer.MIN_VALUE, Integer.MAX_VALUE);
        } else if (javaType == Long.class) {
            boolean unsigned32 = oid == Oid.OID || oid == Oid.XID || oid == Oid.CID;
            return unsigned32 ? edgy(0, 0xFFFFFFFFL) : oid == Oid.XID8 ? edgy(0, Long.MAX_VALUE) : edgy(Long.MIN_VALUE, Long.MAX_VALUE);
        } else if (javaType == Float.class) {
            return random.nextInt(4) == 0 ? specialFloat() : Float.intBitsToFloat(random.nextInt());
        } else if (javaType == Double.class) {
            return random.nextInt(4) == 0 ? (double) specialFloat() : Double.longBitsToDouble(random.nextLong());
        } else if (javaType == BigDecimal.class) {
            return new BigDecimal(new BigInteger(1 + random.nextInt(130), random).multiply(BigInteger.valueOf(random.nextBoolean() ? 1 : -1)),
                    random.nextInt(60) - 20);
        } else if (javaType == String.class) {
            if (oid == Oid.CHAR) {
                return String.valueOf((char) (32 + random.nextInt(95)));
            }
            if (oid == Oid.JSON || oid == Oid.JSONB) {
                return "{\"k\": [" + random.nextInt() + ", \"" + text(6).replace("\\", "").replace("\"", "") + "\", null, true]}";
            }
            return text(40);
        } else if (javaType == ByteBuffer.class) {
            return ByteBuffer.wrap(Mutator.randomBytes(random, random.nextInt(40)));
        } else if (javaType == UUID.class) {
            return new UUID(random.nextLong(), random.nextLong());
        } else if (javaType == LocalDate.class) {
            return date();
        } else if (javaType == LocalTime.class) {
            return time();
        } else if (javaType == LocalDateTime.class) {
            return LocalDateTime.of(date(), time());
        } else if (javaType == OffsetDateTime.class) {
            return OffsetDateTime.of(LocalDateTime.of(date(), time()), offset());
        } else if (javaType == OffsetTime.class) {
            return OffsetTime.of(time(), offset());
        } else if (javaType == InetAddress.class) {
            return inet();
        } else if (javaType == BitString.class) {
            int bits = random.nextInt(70);
            return BitString.of(Mutator.randomBytes(random, (bits + 7) / 8), bits);
        } else if (javaType == Point.class) {
            return point();
        } else if (javaType == Box.class) {
            return new Box(point(), point());
        } else if (javaType == Circle.class) {
            return new Circle(point(), Math.abs(coordinate()));
        } else if (javaType == Line.class) {
            return new Line(coordinate(), coordinate() + 1, coordinate());
        } else if (javaType == LineSegment.class) {
            return new LineSegment(point(), point());
        } else if (javaType == Path.class) {
            return random.nextBoolean() ? Path.open(points(1)) : Path.closed(points(1));
        } else if (javaType == Polygon.class) {
            return Polygon.of(points(1));
        } else if (javaType == Interval.class) {
            return Interval.of((int) edgy(-1200000, 1200000), (int) edgy(-100000, 100000), edgy(-(1L << 50), 1L << 50));
        } else if (javaType == Lsn.class) {
            return new Lsn(random.nextLong());
        } else if (javaType == MacAddress.class) {
            return MacAddress.of(Mutator.randomBytes(random, oid == Oid.MACADDR8 ? 8 : 6));
        }
        return null;
    }

    /** 1- or 2-dimensional arrays of the element's Java class, some elements NULL. */
    private Object array(PgType type, int depth) {
        PgType element = registry.type(type.elementOid()).orElse(null);
        if (element == null || depth > 1) {
            return null;
        }
        Object first = value(element, depth + 1);
        if (first == null) {
            return null;
        }
        Class<?> elementClass = first.getClass();
        if (elementClass.isArray()) {
            return null;
        }
        if (first instanceof Range) {
            elementClass = Range.class;
        } else if (first instanceof Multirange) {
            elementClass = Multirange.class;
        } else if (first instanceof Record) {
            elementClass = Record.class;
        } else if (ByteBuffer.class.isAssignableFrom(elementClass)) {
            elementClass = ByteBuffer.class;
        } else if (InetAddress.class.isAssignableFrom(elementClass)) {
            elementClass = InetAddress.class;
        }
        int rows = random.nextInt(3) == 0 ? 1 + random.nextInt(3) : 0;
        int columns = random.nextInt(6);
        if (rows == 0) {
            Object flat = Array.newInstance(elementClass, columns);
            for (int i = 0; i < columns; i++) {
                Array.set(flat, i, random.nextInt(6) == 0 ? null : value(element, depth + 1));
            }
            return flat;
        }
        Object grid = Array.newInstance(Array.newInstance(elementClass, 0).getClass(), rows);
        for (int r = 0; r < rows; r++) {
            Object row = Array.newInstance(elementClass, columns);
            for (int i = 0; i < columns; i++) {
                Array.set(row, i, random.nextInt(6) == 0 ? null : value(element, depth + 1));
            }
            Array.set(grid, r, row);
        }
        return grid;
    }

    @SuppressWarnings("unchecked")
    private Range<Object> range(int subtypeOid, int depth) {
        if (random.nextInt(8) == 0) {
            return Range.empty();
        }
        PgType subtype = registry.type(subtypeOid).orElseThrow();
        Object a = random.nextInt(5) == 0 ? null : value(subtype, depth + 1);
        Object b = random.nextInt(5) == 0 ? null : value(subtype, depth + 1);
        if (a instanceof Comparable && b != null && ((Comparable<Object>) a).compareTo(b) > 0) {
            Object t = a;
            a = b;
            b = t;
        }
        return Range.of(a, a != null && random.nextBoolean(), b, b != null && random.nextBoolean());
    }

    /** The binary form of a range, multirange or record value whose encoder writes text; null otherwise. */
    private byte[] binary(PgType type, Object value, int depth) {
        if (value instanceof String) {
            // the binary form of the text-like types is their UTF-8 text; jsonb's starts with version 1
            byte[] utf8 = ((String) value).getBytes(StandardCharsets.UTF_8);
            if (type.oid() != Oid.JSONB) {
                return utf8;
            }
            byte[] jsonb = new byte[utf8.length + 1];
            jsonb[0] = 1;
            System.arraycopy(utf8, 0, jsonb, 1, utf8.length);
            return jsonb;
        }
        ByteBuf out = Unpooled.buffer();
        try {
            if (value instanceof Range) {
                writeRange(out, type.rangeSubtypeOid(), (Range<?>) value);
            } else if (value instanceof Multirange) {
                int subtype = registry.type(type.rangeOid()).orElseThrow().rangeSubtypeOid();
                List<? extends Range<?>> ranges = ((Multirange<?>) value).ranges();
                out.writeInt(ranges.size());
                for (Range<?> range : ranges) {
                    int at = out.writerIndex();
                    out.writeInt(0);
                    writeRange(out, subtype, range);
                    out.setInt(at, out.writerIndex() - at - 4);
                }
            } else if (value instanceof Record) {
                writeRecord(out);
            } else if (value instanceof Object[] && type.isArray()) {
                writeArray(out, registry.type(type.elementOid()).orElseThrow(), (Object[]) value, depth);
            } else {
                return null;
            }
            return ByteBufUtil.getBytes(out);
        } catch (RuntimeException notEncodable) {
            return null;
        } finally {
            out.release();
        }
    }

    /** range_send: flags, then each finite bound as Int32 length and the subtype's binary value. */
    private void writeRange(ByteBuf out, int subtype, Range<?> range) {
        if (range.isEmpty()) {
            out.writeByte(0x01);
            return;
        }
        Object lower = range.hasLower() ? range.lower() : null;
        Object upper = range.hasUpper() ? range.upper() : null;
        int flags = (range.isLowerInclusive() ? 0x02 : 0) | (range.isUpperInclusive() ? 0x04 : 0)
                | (lower == null ? 0x08 : 0) | (upper == null ? 0x10 : 0);
        out.writeByte(flags);
        for (Object bound : new Object[] {lower, upper}) {
            if (bound != null) {
                Encoded encoded = encode(subtype, bound);
                if (encoded == null || encoded.format != Format.BINARY) {
                    throw new IllegalStateException("no binary encoding of the bound");
                }
                out.writeInt(encoded.bytes.length).writeBytes(encoded.bytes);
            }
        }
    }

    /**
     * array_send of a one-dimensional array: Int32 ndim, Int32 has-NULL flag, element type OID, Int32
     * length and lower bound, then per element Int32 length (-1 NULL) and the element's binary value.
     */
    private void writeArray(ByteBuf out, PgType element, Object[] elements, int depth) {
        boolean hasNull = false;
        for (Object e : elements) {
            if (e instanceof Object[]) {
                throw new IllegalStateException("only one-dimensional arrays are assembled here");
            }
            hasNull |= e == null;
        }
        out.writeInt(elements.length == 0 ? 0 : 1).writeInt(hasNull ? 1 : 0).writeInt(element.oid());
        if (elements.length > 0) {
            out.writeInt(elements.length).writeInt(1);
        }
        for (Object e : elements) {
            if (e == null) {
                out.writeInt(-1);
                continue;
            }
            byte[] bytes = binary(element, e, depth + 1);
            if (bytes == null) {
                Encoded encoded = encode(element.oid(), e);
                if (encoded == null || encoded.format != Format.BINARY) {
                    throw new IllegalStateException("no binary encoding of the element");
                }
                bytes = encoded.bytes;
            }
            out.writeInt(bytes.length).writeBytes(bytes);
        }
    }

    /** record_send: Int32 field count, then per field its type OID, Int32 length (-1 NULL) and binary value. */
    private void writeRecord(ByteBuf out) {
        int[] oids = {Oid.INT4, Oid.TEXT, Oid.BOOL, Oid.NUMERIC, Oid.FLOAT8, Oid.DATE, Oid.UUID};
        int fields = random.nextInt(5);
        out.writeInt(fields);
        for (int i = 0; i < fields; i++) {
            int oid = oids[random.nextInt(oids.length)];
            out.writeInt(oid);
            Object value = random.nextInt(5) == 0 ? null : scalar(oid, registry.javaType(oid));
            Encoded encoded = value == null ? null : encode(oid, value);
            if (encoded == null || (encoded.format != Format.BINARY && oid != Oid.TEXT)) {
                out.writeInt(-1);
            } else {
                out.writeInt(encoded.bytes.length).writeBytes(encoded.bytes);
            }
        }
    }

    // ---- scalar generators ----------------------------------------------------------------------

    /** Mostly uniform in [min, max], one time in four one of its edges. */
    private long edgy(long min, long max) {
        if (random.nextInt(4) == 0) {
            long[] edges = {min, max, 0, 1, -1, min + 1, max - 1};
            long edge = edges[random.nextInt(edges.length)];
            return Math.max(min, Math.min(max, edge));
        }
        if (min == Long.MIN_VALUE && max == Long.MAX_VALUE) {
            return random.nextLong();
        }
        return min + (long) (random.nextDouble() * ((double) max - (double) min));
    }

    private float specialFloat() {
        float[] special = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f, Float.MIN_VALUE, Float.MAX_VALUE, 1e-40f};
        return special[random.nextInt(special.length)];
    }

    /** Text of ASCII, Latin, CJK and astral (surrogate pair) characters; never NUL, which text cannot hold. */
    private String text(int maxLength) {
        StringBuilder s = new StringBuilder();
        for (int i = random.nextInt(maxLength + 1); i > 0; i--) {
            switch (random.nextInt(6)) {
                case 0:
                    s.append((char) (0xC0 + random.nextInt(0x100)));
                    break;
                case 1:
                    s.append((char) (0x4E00 + random.nextInt(0x5000)));
                    break;
                case 2:
                    s.appendCodePoint(0x1F600 + random.nextInt(0x50));
                    break;
                case 3:
                    s.append(SPECIAL.charAt(random.nextInt(SPECIAL.length())));
                    break;
                default:
                    s.append((char) (32 + random.nextInt(95)));
            }
        }
        return s.toString();
    }

    private LocalDate date() {
        switch (random.nextInt(10)) {
            case 0:
                return LocalDate.MAX;
            case 1:
                return LocalDate.MIN;
            default:
                // PostgreSQL's date range: 4713 BC to 5874897 AD
                return LocalDate.ofEpochDay(edgy(-2_440_000L, 2_000_000_000L / 365));
        }
    }

    private LocalTime time() {
        return LocalTime.ofNanoOfDay(edgy(0, 86_400_000_000L - 1) * 1000);
    }

    private ZoneOffset offset() {
        return ZoneOffset.ofTotalSeconds((int) edgy(-15 * 3600, 15 * 3600) / 60 * 60);
    }

    private InetAddress inet() {
        try {
            return InetAddress.getByAddress(Mutator.randomBytes(random, random.nextBoolean() ? 4 : 16));
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private double coordinate() {
        return random.nextInt(8) == 0 ? Double.longBitsToDouble(random.nextLong()) : (random.nextDouble() - 0.5) * 1e6;
    }

    private Point point() {
        return new Point(coordinate(), coordinate());
    }

    private List<Point> points(int min) {
        List<Point> points = new ArrayList<>();
        for (int i = min + random.nextInt(5); i > 0; i--) {
            points.add(point());
        }
        return points;
    }
}
