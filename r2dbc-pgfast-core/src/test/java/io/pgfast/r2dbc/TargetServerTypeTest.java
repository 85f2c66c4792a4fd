package io.pgfast.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TargetServerTypeTest {

    @ParameterizedTest
    @CsvSource({
            "any, ANY", "ANY, ANY",
            "primary, PRIMARY", "master, PRIMARY", "read-write, PRIMARY", "READ_WRITE, PRIMARY",
            "standby, STANDBY", "secondary, STANDBY", "slave, STANDBY", "read-only, STANDBY",
            "preferStandby, PREFER_STANDBY", "prefer-standby, PREFER_STANDBY", "preferSecondary, PREFER_STANDBY",
            "PREFER_STANDBY, PREFER_STANDBY", "preferSlave, PREFER_STANDBY",
            "preferPrimary, PREFER_PRIMARY", "prefer-primary, PREFER_PRIMARY",
    })
    void spellings(String value, TargetServerType expected) {
        assertThat(TargetServerType.from(value)).isEqualTo(expected);
    }

    @Test
    void unknownValuesListTheAccepted() {
        assertThatThrownBy(() -> TargetServerType.from("replica"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("any, primary, standby, preferStandby, preferPrimary")
                .hasMessageContaining("'replica'");
        assertThatThrownBy(() -> TargetServerType.from(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void whatEachAccepts() {
        assertThat(TargetServerType.PRIMARY.accepts(HostStatus.PRIMARY)).isTrue();
        assertThat(TargetServerType.PRIMARY.accepts(HostStatus.STANDBY)).isFalse();
        assertThat(TargetServerType.STANDBY.accepts(HostStatus.STANDBY)).isTrue();
        assertThat(TargetServerType.STANDBY.accepts(HostStatus.PRIMARY)).isFalse();
        assertThat(TargetServerType.ANY.accepts(HostStatus.REACHABLE)).isTrue();
        assertThat(TargetServerType.PREFER_STANDBY.preferred()).isEqualTo(TargetServerType.STANDBY);
        assertThat(TargetServerType.PREFER_PRIMARY.preferred()).isEqualTo(TargetServerType.PRIMARY);
        assertThat(TargetServerType.ANY.preferred()).isEqualTo(TargetServerType.ANY);
        for (TargetServerType t : TargetServerType.values()) {
            assertThat(TargetServerType.from(t.optionName())).isEqualTo(t);
        }
    }
}
