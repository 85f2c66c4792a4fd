package io.pgfast.config;

import io.pgfast.config.TargetServerType;
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
    void everyValueParsesFromItsOptionName() {
        for (TargetServerType t : TargetServerType.values()) {
            assertThat(TargetServerType.from(t.optionName())).isEqualTo(t);
        }
    }
}
