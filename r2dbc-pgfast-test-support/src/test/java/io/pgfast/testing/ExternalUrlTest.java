package io.pgfast.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ExternalUrlTest {

    @Test
    void parsesEveryPart() {
        ExternalUrl url = ExternalUrl.parse("postgresql://postgres:secret@db.example:5433/tests?sslmode=require");

        assertThat(url.host()).isEqualTo("db.example");
        assertThat(url.port()).isEqualTo(5433);
        assertThat(url.user()).isEqualTo("postgres");
        assertThat(url.password()).isEqualTo("secret");
        assertThat(url.database()).hasValue("tests");
    }

    @Test
    void defaultsPortAndLeavesDatabaseEmpty() {
        ExternalUrl url = ExternalUrl.parse("postgres://admin@localhost");

        assertThat(url.port()).isEqualTo(5432);
        assertThat(url.password()).isEmpty();
        assertThat(url.database()).isEmpty();
    }

    @Test
    void decodesPercentEscapesAndKeepsPlus() {
        ExternalUrl url = ExternalUrl.parse("postgresql://a%40b:p%3Aw+d@[::1]:6000/my%20db");

        assertThat(url.user()).isEqualTo("a@b");
        assertThat(url.password()).isEqualTo("p:w+d");
        assertThat(url.host()).isEqualTo("::1");
        assertThat(url.database()).hasValue("my db");
    }

    @Test
    void toStringHidesThePassword() {
        assertThat(ExternalUrl.parse("postgresql://u:hunter2@h/d").toString()).doesNotContain("hunter2").contains("***");
    }

    @Test
    void rejectsOtherSchemesAndMissingUser() {
        assertThatThrownBy(() -> ExternalUrl.parse("jdbc:postgresql://h/d"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("postgresql://");
        assertThatThrownBy(() -> ExternalUrl.parse("postgresql://h:5432/d"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("user");
        assertThatThrownBy(() -> ExternalUrl.parse("postgresql://u:p@h:5432/d e"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a URI");
    }
}
