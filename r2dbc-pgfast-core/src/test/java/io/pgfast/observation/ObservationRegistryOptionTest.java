package io.pgfast.observation;

import io.micrometer.observation.ObservationRegistry;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.r2dbc.PgfastConnectionFactoryProvider;
import io.r2dbc.spi.ConnectionFactoryOptions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code observationRegistry}: code-only, an ObservationRegistry or a clear IllegalArgumentException. */
class ObservationRegistryOptionTest {

    @Test
    void aRegistryGivenInConnectionFactoryOptionsIsConfigured() {
        ObservationRegistry registry = ObservationRegistry.create();
        PgfastConnectionConfiguration c = PgfastConnectionFactoryProvider.fromOptions(ConnectionFactoryOptions.parse("r2dbc:pgfast://u@h/db")
                .mutate().option(PgfastConnectionFactoryProvider.OBSERVATION_REGISTRY, registry).build());
        assertThat(c.observationRegistry()).containsSame(registry);
        assertThat(c.mutate().build().observationRegistry()).containsSame(registry);
    }

    @Test
    void withoutOneNothingIsObserved() {
        assertThat(PgfastConnectionConfiguration.builder().username("u").build().observationRegistry()).isEmpty();
    }

    @Test
    void aUrlCannotCarryARegistry() {
        assertThatThrownBy(() -> PgfastConnectionFactoryProvider.fromOptions(
                ConnectionFactoryOptions.parse("r2dbc:pgfast://u@h/db?observationRegistry=global")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("io.micrometer.observation.ObservationRegistry, got a java.lang.String")
                .hasMessageContaining("code-only");
    }

    @Test
    void otherObjectsAndNullAreRefused() {
        PgfastConnectionConfigurationBuilder b = PgfastConnectionConfiguration.builder();
        assertThatThrownBy(() -> b.observationRegistry(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("observationRegistry must not be null");
        assertThatThrownBy(() -> b.observationRegistry(42)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got a java.lang.Integer");
    }
}
