package io.pgfast.replication;

import io.pgfast.codec.type.Lsn;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AcknowledgementsTest {

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
