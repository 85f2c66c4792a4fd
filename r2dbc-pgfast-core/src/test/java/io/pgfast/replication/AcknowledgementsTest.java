package io.pgfast.replication;

import io.pgfast.codec.type.Lsn;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AcknowledgementsTest {

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
