package io.pgfast.connect;

import io.pgfast.connect.HostStatus;
import io.pgfast.connect.RoleMatch;
import io.pgfast.config.TargetServerType;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RoleMatchTest {

    @Test
    void whatEachAccepts() {
        assertThat(RoleMatch.accepts(TargetServerType.PRIMARY, HostStatus.PRIMARY)).isTrue();
        assertThat(RoleMatch.accepts(TargetServerType.PRIMARY, HostStatus.STANDBY)).isFalse();
        assertThat(RoleMatch.accepts(TargetServerType.STANDBY, HostStatus.STANDBY)).isTrue();
        assertThat(RoleMatch.accepts(TargetServerType.STANDBY, HostStatus.PRIMARY)).isFalse();
        assertThat(RoleMatch.accepts(TargetServerType.ANY, HostStatus.REACHABLE)).isTrue();
        assertThat(RoleMatch.preferred(TargetServerType.PREFER_STANDBY)).isEqualTo(TargetServerType.STANDBY);
        assertThat(RoleMatch.preferred(TargetServerType.PREFER_PRIMARY)).isEqualTo(TargetServerType.PRIMARY);
        assertThat(RoleMatch.preferred(TargetServerType.ANY)).isEqualTo(TargetServerType.ANY);
    }
}
