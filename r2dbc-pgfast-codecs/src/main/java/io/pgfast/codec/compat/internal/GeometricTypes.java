package io.pgfast.codec.compat.internal;

import io.pgfast.codec.type.Box;
import io.pgfast.codec.type.Circle;
import io.pgfast.codec.type.Line;
import io.pgfast.codec.type.LineSegment;
import io.pgfast.codec.type.Path;
import io.pgfast.codec.type.Point;
import io.pgfast.codec.type.Polygon;

import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * {@code Point}, {@code Box}, {@code Circle}, {@code Line}, {@code Lseg}, {@code Path} and {@code Polygon},
 * converted to and from the driver's geometric types of the same PostgreSQL types ({@code Lseg} is
 * {@link LineSegment}). A Box's corners go out as given (the server orders them) and come back upper right
 * first, as the server stores them.
 */
final class GeometricTypes {

    private static final String POINT = CompatTypes.PACKAGE + "Point";

    private GeometricTypes() {
    }

    static CompatType point(Class<?> type) {
        Points p = new Points(type);
        return new CompatType.Converted(type, Point.class, p::toDriver, v -> p.fromDriver((Point) v), "point");
    }

    static CompatType box(Class<?> type) {
        return twoPoints(type, "getA", "getB", Box.class, Box::new, Box::upperRight, Box::lowerLeft, "box");
    }

    static CompatType circle(Class<?> type) {
        Points p = Points.beside(type);
        MethodHandle center = Handles.getter(type, "getCenter", p.type);
        MethodHandle radius = Handles.getter(type, "getRadius", double.class);
        MethodHandle of = Handles.factory(type, "of", p.type, double.class);
        return new CompatType.Converted(type, Circle.class,
                v -> new Circle(p.toDriver(Handles.call(center, v)), (double) Handles.call(radius, v)),
                v -> Handles.call(of, p.fromDriver(((Circle) v).center()), ((Circle) v).radius()),
                "circle");
    }

    static CompatType line(Class<?> type) {
        MethodHandle a = Handles.getter(type, "getA", double.class);
        MethodHandle b = Handles.getter(type, "getB", double.class);
        MethodHandle c = Handles.getter(type, "getC", double.class);
        MethodHandle of = Handles.factory(type, "of", double.class, double.class, double.class);
        return new CompatType.Converted(type, Line.class,
                v -> new Line((double) Handles.call(a, v), (double) Handles.call(b, v), (double) Handles.call(c, v)),
                v -> Handles.call(of, ((Line) v).a(), ((Line) v).b(), ((Line) v).c()),
                "line");
    }

    static CompatType lseg(Class<?> type) {
        return twoPoints(type, "getP1", "getP2", LineSegment.class, LineSegment::new, LineSegment::start, LineSegment::end, "lseg");
    }

    static CompatType path(Class<?> type) {
        Points p = Points.beside(type);
        MethodHandle open = Handles.getter(type, "isOpen", boolean.class);
        MethodHandle points = Handles.getter(type, "getPoints", List.class);
        MethodHandle of = Handles.factory(type, "of", boolean.class, List.class);
        return new CompatType.Converted(type, Path.class,
                v -> {
                    List<Point> list = p.toDriver((List<?>) Handles.call(points, v));
                    return (boolean) Handles.call(open, v) ? Path.open(list) : Path.closed(list);
                },
                v -> Handles.call(of, !((Path) v).isClosed(), p.fromDriver(((Path) v).points())),
                "path");
    }

    static CompatType polygon(Class<?> type) {
        Points p = Points.beside(type);
        MethodHandle points = Handles.getter(type, "getPoints", List.class);
        MethodHandle of = Handles.factory(type, "of", List.class);
        return new CompatType.Converted(type, Polygon.class,
                v -> Polygon.of(p.toDriver((List<?>) Handles.call(points, v))),
                v -> Handles.call(of, p.fromDriver(((Polygon) v).points())),
                "polygon");
    }

    /**
     * A class made of two points (Box, Lseg): read with the getters named {@code first} and {@code second}, made with
     * {@code of(point, point)}, and converted to the driver's {@code driver} of the same two points.
     */
    private static <D> CompatType twoPoints(Class<?> type, String first, String second, Class<D> driver,
                                            BiFunction<Point, Point, D> make, Function<D, Point> firstOf,
                                            Function<D, Point> secondOf, String typeName) {
        Points p = Points.beside(type);
        MethodHandle a = Handles.getter(type, first, p.type);
        MethodHandle b = Handles.getter(type, second, p.type);
        MethodHandle of = Handles.factory(type, "of", p.type, p.type);
        return new CompatType.Converted(type, driver,
                v -> make.apply(p.toDriver(Handles.call(a, v)), p.toDriver(Handles.call(b, v))),
                v -> Handles.call(of, p.fromDriver(firstOf.apply(driver.cast(v))), p.fromDriver(secondOf.apply(driver.cast(v)))),
                typeName);
    }

    /** The Point class of one class loader, converted both ways. */
    private static final class Points {

        final Class<?> type;
        private final MethodHandle x;
        private final MethodHandle y;
        private final MethodHandle of;

        Points(Class<?> type) {
            this.type = type;
            this.x = Handles.getter(type, "getX", double.class);
            this.y = Handles.getter(type, "getY", double.class);
            this.of = Handles.factory(type, "of", double.class, double.class);
        }

        /** The Point of the package that {@code sibling} is in. */
        static Points beside(Class<?> sibling) {
            try {
                return new Points(Class.forName(POINT, false, sibling.getClassLoader()));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(sibling.getName() + " is loaded, but not " + POINT + " beside it", e);
            }
        }

        Point toDriver(Object point) {
            if (point == null) {
                throw new IllegalArgumentException("a point is null");
            }
            return new Point((double) Handles.call(x, point), (double) Handles.call(y, point));
        }

        List<Point> toDriver(List<?> points) {
            List<Point> out = new ArrayList<>(points.size());
            for (Object point : points) {
                out.add(toDriver(point));
            }
            return out;
        }

        Object fromDriver(Point point) {
            return Handles.call(of, point.x(), point.y());
        }

        List<Object> fromDriver(List<Point> points) {
            List<Object> out = new ArrayList<>(points.size());
            for (Point point : points) {
                out.add(fromDriver(point));
            }
            return out;
        }
    }
}
