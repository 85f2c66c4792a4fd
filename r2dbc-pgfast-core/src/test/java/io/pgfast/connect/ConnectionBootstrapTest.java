package io.pgfast.connect;

import org.junit.jupiter.api.Test;

import java.time.ZoneId;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

class ConnectionBootstrapTest {

    @Test
    void fixedOffsetsBecomePosixZonesWithTheSignInverted() {
        assertThat(ConnectionBootstrap.timeZone(ZoneOffset.UTC)).isEqualTo("UTC");
        assertThat(ConnectionBootstrap.timeZone(ZoneOffset.ofHoursMinutes(5, 30))).isEqualTo("<+05:30>-05:30:00");
        assertThat(ConnectionBootstrap.timeZone(ZoneOffset.ofHours(-3))).isEqualTo("<-03:00>+03:00:00");
        assertThat(ConnectionBootstrap.timeZone(ZoneId.of("Europe/Berlin"))).isEqualTo("Europe/Berlin");
        assertThat(ConnectionBootstrap.timeZone(ZoneId.of("GMT+2"))).isEqualTo("<+02:00>-02:00:00");
    }
}
