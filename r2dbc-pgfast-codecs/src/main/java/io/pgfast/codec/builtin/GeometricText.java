package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.type.Box;
import io.pgfast.codec.type.Circle;
import io.pgfast.codec.type.Line;
import io.pgfast.codec.type.LineSegment;
import io.pgfast.codec.type.Path;
import io.pgfast.codec.type.Point;
import io.pgfast.codec.type.Polygon;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads the text forms the geometric output functions write ("Geometric Types", section 8.8):
 * point {@code (x,y)}, line {@code {A,B,C}}, lseg {@code [(x1,y1),(x2,y2)]}, box
 * {@code (x1,y1),(x2,y2)}, path {@code ((x1,y1),...)} closed or {@code [(x1,y1),...]} open, polygon
 * {@code ((x1,y1),...)}, circle {@code <(x,y),r>}; whitespace between tokens is allowed. The
 * abbreviated input forms the server also accepts (a point without parentheses, a box as four
 * numbers) are not, since the server never sends them.
 *
 * <p>Numbers are float8out's output: decimal or exponent notation, {@code NaN}, {@code Infinity},
 * {@code -Infinity} (and the other spellings float8in accepts: {@code inf}, any case). Each is
 * checked byte by byte before {@link Double#parseDouble} sees it, so Java-only forms such as hex
 * floats or a trailing {@code d} are rejected.
 */
final class GeometricText {

    /** A number is at most this long: 17 significant digits, sign, point and exponent fit easily. */
    private static final int MAX_NUMBER_LENGTH = 64;

    private final ByteBuf buf;
    private final int end;
    private final String typeName;
    private int pos;

    private GeometricText(ByteBuf buf, int index, int length, String typeName) {
        this.buf = buf;
        this.pos = index;
        this.end = index + length;
        this.typeName = typeName;
    }

    static Point point(ByteBuf buf, int index, int length) {
        GeometricText in = new GeometricText(buf, index, length, "point");
        Point p = in.readPoint();
        in.expectEnd();
        return p;
    }

    static Line line(ByteBuf buf, int index, int length) {
        GeometricText in = new GeometricText(buf, index, length, "line");
        in.expect('{');
        double a = in.readNumber();
        in.expect(',');
        double b = in.readNumber();
        in.expect(',');
        double c = in.readNumber();
        in.expect('}');
        in.expectEnd();
        try {
            return new Line(a, b, c);
        } catch (IllegalArgumentException e) {
            throw in.malformed(e.getMessage());
        }
    }

    static LineSegment lineSegment(ByteBuf buf, int index, int length) {
        GeometricText in = new GeometricText(buf, index, length, "lseg");
        in.expect('[');
        Point start = in.readPoint();
        in.expect(',');
        Point end = in.readPoint();
        in.expect(']');
        in.expectEnd();
        return new LineSegment(start, end);
    }

    static Box box(ByteBuf buf, int index, int length) {
        GeometricText in = new GeometricText(buf, index, length, "box");
        Point a = in.readPoint();
        in.expect(',');
        Point b = in.readPoint();
        in.expectEnd();
        return new Box(a, b);
    }

    static Path path(ByteBuf buf, int index, int length) {
        GeometricText in = new GeometricText(buf, index, length, "path");
        int open = in.peek();
        if (open != '(' && open != '[') {
            throw in.malformed("expected '(' or '['");
        }
        in.pos++;
        List<Point> points = in.readPoints();
        in.expect(open == '(' ? ')' : ']');
        in.expectEnd();
        return open == '(' ? Path.closed(points) : Path.open(points);
    }

    static Polygon polygon(ByteBuf buf, int index, int length) {
        GeometricText in = new GeometricText(buf, index, length, "polygon");
        in.expect('(');
        List<Point> points = in.readPoints();
        in.expect(')');
        in.expectEnd();
        return Polygon.of(points);
    }

    static Circle circle(ByteBuf buf, int index, int length) {
        GeometricText in = new GeometricText(buf, index, length, "circle");
        in.expect('<');
        Point center = in.readPoint();
        in.expect(',');
        double r = in.readNumber();
        in.expect('>');
        in.expectEnd();
        try {
            return new Circle(center, r);
        } catch (IllegalArgumentException e) {
            throw in.malformed(e.getMessage());
        }
    }

    private List<Point> readPoints() {
        List<Point> points = new ArrayList<>();
        points.add(readPoint());
        while (peek() == ',') {
            pos++;
            points.add(readPoint());
        }
        return points;
    }

    private Point readPoint() {
        expect('(');
        double x = readNumber();
        expect(',');
        double y = readNumber();
        expect(')');
        return new Point(x, y);
    }

    private double readNumber() {
        skipSpaces();
        int from = pos;
        while (pos < end && isNumberByte(buf.getByte(pos))) {
            pos++;
        }
        int len = pos - from;
        if (len == 0 || len > MAX_NUMBER_LENGTH) {
            throw malformed(len == 0 ? "expected a number" : "number too long");
        }
        String token = buf.toString(from, len, StandardCharsets.US_ASCII);
        if (!isFloat8Literal(token)) {
            throw malformed("invalid number \"" + token + "\"");
        }
        String lower = token.toLowerCase(Locale.ROOT);
        if (lower.endsWith("nan")) {
            return Double.NaN;
        }
        if (lower.endsWith("inf") || lower.endsWith("infinity")) {
            return lower.charAt(0) == '-' ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        return Double.parseDouble(token);
    }

    private static boolean isNumberByte(byte b) {
        return (b >= '0' && b <= '9') || b == '.' || b == '-' || b == '+' || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
    }

    /** [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?, or [+-]? nan|inf|infinity (any case). */
    static boolean isFloat8Literal(String s) {
        int i = 0;
        int n = s.length();
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        String rest = s.substring(i).toLowerCase(Locale.ROOT);
        if (rest.equals("nan")) {
            return i == 0;
        }
        if (rest.equals("inf") || rest.equals("infinity")) {
            return true;
        }
        int digits = 0;
        while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int exponentDigits = 0;
            while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
                exponentDigits++;
            }
            if (exponentDigits == 0) {
                return false;
            }
        }
        return i == n;
    }

    private int peek() {
        skipSpaces();
        return pos < end ? buf.getByte(pos) & 0xff : -1;
    }

    private void expect(char c) {
        if (peek() != c) {
            throw malformed(pos < end ? "expected '" + c + "'" : "expected '" + c + "' but the input ends");
        }
        pos++;
    }

    private void expectEnd() {
        skipSpaces();
        if (pos != end) {
            throw malformed("junk after the value");
        }
    }

    private void skipSpaces() {
        while (pos < end && ArrayTextDecoder.isSpace(buf.getByte(pos))) {
            pos++;
        }
    }

    private CodecException malformed(String detail) {
        return new CodecException("malformed " + typeName + " literal: " + detail);
    }
}
