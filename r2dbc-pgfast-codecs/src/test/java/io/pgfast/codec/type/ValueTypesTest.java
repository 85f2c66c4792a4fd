package io.pgfast.codec.type;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValueTypesTest {

    @Test
    void rangeFactoriesEqualityAndNotation() {
        assertThat(Range.closedOpen(1, 5)).isEqualTo(Range.of(1, true, 5, false)).hasSameHashCodeAs(Range.of(1, true, 5, false));
        assertThat(Range.closedOpen(1, 5)).isNotEqualTo(Range.closed(1, 4));
        assertThat(Range.closedOpen(1, 5).toString()).isEqualTo("[1,5)");
        assertThat(Range.open(1, 5).toString()).isEqualTo("(1,5)");
        assertThat(Range.lessThan(5).toString()).isEqualTo("(,5)");
        assertThat(Range.atLeast(1).toString()).isEqualTo("[1,)");
        assertThat(Range.unbounded().toString()).isEqualTo("(,)");
        assertThat(Range.empty().toString()).isEqualTo("empty");
        assertThat(Range.empty().isEmpty()).isTrue();
        assertThat(Range.empty()).isNotEqualTo(Range.unbounded());
    }

    @Test
    void unboundedSidesAreNeverInclusive() {
        Range<Integer> r = Range.of(null, true, null, true);
        assertThat(r.isLowerInclusive()).isFalse();
        assertThat(r.isUpperInclusive()).isFalse();
        assertThat(r.hasLower()).isFalse();
        assertThat(r).isEqualTo(Range.unbounded());
        assertThatThrownBy(() -> Range.closed(null, 1)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void multirangeKeepsItsRanges() {
        List<Range<Integer>> list = new ArrayList<>(List.of(Range.closedOpen(1, 2)));
        Multirange<Integer> m = Multirange.of(list);
        list.clear();
        assertThat(m.ranges()).containsExactly(Range.closedOpen(1, 2));
        assertThat(m.toString()).isEqualTo("{[1,2)}");
        assertThat(Multirange.empty().isEmpty()).isTrue();
        assertThat(Multirange.of(Range.closedOpen(1, 2))).isEqualTo(m);
    }

    @Test
    void geometricInvariants() {
        assertThatThrownBy(() -> new Line(0, 0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Circle(new Point(0, 0), -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Path.open(List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Polygon.of()).isInstanceOf(IllegalArgumentException.class);
        assertThat(new Box(new Point(3, 0), new Point(0, 3))).isEqualTo(new Box(new Point(3, 3), new Point(0, 0)));
        assertThat(new Point(Double.NaN, 0)).isEqualTo(new Point(Double.NaN, 0));
        assertThat(Path.open(new Point(1, 2))).isNotEqualTo(Path.closed(new Point(1, 2)));
        assertThat(Path.closed(new Point(1, 2), new Point(3, 4)).toString()).isEqualTo("((1.0,2.0),(3.0,4.0))");
        assertThat(new Circle(new Point(1, 2), 3).toString()).isEqualTo("<(1.0,2.0),3.0>");
    }

    @Test
    void inetValidatesTheMaskPerFamily() throws Exception {
        InetAddress v4 = InetAddress.getByAddress(new byte[] {10, 0, 0, 0});
        InetAddress v6 = InetAddress.getByAddress(new byte[16]);
        assertThat(Inet.of(v4).netmask()).isEqualTo(32);
        assertThat(Inet.of(v6).netmask()).isEqualTo(128);
        assertThatThrownBy(() -> new Inet(v4, 33)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Inet(v6, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new Inet(v4, 8).toString()).isEqualTo("10.0.0.0/8");
        assertThat(new Inet(v6, 0).toString()).isEqualTo("::/0");
    }

    @Test
    void macAddressCopiesItsBytes() {
        byte[] bytes = {1, 2, 3, 4, 5, 6};
        MacAddress mac = MacAddress.of(bytes);
        bytes[0] = 9;
        assertThat(mac.get(0)).isEqualTo(1);
        assertThat(mac.bytes()).containsExactly(1, 2, 3, 4, 5, 6);
        assertThat(mac.toString()).isEqualTo("01:02:03:04:05:06");
        assertThat(mac.length()).isEqualTo(6);
        assertThatThrownBy(() -> MacAddress.of(new byte[7])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void bitStrings() {
        BitString b = BitString.valueOf("101");
        assertThat(b.length()).isEqualTo(3);
        assertThat(b.toString()).isEqualTo("101");
        assertThat(b).isEqualTo(BitString.of(new byte[] {(byte) 0xbf}, 3)).hasSameHashCodeAs(BitString.of(new byte[] {(byte) 0xa0}, 3));
        assertThat(b).isNotEqualTo(BitString.valueOf("1010"));
        assertThatThrownBy(() -> b.get(3)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> BitString.of(new byte[1], 9)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BitString.of(new byte[1], -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void lsnNotation() {
        assertThat(Lsn.parse("16/B374D848")).isEqualTo(new Lsn(0x16B374D848L));
        assertThat(new Lsn(0x16B374D848L).toString()).isEqualTo("16/B374D848");
        assertThat(Lsn.parse("0/1")).isLessThan(Lsn.parse("FFFFFFFF/0"));
        assertThatThrownBy(() -> Lsn.parse("16/")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Lsn.parse("16/٣")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void recordFieldsCompareRawBytesByContent() {
        assertThat(new Record.Field(17, new byte[] {1})).isEqualTo(new Record.Field(17, new byte[] {1}))
                .hasSameHashCodeAs(new Record.Field(17, new byte[] {1}));
        assertThat(Record.ofText("a", null).get(1)).isNull();
        assertThat(Record.ofText("a", null).fields().get(1).isNull()).isTrue();
        assertThat(Record.ofText("a", null).toString()).isEqualTo("(a,null)");
        assertThat(Record.of(new Record.Field(17, new byte[] {1, 2})).toString()).isEqualTo("(<2 bytes>)");
    }
}
