package io.pgfast.codec.postgis;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.PrecisionModel;

/**
 * Reads one EWKB value (what geometry_send and geography_send write, and what the hex text holds) into a JTS
 * geometry whose factory carries the value's SRID (0 when none).
 *
 * <p>The format (PostGIS {@code liblwgeom/lwin_wkb.c}; OGC Simple Features, "Well-known Binary"): every
 * geometry, nested ones too, starts with a byte order byte (0 big-endian, 1 little-endian) and a UInt32 type
 * word; EWKB sets flag 0x80000000 for Z, 0x40000000 for M and 0x20000000 for an SRID (a UInt32 after the
 * type word), ISO WKB adds 1000 (Z), 2000 (M) or 3000 (ZM) to the type code; both are read. Then a Point
 * has its ordinates (all NaN: empty), a LineString a UInt32 point count and the points, a Polygon a UInt32
 * ring count and per ring a point count and points, a Multi* or GeometryCollection a UInt32 count and the
 * nested geometries, each with its own header.
 *
 * <p>Every count is checked against the bytes left before anything is allocated, nesting is bounded by
 * {@link #MAX_DEPTH}, and the whole value must be consumed. PostGIS's curve and surface types (codes 8 to
 * 17) have no JTS class and are refused with a message that names the String alternative. Any problem is a
 * {@link CodecException}.
 */
final class EwkbReader {

    /** Collections nested deeper than this are refused (the reader recurses once per level). */
    static final int MAX_DEPTH = 64;

    static final int FLAG_Z = 0x80000000;
    static final int FLAG_M = 0x40000000;
    static final int FLAG_SRID = 0x20000000;

    private static final PrecisionModel PRECISION = new PrecisionModel();
    private static final GeometryFactory NO_SRID = new GeometryFactory(PRECISION, 0);

    private final ByteBuf buf;
    private final int start;
    private final int end;
    private final String typeName;
    private int pos;
    private boolean littleEndian;
    private GeometryFactory factory;

    private EwkbReader(ByteBuf buf, int index, int length, String typeName) {
        this.buf = buf;
        this.start = index;
        this.pos = index;
        this.end = index + length;
        this.typeName = typeName;
    }

    /** The geometry of the {@code length} EWKB bytes at {@code index}; reads with absolute getters only. */
    static Geometry read(ByteBuf buf, int index, int length, String typeName) {
        EwkbReader in = new EwkbReader(buf, index, length, typeName);
        Geometry geometry;
        try {
            geometry = in.geometry(0, 0);
        } catch (IllegalArgumentException jtsRefused) {
            // JTS's own checks, e.g. a polygon ring that is not closed
            throw in.malformed(jtsRefused.getMessage());
        }
        if (in.pos != in.end) {
            throw in.malformed((in.end - in.pos) + " unexpected trailing byte(s)");
        }
        return geometry;
    }

    /** @param expected the type code a Multi* requires of its members, 0 for any */
    private Geometry geometry(int depth, int expected) {
        if (depth > MAX_DEPTH) {
            throw malformed("collections nested deeper than " + MAX_DEPTH);
        }
        int at = pos - start;
        byte order = int8();
        if (order != 0 && order != 1) {
            throw malformed("byte order " + order + " at byte " + at + " (0 or 1 expected)");
        }
        littleEndian = order == 1;
        int word = uint32();
        boolean z = (word & FLAG_Z) != 0;
        boolean m = (word & FLAG_M) != 0;
        int code = word & 0x0fffffff;
        if (code >= 1000 && code < 4000) {
            z |= code / 1000 == 1 || code / 1000 == 3;
            m |= code / 1000 >= 2;
            code %= 1000;
        }
        if ((word & FLAG_SRID) != 0) {
            int srid = uint32();
            if (depth == 0) {
                factory = new GeometryFactory(PRECISION, srid);
            }
        }
        if (depth == 0 && factory == null) {
            factory = NO_SRID;
        }
        if (expected != 0 && code != expected) {
            throw malformed("a member of type " + code + " in a collection of type " + (expected + 3));
        }
        int dimension = 2 + (z ? 1 : 0) + (m ? 1 : 0);
        int measures = m ? 1 : 0;
        switch (code) {
            case 1:
                return point(dimension, measures);
            case 2:
                return factory.createLineString(sequence(count("point", dimension * 8), dimension, measures));
            case 3:
                return polygon(dimension, measures);
            case 4:
                return factory.createMultiPoint(members(depth, 1, new Point[count("point", 9)]));
            case 5:
                return factory.createMultiLineString(members(depth, 2, new LineString[count("line string", 9)]));
            case 6:
                return factory.createMultiPolygon(members(depth, 3, new Polygon[count("polygon", 9)]));
            case 7:
                return factory.createGeometryCollection(members(depth, 0, new Geometry[count("geometry", 9)]));
            default:
                if (code >= 8 && code <= 17) {
                    throw new CodecException("cannot decode " + typeName + " of EWKB type " + code
                            + " (a curve, surface, TIN or triangle) as JTS, which has no such class; read the column as String");
                }
                throw malformed("unknown geometry type " + code + " at byte " + at);
        }
    }

    private Point point(int dimension, int measures) {
        CoordinateSequence one = sequence(1, dimension, measures);
        for (int d = 0; d < dimension; d++) {
            if (!Double.isNaN(one.getOrdinate(0, d))) {
                return factory.createPoint(one);
            }
        }
        // PostGIS writes POINT EMPTY as all ordinates NaN
        return factory.createPoint(factory.getCoordinateSequenceFactory().create(0, dimension, measures));
    }

    private Polygon polygon(int dimension, int measures) {
        int rings = count("ring", 4);
        if (rings == 0) {
            return factory.createPolygon();
        }
        LinearRing shell = factory.createLinearRing(sequence(count("point", dimension * 8), dimension, measures));
        LinearRing[] holes = new LinearRing[rings - 1];
        for (int i = 0; i < holes.length; i++) {
            holes[i] = factory.createLinearRing(sequence(count("point", dimension * 8), dimension, measures));
        }
        return factory.createPolygon(shell, holes);
    }

    private <G extends Geometry> G[] members(int depth, int expected, G[] members) {
        for (int i = 0; i < members.length; i++) {
            @SuppressWarnings("unchecked")
            G member = (G) geometry(depth + 1, expected);
            members[i] = member;
        }
        return members;
    }

    private CoordinateSequence sequence(int size, int dimension, int measures) {
        need((long) size * dimension * 8, size + " points");
        CoordinateSequence sequence = factory.getCoordinateSequenceFactory().create(size, dimension, measures);
        for (int i = 0; i < size; i++) {
            for (int d = 0; d < dimension; d++) {
                sequence.setOrdinate(i, d, float8());
            }
        }
        return sequence;
    }

    /** A UInt32 count of items that take at least {@code minBytes} each, checked against the bytes left. */
    private int count(String what, int minBytes) {
        int at = pos - start;
        int count = uint32();
        if (count < 0 || (long) count * minBytes > end - pos) {
            throw malformed(Integer.toUnsignedString(count) + " " + what + "(s) at byte " + at + " do not fit in the "
                    + (end - pos) + " bytes left");
        }
        return count;
    }

    private byte int8() {
        need(1, "a byte order");
        return buf.getByte(pos++);
    }

    private int uint32() {
        need(4, "a UInt32");
        int v = littleEndian ? buf.getIntLE(pos) : buf.getInt(pos);
        pos += 4;
        return v;
    }

    private double float8() {
        long bits = littleEndian ? buf.getLongLE(pos) : buf.getLong(pos);
        pos += 8;
        return Double.longBitsToDouble(bits);
    }

    private void need(long n, String what) {
        if (end - pos < n) {
            throw malformed("expected " + what + " at byte " + (pos - start) + " but the value ends");
        }
    }

    private CodecException malformed(String detail) {
        return new CodecException("malformed EWKB in a " + typeName + " value: " + detail);
    }
}
