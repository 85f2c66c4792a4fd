package io.pgfast.r2dbc;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;

import io.r2dbc.spi.ConnectionFactoryOptions;
import org.junit.jupiter.api.Test;

/** The {@code socketTimeout} option: its default, its checks, and its URL and typed forms. */
class SocketTimeoutOptionTest {

    private static PgfastConnectionConfigurationBuilder builder() {
        return PgfastConnectionConfiguration.builder().username("u");
    }

    private static PgfastConnectionConfiguration parse(String query) {
        return PgfastConnectionFactoryProvider.fromOptions(ConnectionFactoryOptions.parse("r2dbc:pgfast://u@h/db" + query));
    }

    @Test
    void isOffByDefault() {
        assertThat(builder().build().socketTimeout()).isEqualTo(Duration.ZERO);
        assertThat(parse("").socketTimeout()).isEqualTo(Duration.ZERO);
    }

    @Test
    void urlValuesTakeEveryDurationForm() {
        assertThat(parse("?socketTimeout=30s").socketTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(parse("?socketTimeout=250ms").socketTimeout()).isEqualTo(Duration.ofMillis(250));
        assertThat(parse("?socketTimeout=PT2M").socketTimeout()).isEqualTo(Duration.ofMinutes(2));
        // a bare number is seconds, as for connectTimeout
        assertThat(parse("?socketTimeout=15").socketTimeout()).isEqualTo(Duration.ofSeconds(15));
        assertThat(parse("?socketTimeout=0").socketTimeout()).isEqualTo(Duration.ZERO);
    }

    @Test
    void typedValuesAreTakenAsTheyAre() {
        ConnectionFactoryOptions options = ConnectionFactoryOptions.parse("r2dbc:pgfast://u@h/db").mutate()
                .option(PgfastConnectionFactoryProvider.SOCKET_TIMEOUT, Duration.ofMillis(1500)).build();
        assertThat(PgfastConnectionFactoryProvider.fromOptions(options).socketTimeout()).isEqualTo(Duration.ofMillis(1500));
    }

    @Test
    void badValuesAreRefusedNamingTheOption() {
        assertThatThrownBy(() -> parse("?socketTimeout=soon")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("socketTimeout");
        assertThatThrownBy(() -> builder().socketTimeout(Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("socketTimeout must not be negative");
        assertThatThrownBy(() -> builder().socketTimeout(Duration.ofNanos(10))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("socketTimeout must be zero or at least 1 ms");
        assertThatThrownBy(() -> builder().socketTimeout(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("socketTimeout must not be null");
    }

    @Test
    void survivesMutateAndShowsInToString() {
        PgfastConnectionConfiguration c = builder().socketTimeout(Duration.ofSeconds(9)).build();
        assertThat(c.mutate().build().socketTimeout()).isEqualTo(Duration.ofSeconds(9));
        assertThat(c.toString()).contains("socketTimeout=PT9S");
    }
}
