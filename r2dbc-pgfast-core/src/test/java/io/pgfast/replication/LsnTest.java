package io.pgfast.replication;

import org.junit.jupiter.api.Test;

import java.time.Instant;

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

    @Test
    void postgresEpoch() {
        assertThat(PgEpoch.toInstant(0)).isEqualTo(Instant.parse("2000-01-01T00:00:00Z"));
        assertThat(PgEpoch.toInstant(-1)).isEqualTo(Instant.parse("1999-12-31T23:59:59.999999Z"));
        assertThat(PgEpoch.micros(Instant.parse("2000-01-01T00:00:01.000002Z"))).isEqualTo(1_000_002L);
        Instant now = Instant.parse("2026-12-02T07:45:54.841720Z");
        assertThat(PgEpoch.toInstant(PgEpoch.micros(now))).isEqualTo(now);
    }

    @Test
    void acknowledgementsOnlyMoveForward() {
        Acknowledgements ack = new Acknowledgements();
        ack.acknowledge(Lsn.parse("1/10"), Lsn.parse("1/8"), Lsn.parse("1/4"));
        ack.acknowledge(Lsn.parse("1/5"), Lsn.parse("1/9"), Lsn.INVALID);
        assertThat(ack.written()).isEqualTo(0x1_0000_0010L);
        assertThat(ack.flushed()).isEqualTo(0x1_0000_0009L);
        assertThat(ack.applied()).isEqualTo(0x1_0000_0004L);
        assertThatThrownBy(() -> ack.acknowledge(null, Lsn.INVALID, Lsn.INVALID)).isInstanceOf(IllegalArgumentException.class);
    }
}
