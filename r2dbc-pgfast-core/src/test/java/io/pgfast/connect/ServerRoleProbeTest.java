package io.pgfast.connect;

import io.pgfast.connect.HostStatus;
import io.pgfast.connect.ServerRoleProbe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import io.r2dbc.spi.R2dbcNonTransientResourceException;
import org.junit.jupiter.api.Test;

class ServerRoleProbeTest {

    @Test
    void inHotStandbyDecidesWhenPresent() {
        assertThat(ServerRoleProbe.fromParameterStatus(Map.of("in_hot_standby", "on"))).isEqualTo(HostStatus.STANDBY);
        assertThat(ServerRoleProbe.fromParameterStatus(Map.of("in_hot_standby", "off"))).isEqualTo(HostStatus.PRIMARY);
    }

    @Test
    void serversBefore14NeedTheQuery() {
        // PostgreSQL 13 reports server_version, but no in_hot_standby: null sends the probe to SHOW transaction_read_only
        assertThat(ServerRoleProbe.fromParameterStatus(Map.of("server_version", "13.16"))).isNull();
        assertThat(ServerRoleProbe.READ_ONLY_QUERY).isEqualTo("SHOW transaction_read_only");
    }

    @Test
    void readOnlyMeansStandby() {
        assertThat(ServerRoleProbe.fromSetting("transaction_read_only", "on")).isEqualTo(HostStatus.STANDBY);
        assertThat(ServerRoleProbe.fromSetting("transaction_read_only", "off")).isEqualTo(HostStatus.PRIMARY);
        assertThatThrownBy(() -> ServerRoleProbe.fromSetting("transaction_read_only", "maybe"))
                .isInstanceOf(R2dbcNonTransientResourceException.class)
                .hasMessageContaining("transaction_read_only = 'maybe'");
    }
}
