package io.pgfast.config;

import io.pgfast.config.HostList;
import io.pgfast.config.HostSpec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HostListTest {

    private static final int DEFAULT = 5432;

    @Test
    void entriesWithAndWithoutPorts() {
        assertThat(HostList.parse("h1:5433,h2, 10.0.0.3:6000 ").resolve(7000))
                .containsExactly(new HostSpec("h1", 5433), new HostSpec("h2", 7000), new HostSpec("10.0.0.3", 6000));
    }

    @Test
    void ipv6Literals() {
        assertThat(HostList.parse("[::1]:5433,[fe80::1%eth0],::2").resolve(DEFAULT))
                .containsExactly(new HostSpec("::1", 5433), new HostSpec("fe80::1%eth0", DEFAULT), new HostSpec("::2", DEFAULT));
        assertThat(new HostSpec("::1", 5433)).hasToString("[::1]:5433");
        assertThat(new HostSpec("db", 5433)).hasToString("db:5433");
    }

    @Test
    void singleHostIsAListOfOne() {
        assertThat(HostList.parse("db.example.com").resolve(DEFAULT)).containsExactly(new HostSpec("db.example.com", DEFAULT));
        assertThat(HostList.parse("[::1]").resolve(DEFAULT)).containsExactly(new HostSpec("::1", DEFAULT));
        assertThat(HostList.parse("db:6543").resolve(DEFAULT)).containsExactly(new HostSpec("db", 6543));
    }

    @Test
    void explicitHostsMayKeepIpv6Brackets() {
        assertThat(HostList.of("[::1]", 1).plus("h", 2).plus("::2", 3).resolve(DEFAULT))
                .containsExactly(new HostSpec("::1", 1), new HostSpec("h", 2), new HostSpec("::2", 3));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "h1,,h2          | empty entry (number 2)",
            "h1,             | empty entry (number 2)",
            ",h1             | empty entry (number 1)",
            "h1:0            | port '0' is not a number between 1 and 65535",
            "h1:65536        | port '65536' is not a number between 1 and 65535",
            "h1:               | port '' is not a number",
            "h1:54x2         | port '54x2' is not a number",
            "h1:-5           | port '-5' is not a number",
            "[::1:5432       | no closing ']'",
            "[::1]5432       | expected ':port' after ']'",
            "[]:5432         | has no host name",
            ":5432           | has no host name",
            "h1,/tmp/pg      | Unix socket directory (/tmp/pg) cannot be part of a host list",
    })
    void badListsNameTheEntry(String text, String message) {
        assertThatThrownBy(() -> HostList.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    @Test
    void hostSpecChecksItsParts() {
        assertThatThrownBy(() -> new HostSpec(" ", 1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty");
        assertThatThrownBy(() -> new HostSpec("h", 70000)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("70000");
        assertThatThrownBy(() -> HostList.parse("a\0b")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NUL");
    }
}
