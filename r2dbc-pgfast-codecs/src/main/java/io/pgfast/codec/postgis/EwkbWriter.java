package io.pgfast.codec.postgis;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * Writes a JTS geometry as little-endian EWKB (the layout {@link EwkbReader} reads), as PostGIS writes it
 * on little-endian machines: the SRID (when not 0) in the outer header only, Z and M as the EWKB flags, an
 * empty point as NaN ordinates.
 *
 * <p>Which ordinates are written is decided once for the whole geometry, as PostGIS requires one
 * dimensionality throughout: Z when a coordinate sequence has a Z ordinate that is not NaN (a plain
 * {@code Coordinate} always has a Z slot, NaN when unused, so a 2D point built from one stays 2D), M when a
 * sequence has a measure ({@code CoordinateXYM}, {@code CoordinateXYZM}). Ordinates a member lacks are
 * written as NaN.
 */
final class EwkbWriter {

    private final ByteBuf out;
    private final int flags;
    private final boolean z;
    private final boolean m;

    private EwkbWriter(ByteBuf out, boolean z, boolean m) {
        this.out = out;
        this.z = z;
        this.m = m;
        this.flags = (z ? EwkbReader.FLAG_Z : 0) | (m ? EwkbReader.FLAG_M : 0);
    }

    /** Appends the EWKB of {@code geometry} at the writer index of {@code out}; on failure writes nothing. */
    static void write(Geometry geometry, ByteBuf out) {
        boolean[] zm = new boolean[2];
        ordinates(geometry, zm);
        int mark = out.writerIndex();
        try {
            new EwkbWriter(out, zm[0], zm[1]).geometry(geometry, geometry.getSRID());
        } catch (RuntimeException e) {
            out.writerIndex(mark);
            throw e;
        }
    }

    private static void ordinates(Geometry geometry, boolean[] zm) {
        if (geometry instanceof GeometryCollection) {
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                ordinates(geometry.getGeometryN(i), zm);
            }
        } else if (geometry instanceof Polygon) {
            Polygon polygon = (Polygon) geometry;
            ordinates(polygon.getExteriorRing().getCoordinateSequence(), zm);
            for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
                ordinates(polygon.getInteriorRingN(i).getCoordinateSequence(), zm);
            }
        } else if (geometry instanceof LineString) {
            ordinates(((LineString) geometry).getCoordinateSequence(), zm);
        } else if (geometry instanceof Point) {
            ordinates(((Point) geometry).getCoordinateSequence(), zm);
        }
    }

    private static void ordinates(CoordinateSequence sequence, boolean[] zm) {
        zm[1] |= sequence.hasM();
        if (!zm[0] && sequence.hasZ()) {
            for (int i = 0; i < sequence.size() && !zm[0]; i++) {
                zm[0] = !Double.isNaN(sequence.getZ(i));
            }
        }
    }

    private void geometry(Geometry geometry, int srid) {
        out.writeByte(1); // byte order: little-endian (NDR)
        int word = code(geometry) | flags | (srid != 0 ? EwkbReader.FLAG_SRID : 0);
        out.writeIntLE(word); // type code and EWKB flags
        if (srid != 0) {
            out.writeIntLE(srid); // SRID, outer header only
        }
        if (geometry instanceof Point) {
            CoordinateSequence sequence = ((Point) geometry).getCoordinateSequence();
            if (sequence.size() == 0) {
                for (int d = 2 + (z ? 1 : 0) + (m ? 1 : 0); d > 0; d--) {
                    out.writeLongLE(Double.doubleToRawLongBits(Double.NaN)); // POINT EMPTY
                }
            } else {
                points(sequence, false);
            }
        } else if (geometry instanceof LineString) {
            points(((LineString) geometry).getCoordinateSequence(), true);
        } else if (geometry instanceof Polygon) {
            Polygon polygon = (Polygon) geometry;
            if (polygon.isEmpty()) {
                out.writeIntLE(0); // ring count
                return;
            }
            out.writeIntLE(1 + polygon.getNumInteriorRing()); // ring count
            points(polygon.getExteriorRing().getCoordinateSequence(), true);
            for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
                points(polygon.getInteriorRingN(i).getCoordinateSequence(), true);
            }
        } else {
            out.writeIntLE(geometry.getNumGeometries()); // member count
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                geometry(geometry.getGeometryN(i), 0);
            }
        }
    }

    private void points(CoordinateSequence sequence, boolean counted) {
        if (counted) {
            out.writeIntLE(sequence.size()); // point count
        }
        for (int i = 0; i < sequence.size(); i++) {
            out.writeLongLE(Double.doubleToRawLongBits(sequence.getX(i)));
            out.writeLongLE(Double.doubleToRawLongBits(sequence.getY(i)));
            if (z) {
                out.writeLongLE(Double.doubleToRawLongBits(sequence.getZ(i)));
            }
            if (m) {
                out.writeLongLE(Double.doubleToRawLongBits(sequence.getM(i)));
            }
        }
    }

    private static int code(Geometry geometry) {
        if (geometry instanceof Point) {
            return 1;
        } else if (geometry instanceof LineString) {
            return 2; // a LinearRing too
        } else if (geometry instanceof Polygon) {
            return 3;
        } else if (geometry instanceof MultiPoint) {
            return 4;
        } else if (geometry instanceof MultiLineString) {
            return 5;
        } else if (geometry instanceof MultiPolygon) {
            return 6;
        } else if (geometry instanceof GeometryCollection) {
            return 7;
        }
        throw new CodecException("cannot encode a " + geometry.getClass().getName() + " as EWKB: not one of JTS's seven geometry types");
    }
}
