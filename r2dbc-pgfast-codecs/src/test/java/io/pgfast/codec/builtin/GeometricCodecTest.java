package io.pgfast.codec.builtin;

import io.pgfast.codec.registry.DefaultCodecRegistry;
import static io.pgfast.codec.builtin.TypesTestSupport.decode;
import static io.pgfast.codec.builtin.TypesTestSupport.decodeText;
import static io.pgfast.codec.builtin.TypesTestSupport.encode;
import static io.pgfast.codec.builtin.TypesTestSupport.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Format;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Box;
import io.pgfast.codec.type.Circle;
import io.pgfast.codec.type.Line;
import io.pgfast.codec.type.LineSegment;
import io.pgfast.codec.type.Path;
import io.pgfast.codec.type.Point;
import io.pgfast.codec.type.Polygon;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Golden bytes and literals from PostgreSQL 15's geometric send and output functions. */
class GeometricCodecTest {

    private static final CodecRegistry REGISTRY = DefaultCodecRegistry.builtins();

    static Object binary(int oid, byte[] bytes) {
        return decode(REGISTRY.decoder(oid, Format.BINARY), bytes);
    }

    static Object binaryText(int oid, byte[] bytes) {
        return decode(REGISTRY.decoder(oid, Format.BINARY, String.class), bytes);
    }

    static Object text(int oid, String literal) {
        return decodeText(REGISTRY.decoder(oid, Format.TEXT), literal);
    }

    static byte[] encoded(Object value) {
        return TypesTestSupport.encodeWith(REGISTRY, value);
    }

    @Test
    void point() {
        byte[] golden = hex(
                "3ff8000000000000", // x 1.5
                "c000000000000000"); // y -2
        Point p = new Point(1.5, -2);
        assertThat(binary(Oid.POINT, golden)).isEqualTo(p);
        assertThat(binaryText(Oid.POINT, golden)).isEqualTo("(1.5,-2)");
        assertThat(text(Oid.POINT, "(1.5,-2)")).isEqualTo(p);
        assertThat(text(Oid.POINT, " ( 1.5 , -2 ) ")).isEqualTo(p);
        assertThat(encoded(p)).isEqualTo(golden);
        assertThat(REGISTRY.encoder(Point.class).oid(p)).isEqualTo(Oid.POINT);
        assertThat(REGISTRY.javaType(Oid.POINT)).isEqualTo(Point.class);
    }

    @Test
    void floatSpellingsOfFloat8Out() {
        assertThat(text(Oid.POINT, "(1e+20,-0)")).isEqualTo(new Point(1e20, -0.0));
        assertThat(text(Oid.POINT, "(NaN,Infinity)")).isEqualTo(new Point(Double.NaN, Double.POSITIVE_INFINITY));
        assertThat(text(Oid.POINT, "(-Infinity,1e-05)")).isEqualTo(new Point(Double.NEGATIVE_INFINITY, 1e-5));
        assertThat(text(Oid.POINT, "(-inf,.5)")).isEqualTo(new Point(Double.NEGATIVE_INFINITY, 0.5));
    }

    @Test
    void line() {
        byte[] golden = hex(
                "3ff0000000000000", // A 1
                "bff0000000000000", // B -1
                "0000000000000000"); // C 0
        Line l = new Line(1, -1, 0);
        assertThat(binary(Oid.LINE, golden)).isEqualTo(l);
        assertThat(binaryText(Oid.LINE, golden)).isEqualTo("{1,-1,0}");
        assertThat(text(Oid.LINE, "{1,-1,0}")).isEqualTo(l);
        assertThat(encoded(l)).isEqualTo(golden);
    }

    @Test
    void lineSegment() {
        byte[] golden = hex(
                "3ff0000000000000", "4000000000000000", // start (1,2)
                "4008000000000000", "4010000000000000"); // end (3,4)
        LineSegment s = new LineSegment(new Point(1, 2), new Point(3, 4));
        assertThat(binary(Oid.LSEG, golden)).isEqualTo(s);
        assertThat(binaryText(Oid.LSEG, golden)).isEqualTo("[(1,2),(3,4)]");
        assertThat(text(Oid.LSEG, "[(1,2),(3,4)]")).isEqualTo(s);
        assertThat(encoded(s)).isEqualTo(golden);
    }

    @Test
    void boxIsNormalizedLikeTheServer() {
        byte[] golden = hex(
                "4008000000000000", "4010000000000000", // upper right (3,4)
                "3ff0000000000000", "4000000000000000"); // lower left (1,2)
        Box b = new Box(new Point(1, 2), new Point(3, 4));
        assertThat(b.upperRight()).isEqualTo(new Point(3, 4));
        assertThat(new Box(new Point(1, 4), new Point(3, 2))).isEqualTo(b);
        assertThat(binary(Oid.BOX, golden)).isEqualTo(b);
        assertThat(binaryText(Oid.BOX, golden)).isEqualTo("(3,4),(1,2)");
        assertThat(text(Oid.BOX, "(3,4),(1,2)")).isEqualTo(b);
        assertThat(encoded(b)).isEqualTo(golden);
    }

    @Test
    void openAndClosedPaths() {
        byte[] open = hex(
                "00", // open
                "00000002", // 2 points
                "3ff0000000000000", "4000000000000000", // (1,2)
                "4008000000000000", "4010000000000000"); // (3,4)
        byte[] closed = open.clone();
        closed[0] = 1;
        Path o = Path.open(new Point(1, 2), new Point(3, 4));
        Path c = Path.closed(new Point(1, 2), new Point(3, 4));
        assertThat(binary(Oid.PATH, open)).isEqualTo(o);
        assertThat(binary(Oid.PATH, closed)).isEqualTo(c);
        assertThat(binaryText(Oid.PATH, open)).isEqualTo("[(1,2),(3,4)]");
        assertThat(binaryText(Oid.PATH, closed)).isEqualTo("((1,2),(3,4))");
        assertThat(text(Oid.PATH, "[(1,2),(3,4)]")).isEqualTo(o);
        assertThat(text(Oid.PATH, "((1,2),(3,4))")).isEqualTo(c);
        assertThat(encoded(o)).isEqualTo(open);
        assertThat(encoded(c)).isEqualTo(closed);
    }

    @Test
    void polygon() {
        byte[] golden = hex(
                "00000003", // 3 points
                "0000000000000000", "0000000000000000", // (0,0)
                "3ff0000000000000", "3ff0000000000000", // (1,1)
                "3ff0000000000000", "0000000000000000"); // (1,0)
        Polygon p = Polygon.of(new Point(0, 0), new Point(1, 1), new Point(1, 0));
        assertThat(binary(Oid.POLYGON, golden)).isEqualTo(p);
        assertThat(binaryText(Oid.POLYGON, golden)).isEqualTo("((0,0),(1,1),(1,0))");
        assertThat(text(Oid.POLYGON, "((0,0),(1,1),(1,0))")).isEqualTo(p);
        assertThat(encoded(p)).isEqualTo(golden);
    }

    @Test
    void circle() {
        byte[] golden = hex(
                "3ff0000000000000", "4000000000000000", // center (1,2)
                "4008000000000000"); // radius 3
        Circle c = new Circle(new Point(1, 2), 3);
        assertThat(binary(Oid.CIRCLE, golden)).isEqualTo(c);
        assertThat(binaryText(Oid.CIRCLE, golden)).isEqualTo("<(1,2),3>");
        assertThat(text(Oid.CIRCLE, "<(1,2),3>")).isEqualTo(c);
        assertThat(encoded(c)).isEqualTo(golden);
    }

    @Test
    void arraysOfGeometricTypesUseTheirDelimiters() {
        assertThat(text(Oid.BOX_ARRAY, "{(3,4),(1,2);(5,5),(0,0)}"))
                .isEqualTo(new Box[] {new Box(new Point(3, 4), new Point(1, 2)), new Box(new Point(5, 5), new Point(0, 0))});
        assertThat(text(Oid.POINT_ARRAY, "{\"(1,2)\"}")).isEqualTo(new Point[] {new Point(1, 2)});
        byte[] boxes = hex(
                "00000001", "00000000", "0000025b", // 1 dimension, no NULLs, element type box (603)
                "00000002", "00000001", // 2 elements from 1
                "00000020", "4008000000000000", "4010000000000000", "3ff0000000000000", "4000000000000000", // (3,4),(1,2)
                "00000020", "4014000000000000", "4014000000000000", "0000000000000000", "0000000000000000"); // (5,5),(0,0)
        assertThat(decode(REGISTRY.decoder(Oid.BOX_ARRAY, Format.BINARY, String.class), boxes)).isEqualTo("{(3,4),(1,2);(5,5),(0,0)}");
        assertThat(encode(REGISTRY.encoder(Box[].class),
                new Box[] {new Box(new Point(3, 4), new Point(1, 2)), new Box(new Point(5, 5), new Point(0, 0))})).isEqualTo(boxes);
    }

    @Test
    void wrongLengthsAndInvalidValuesAreCodecExceptions() {
        assertThatThrownBy(() -> binary(Oid.POINT, hex("3ff8000000000000"))).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> binary(Oid.LINE, hex("0000000000000000", "0000000000000000", "3ff0000000000000")))
                .isInstanceOf(CodecException.class).hasMessageContaining("A and B");
        assertThatThrownBy(() -> binary(Oid.CIRCLE, hex("0000000000000000", "0000000000000000", "bff0000000000000")))
                .isInstanceOf(CodecException.class).hasMessageContaining("radius");
        assertThatThrownBy(() -> binary(Oid.PATH, hex("02", "00000001", "0000000000000000", "0000000000000000")))
                .isInstanceOf(CodecException.class).hasMessageContaining("closed");
        assertThatThrownBy(() -> binary(Oid.PATH, hex("00", "00000002", "0000000000000000", "0000000000000000")))
                .isInstanceOf(CodecException.class).hasMessageContaining("points");
        assertThatThrownBy(() -> binary(Oid.POLYGON, hex("00000000"))).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> binary(Oid.POLYGON, hex("7fffffff", "00"))).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> binaryText(Oid.POLYGON, hex("00000001"))).isInstanceOf(CodecException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "(", "(1)", "(1,2", "(1,2)x", "1,2", "(0x1p3,1)", "(1d,2)", "(1e,2)", "(e5,1)", "(1,2,3)", "(., 1)",
        "(1..2,3)", "(+nan,1)", "(1,٣)", "(--1,2)"})
    void malformedPointTextIsACodecException(String literal) {
        assertThatThrownBy(() -> text(Oid.POINT, literal)).isInstanceOf(CodecException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{0,0,1}", "{1,2}", "[(1,2),(3,4)", "<(1,2),-1>", "()", "[]", "((1,2)", "(1,2),(3,4),(5,6)"})
    void malformedShapesAreCodecExceptions(String literal) {
        int oid = literal.startsWith("{") ? Oid.LINE : literal.startsWith("<") ? Oid.CIRCLE
                : literal.startsWith("[(") ? Oid.LSEG : literal.equals("(1,2),(3,4),(5,6)") ? Oid.BOX : Oid.PATH;
        assertThatThrownBy(() -> text(oid, literal)).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> text(Oid.POLYGON, literal)).isInstanceOf(CodecException.class);
    }
}
