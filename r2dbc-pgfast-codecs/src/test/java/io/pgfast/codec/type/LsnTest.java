package io.pgfast.codec.type;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LsnTest {

    @Test
    void textFormRoundTrips() {
        assertThat(Lsn.parse("16/B374D848").value()).isEqualTo(0x16B374D848L);
        assertThat(Lsn.parse("16/b374d848")).hasToString("16/B374D848");
        assertThat(Lsn.parse("0/0")).isSameAs(Lsn.INVALID);
        assertThat(Lsn.INVALID.isValid()).isFalse();
        assertThat(Lsn.of(-1)).hasToString("FFFFFFFF/FFFFFFFF");
        assertThat(Lsn.parse("FFFFFFFF/FFFFFFFF").value()).isEqualTo(-1L);
    }

    @Test
    void orderIsUnsigned() {
        assertThat(Lsn.of(-1).compareTo(Lsn.of(1))).isPositive();
        assertThat(Lsn.parse("1/0").max(Lsn.parse("0/FFFFFFFF"))).isEqualTo(Lsn.parse("1/0"));
    }

    @Test
    void badTextIsRefused() {
        for (String bad : new String[] {"", "/", "1/", "/1", "12", "1/2/3", "G/1", "123456789/1", "1/123456789", " 1/1"}) {
            assertThatThrownBy(() -> Lsn.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an LSN");
        }
        assertThatThrownBy(() -> Lsn.parse(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
