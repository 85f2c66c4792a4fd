package io.pgfast.tck;

import io.pgfast.codec.type.Box;
import io.pgfast.codec.type.Circle;
import io.pgfast.codec.type.Line;
import io.pgfast.codec.type.LineSegment;
import io.pgfast.codec.type.Path;
import io.pgfast.codec.type.Point;
import io.pgfast.codec.type.Polygon;
import org.postgresql.geometric.PGbox;
import org.postgresql.geometric.PGcircle;
import org.postgresql.geometric.PGline;
import org.postgresql.geometric.PGlseg;
import org.postgresql.geometric.PGpath;
import org.postgresql.geometric.PGpoint;
import org.postgresql.geometric.PGpolygon;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** The geometric types: pgjdbc's {@code org.postgresql.geometric} objects rebuilt as our value types, then equals. */
final class GeometricMappings {

    static final Mapping POINT = Mapping.exact(Point.class, (rs, i) -> {
        PGpoint p = read(rs, i, PGpoint.class);
        return p == null ? null : point(p);
    });
    static final Mapping LINE = Mapping.exact(Line.class, (rs, i) -> {
        PGline l = read(rs, i, PGline.class);
        return l == null ? null : new Line(l.a, l.b, l.c);
    });
    static final Mapping LINE_SEGMENT = Mapping.exact(LineSegment.class, (rs, i) -> {
        PGlseg s = read(rs, i, PGlseg.class);
        return s == null ? null : new LineSegment(point(s.point[0]), point(s.point[1]));
    });
    static final Mapping BOX = Mapping.exact(Box.class, (rs, i) -> {
        PGbox b = read(rs, i, PGbox.class);
        return b == null ? null : new Box(point(b.point[0]), point(b.point[1]));
    });
    static final Mapping PATH = Mapping.exact(Path.class, (rs, i) -> {
        PGpath p = read(rs, i, PGpath.class);
        return p == null ? null : p.isOpen() ? Path.open(points(p.points)) : Path.closed(points(p.points));
    });
    static final Mapping POLYGON = Mapping.exact(Polygon.class, (rs, i) -> {
        PGpolygon p = read(rs, i, PGpolygon.class);
        return p == null ? null : Polygon.of(points(p.points));
    });
    static final Mapping CIRCLE = Mapping.exact(Circle.class, (rs, i) -> {
        PGcircle c = read(rs, i, PGcircle.class);
        return c == null ? null : new Circle(point(c.center), c.radius);
    });

    private GeometricMappings() {
    }

    private static <T> T read(ResultSet rs, int column, Class<T> type) throws SQLException {
        Object value = rs.getObject(column);
        if (value == null) {
            return null;
        }
        if (!type.isInstance(value)) {
            throw new SQLException("pgjdbc read " + value.getClass().getName() + ", expected " + type.getName());
        }
        return type.cast(value);
    }

    private static Point point(PGpoint p) {
        return new Point(p.x, p.y);
    }

    private static List<Point> points(PGpoint[] points) {
        List<Point> list = new ArrayList<>(points.length);
        for (PGpoint p : points) {
            list.add(point(p));
        }
        return list;
    }
}
