package io.pgfast.codec.builtin;

import io.pgfast.codec.registry.DefaultCodecRegistry;
import static io.pgfast.codec.builtin.GeometricCodecTest.binary;
import static io.pgfast.codec.builtin.GeometricCodecTest.binaryText;
import static io.pgfast.codec.builtin.GeometricCodecTest.encoded;
import static io.pgfast.codec.builtin.GeometricCodecTest.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Format;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Box;
import io.pgfast.codec.type.LineSegment;
import io.pgfast.codec.type.Path;
import io.pgfast.codec.type.Point;
import io.pgfast.codec.type.Polygon;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

class GeometricRoundTripProperties {

    private static final CodecRegistry REGISTRY = DefaultCodecRegistry.builtins();

    @Provide
    Arbitrary<Point> points() {
        Arbitrary<Double> d = Arbitraries.oneOf(Arbitraries.doubles(), Arbitraries.of(0.0, -0.0, 1e300, -1e-300, Double.NaN,
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE));
        return Combinators.combine(d, d).as(Point::new);
    }

    @Property(tries = 100)
    void shapesSurviveBinaryAndBinaryToTextToTextRoundTrips(@ForAll("points") Point a, @ForAll("points") Point b,
            @ForAll("points") Point c) {
        List<Object> shapes = List.of(a, new LineSegment(a, b), new Box(a, b), Path.open(a, b, c), Path.closed(a), Polygon.of(a, b, c));
        for (Object shape : shapes) {
            int oid = REGISTRY.encoder(shape.getClass()).oid(null);
            byte[] bytes = encoded(shape);
            assertThat(binary(oid, bytes)).isEqualTo(shape);
            assertThat(text(oid, (String) binaryText(oid, bytes))).isEqualTo(shape);
        }
    }

    @Property(tries = 150)
    void arbitraryBytesOnlyEverFailWithCodecException(@ForAll @Size(max = 72) byte[] bytes) {
        for (int oid : new int[] {Oid.POINT, Oid.LINE, Oid.LSEG,
            Oid.BOX, Oid.PATH, Oid.POLYGON, Oid.CIRCLE}) {
            ArrayRoundTripProperties.assertOnlyCodecException(() -> binary(oid, bytes));
            ArrayRoundTripProperties.assertOnlyCodecException(() -> binaryText(oid, bytes));
            ArrayRoundTripProperties.assertOnlyCodecException(() -> TypesTestSupport.decode(
                    REGISTRY.decoder(oid, Format.TEXT), bytes));
        }
    }
}
