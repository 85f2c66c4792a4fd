package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Box;
import io.pgfast.codec.type.Circle;
import io.pgfast.codec.type.Line;
import io.pgfast.codec.type.LineSegment;
import io.pgfast.codec.type.Path;
import io.pgfast.codec.type.Point;
import io.pgfast.codec.type.Polygon;
import java.util.ArrayList;
import java.util.List;

/**
 * The binary forms of the geometric types (the *_send functions in src/backend/utils/adt/geo_ops.c),
 * every coordinate a big-endian IEEE float8:
 *
 * <pre>
 * point    x, y
 * line     A, B, C
 * lseg     x1, y1, x2, y2
 * box      high x, high y, low x, low y
 * path     Byte1 closed (1) or open (0), Int32 npts, npts x (x, y)
 * polygon  Int32 npts, npts x (x, y)
 * circle   center x, center y, radius
 * </pre>
 *
 * Readers check the exact length (and for path/polygon the point count against it) before reading.
 */
final class GeometricBinary {

    private GeometricBinary() {
    }

    static Point point(ByteBuf buf, int index, int length) {
        ContainerReader in = fixed(buf, index, length, 16, "point");
        return readPoint(in);
    }

    static Line line(ByteBuf buf, int index, int length) {
        ContainerReader in = fixed(buf, index, length, 24, "line");
        try {
            return new Line(in.float8(), in.float8(), in.float8());
        } catch (IllegalArgumentException e) {
            throw in.malformed(e.getMessage());
        }
    }

    static LineSegment lineSegment(ByteBuf buf, int index, int length) {
        ContainerReader in = fixed(buf, index, length, 32, "lseg");
        return new LineSegment(readPoint(in), readPoint(in));
    }

    static Box box(ByteBuf buf, int index, int length) {
        ContainerReader in = fixed(buf, index, length, 32, "box");
        return new Box(readPoint(in), readPoint(in));
    }

    static Path path(ByteBuf buf, int index, int length) {
        ContainerReader in = new ContainerReader(buf, index, length, "path");
        byte closed = in.int8();
        if (closed != 0 && closed != 1) {
            throw in.malformed("closed flag " + closed);
        }
        List<Point> points = readPoints(in);
        return closed == 1 ? Path.closed(points) : Path.open(points);
    }

    static Polygon polygon(ByteBuf buf, int index, int length) {
        return Polygon.of(readPoints(new ContainerReader(buf, index, length, "polygon")));
    }

    static Circle circle(ByteBuf buf, int index, int length) {
        ContainerReader in = fixed(buf, index, length, 24, "circle");
        Point center = readPoint(in);
        try {
            return new Circle(center, in.float8());
        } catch (IllegalArgumentException e) {
            throw in.malformed(e.getMessage());
        }
    }

    /** The number of points of a binary path or polygon, checked against the value's length. */
    static int pointCount(ContainerReader in) {
        int npts = in.int32();
        if (npts < 1 || npts != in.remaining() / 16 || in.remaining() % 16 != 0) {
            throw in.malformed(npts + " points in " + in.remaining() + " bytes (16 per point, at least one)");
        }
        return npts;
    }

    private static List<Point> readPoints(ContainerReader in) {
        int npts = pointCount(in);
        List<Point> points = new ArrayList<>(npts);
        for (int i = 0; i < npts; i++) {
            points.add(readPoint(in));
        }
        return points;
    }

    private static Point readPoint(ContainerReader in) {
        return new Point(in.float8(), in.float8());
    }

    private static ContainerReader fixed(ByteBuf buf, int index, int length, int expected, String typeName) {
        if (length != expected) {
            throw new CodecException("malformed binary " + typeName + " value: " + length + " bytes, expected " + expected);
        }
        return new ContainerReader(buf, index, length, typeName);
    }

    static void writePoint(Point p, ByteBuf out) {
        out.writeDouble(p.x()).writeDouble(p.y());
    }

    static void writeLine(Line l, ByteBuf out) {
        out.writeDouble(l.a()).writeDouble(l.b()).writeDouble(l.c());
    }

    static void writeLineSegment(LineSegment s, ByteBuf out) {
        writePoint(s.start(), out);
        writePoint(s.end(), out);
    }

    static void writeBox(Box b, ByteBuf out) {
        writePoint(b.upperRight(), out);
        writePoint(b.lowerLeft(), out);
    }

    static void writePath(Path p, ByteBuf out) {
        out.writeByte(p.isClosed() ? 1 : 0);
        writePoints(p.points(), out);
    }

    static void writePolygon(Polygon p, ByteBuf out) {
        writePoints(p.points(), out);
    }

    static void writeCircle(Circle c, ByteBuf out) {
        writePoint(c.center(), out);
        out.writeDouble(c.radius());
    }

    private static void writePoints(List<Point> points, ByteBuf out) {
        out.writeInt(points.size());
        for (Point p : points) {
            writePoint(p, out);
        }
    }

    /**
     * Renders a binary geometric value as its output function prints it, each coordinate by the
     * float8 binary-to-String decoder (so numbers look exactly like float8 output).
     */
    static final class ToText implements Decoder<String> {

        private final int oid;
        private final String typeName;
        private final Decoder<String> float8;

        /** @param oid the OID of one of the seven geometric types */
        ToText(int oid, String typeName, Decoder<String> float8) {
            this.oid = oid;
            this.typeName = typeName;
            this.float8 = float8;
        }

        @Override
        public String decode(ByteBuf buf, int index, int length) {
            StringBuilder sb = new StringBuilder(length * 2);
            switch (oid) {
                case Oid.POINT:
                    point(fixed(buf, index, length, 16, typeName), sb);
                    break;
                case Oid.LINE: {
                    ContainerReader in = fixed(buf, index, length, 24, typeName);
                    sb.append('{');
                    number(in, sb).append(',');
                    number(in, sb).append(',');
                    number(in, sb).append('}');
                    break;
                }
                case Oid.LSEG: {
                    ContainerReader in = fixed(buf, index, length, 32, typeName);
                    sb.append('[');
                    point(in, sb).append(',');
                    point(in, sb).append(']');
                    break;
                }
                case Oid.BOX: {
                    ContainerReader in = fixed(buf, index, length, 32, typeName);
                    point(in, sb).append(',');
                    point(in, sb);
                    break;
                }
                case Oid.PATH: {
                    ContainerReader in = new ContainerReader(buf, index, length, typeName);
                    byte closed = in.int8();
                    if (closed != 0 && closed != 1) {
                        throw in.malformed("closed flag " + closed);
                    }
                    sb.append(closed == 1 ? '(' : '[');
                    points(in, sb).append(closed == 1 ? ')' : ']');
                    break;
                }
                case Oid.POLYGON:
                    sb.append('(');
                    points(new ContainerReader(buf, index, length, typeName), sb).append(')');
                    break;
                default: { // circle
                    ContainerReader in = fixed(buf, index, length, 24, typeName);
                    sb.append('<');
                    point(in, sb).append(',');
                    number(in, sb).append('>');
                }
            }
            return sb.toString();
        }

        private StringBuilder points(ContainerReader in, StringBuilder sb) {
            int npts = pointCount(in);
            for (int i = 0; i < npts; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                point(in, sb);
            }
            return sb;
        }

        private StringBuilder point(ContainerReader in, StringBuilder sb) {
            sb.append('(');
            number(in, sb).append(',');
            return number(in, sb).append(')');
        }

        private StringBuilder number(ContainerReader in, StringBuilder sb) {
            int at = in.position();
            in.int64();
            return sb.append(float8.decode(in.buffer(), at, 8));
        }
    }
}
