package io.r2dbc.postgresql.codec;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GeometryTest {

    @Test
    void printsThePostgresqlNotation() {
        assertThat(Point.of(1, 2)).hasToString("(1.0,2.0)");
        assertThat(Box.of(1, 2, 3, 4)).hasToString("((1.0,2.0),(3.0,4.0))");
        assertThat(Circle.of(1, 2, 3)).hasToString("<(1.0,2.0),3.0>");
        assertThat(Line.of(1, 2, 3)).hasToString("{1.0,2.0,3.0}");
        assertThat(Lseg.of(1, 2, 3, 4)).hasToString("[(1.0,2.0),(3.0,4.0)]");
        assertThat(Path.open(Point.of(1, 2), Point.of(3, 4))).hasToString("[(1.0,2.0),(3.0,4.0)]");
        assertThat(Path.closed(Point.of(1, 2), Point.of(3, 4))).hasToString("((1.0,2.0),(3.0,4.0))");
        assertThat(Polygon.of(Point.of(1, 2), Point.of(3, 4), Point.of(5, 0))).hasToString("((1.0,2.0),(3.0,4.0),(5.0,0.0))");
        assertThat(Vector.of(1f, 2.5f)).hasToString("[1.0,2.5]");
        assertThat(Vector.empty()).hasToString("[]");
    }

    @Test
    void valuesCompareByContent() {
        assertThat(Point.of(0.0, 1)).isEqualTo(Point.of(-0.0, 1)).hasSameHashCodeAs(Point.of(-0.0, 1));
        assertThat(Point.of(Double.NaN, 1)).isNotEqualTo(Point.of(Double.NaN, 1));
        assertThat(Box.of(1, 2, 3, 4)).isEqualTo(Box.of(3, 4, 1, 2)).hasSameHashCodeAs(Box.of(3, 4, 1, 2));
        assertThat(Box.of(1, 2, 3, 4)).isNotEqualTo(Box.of(1, 4, 3, 2));
        assertThat(Lseg.of(1, 2, 3, 4)).isNotEqualTo(Lseg.of(3, 4, 1, 2));
        assertThat(Path.open(Point.of(1, 2))).isNotEqualTo(Path.closed(Point.of(1, 2)));
        assertThat(Vector.of(List.of(1, 2.5d))).isEqualTo(Vector.of(1f, 2.5f));
    }

    @Test
    void aLineThroughTwoPointsHasTheServersCoefficients() {
        assertThat(Line.of(Point.of(0, 0), Point.of(2, 4))).isEqualTo(Line.of(2, -1, 0));
        assertThat(Line.of(1, 1, 3, 2)).isEqualTo(Line.of(0.5, -1, 0.5));
        assertThat(Line.of(3, 1, 3, 7)).isEqualTo(Line.of(-1, 0, 3));
    }

    @Test
    void translatesAPoint() {
        assertThat(Point.of(1, 2).translate(1, 1)).isEqualTo(Point.of(2, 3));
        assertThat(Point.of(1, 2).translate(0.5, -2.0)).isEqualTo(Point.of(1.5, 0));
    }

    @Test
    void copiesWhatItIsGiven() {
        List<Point> points = new ArrayList<>(List.of(Point.of(1, 1)));
        Polygon polygon = Polygon.of(points);
        Path path = Path.open(points);
        points.add(Point.of(2, 2));
        assertThat(polygon.getPoints()).hasSize(1);
        assertThat(path.getPoints()).hasSize(1);
        assertThatThrownBy(() -> path.getPoints().add(Point.of(0, 0))).isInstanceOf(UnsupportedOperationException.class);

        float[] values = {1, 2};
        Vector vector = Vector.of(values);
        values[0] = 7;
        vector.getVector()[1] = 9;
        assertThat(vector.getVector()).containsExactly(1f, 2f);
    }

    @Test
    void nullsAreRefusedNamingTheArgument() {
        assertThatThrownBy(() -> Box.of(null, Point.of(1, 1))).isInstanceOf(IllegalArgumentException.class).hasMessage("point A must not be null");
        assertThatThrownBy(() -> Circle.of(null, 1)).isInstanceOf(IllegalArgumentException.class).hasMessage("center must not be null");
        assertThatThrownBy(() -> Polygon.of(Point.of(1, 1), null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Vector.of(List.of(1f, (Float) null).subList(0, 2))).isInstanceOf(RuntimeException.class);
    }
}
