package io.pgfast.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * The declarations of {@link PgOptions} are complete and consistent, and the builder and the configuration
 * read and write every option through them.
 */
class PgOptionsTest {

    private static PgfastConnectionConfigurationBuilder builder() {
        return PgfastConnectionConfiguration.builder().username("alice");
    }

    @Test
    void everyDeclaredFieldIsInTheRegistryOnceInOrder() throws IllegalAccessException {
        List<PgOption<?>> fields = new ArrayList<>();
        for (Field f : PgOptions.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == PgOption.class) {
                f.setAccessible(true);
                fields.add((PgOption<?>) f.get(null));
            }
        }
        assertThat(PgOptions.all()).hasSameSizeAs(fields);
        for (PgOption<?> o : fields) {
            // the registry holds the very object of the field (the last copy of its declaration)
            assertThat(PgOptions.all().stream().anyMatch(r -> r == o)).as(o.name()).isTrue();
        }
        assertThat(PgOptions.all().indexOf(PgOptions.SSL)).isGreaterThan(PgOptions.all().indexOf(PgOptions.SSL_MODE));
        assertThat(PgOptions.all().indexOf(PgOptions.SCHEMA)).isGreaterThan(PgOptions.all().indexOf(PgOptions.OPTIONS));
    }

    @Test
    void namesAndAliasesAreUniqueAndDocumented() {
        Set<String> spellings = new HashSet<>();
        for (PgOption<?> o : PgOptions.all()) {
            assertThat(spellings.add(o.name())).as("name %s once", o.name()).isTrue();
            for (String alias : o.aliases()) {
                assertThat(spellings.add(alias)).as("alias %s once", alias).isTrue();
            }
            assertThat(o.doc()).as("doc of %s", o.name()).isNotBlank().doesNotEndWith(".");
        }
    }

    /** Each typed builder method and accessor is a thin door to {@code set} and {@code get} of the same option. */
    @Test
    void typedBuilderMethodsAndAccessorsUseTheDeclaration() throws Exception {
        PgfastConnectionConfiguration defaults = builder().build();
        for (PgOption<?> o : PgOptions.all()) {
            if (o == PgOptions.HOST || o == PgOptions.SSL) {
                continue; // host() is the first of hosts(); ssl has no builder method (it sets sslMode)
            }
            assertThat(Set.of(PgfastConnectionConfigurationBuilder.class.getMethods()).stream()
                    .anyMatch(m -> m.getName().equals(o.builderName()) && m.getParameterCount() == 1))
                    .as("builder method %s", o.builderName()).isTrue();
            Method accessor = PgfastConnectionConfiguration.class.getMethod(o.builderName());
            Object typed = accessor.invoke(defaults);
            if (typed instanceof Optional) {
                typed = ((Optional<?>) typed).orElse(null);
            }
            if (o == PgOptions.PASSWORD) {
                assertThat(((Mono<?>) typed).block()).isNull();
                assertThat(defaults.get(PgOptions.PASSWORD)).isNull();
                continue;
            }
            assertThat(typed).as(o.name()).isEqualTo(defaults.get(o));
        }
    }

    @Test
    void defaultsAreTheDeclaredOnes() {
        PgfastConnectionConfiguration c = builder().build();
        for (PgOption<?> o : PgOptions.all()) {
            if (o == PgOptions.SSL_MODE || o == PgOptions.TIME_ZONE || o == PgOptions.USER || o.isDerived()) {
                continue; // resolved by build(), set above, or read from another option
            }
            assertThat(c.get(o)).as(o.name()).isEqualTo(o.defaultValue());
        }
    }

    @Test
    void setRunsTheOptionsCheck() {
        assertThatThrownBy(() -> builder().set(PgOptions.SOCKET_TIMEOUT, Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("socketTimeout must not be negative, got PT-0.001S");
        assertThatThrownBy(() -> builder().set(PgOptions.PIPELINE_LIMIT, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("pipelineLimit must be at least 1, got 0");
        assertThatThrownBy(() -> builder().set(PgOptions.SSL_NEGOTIATION, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("sslNegotiation must not be null");
        assertThat(builder().set(PgOptions.FETCH_SIZE, 50).build().fetchSize()).isEqualTo(50);
        assertThat(builder().applicationName("x").applicationName(null).build().get(PgOptions.APPLICATION_NAME))
                .isEqualTo(PgOptions.APPLICATION_NAME.defaultValue());
    }

    @Test
    void aDerivedOptionHasNoSlotOfItsOwn() {
        assertThatThrownBy(() -> builder().set(PgOptions.SCHEMA, "app"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("schema has no value of its own");
        assertThat(builder().schema("app").build().get(PgOptions.SCHEMA)).isEqualTo("app");
        assertThat(builder().sslMode(SslMode.REQUIRE).build().get(PgOptions.SSL)).isTrue();
    }

    @Test
    void mutateCopiesEveryValue() {
        PgfastConnectionConfiguration c = builder().fetchSize(7).sslPassword("k").option("work_mem", "64MB")
                .codecs().build();
        PgfastConnectionConfiguration copy = c.mutate().build();
        for (PgOption<?> o : PgOptions.all()) {
            if (o != PgOptions.PASSWORD) {
                assertThat(copy.get(o)).as(o.name()).isEqualTo(c.get(o));
            }
        }
    }

    @Test
    void toStringShowsNoSensitiveOptionsValue() {
        String s = builder().password("pw-secret-1").sslPassword("key-secret-2").build().toString();
        for (PgOption<?> o : PgOptions.all()) {
            if (o.isSensitive()) {
                assertThat(s).contains(o.builderName() + "=<hidden>");
            }
        }
        assertThat(s).doesNotContain("pw-secret-1").doesNotContain("key-secret-2");
    }

    @Test
    void aCodeOnlyOptionHasNoStringForm() {
        assertThatThrownBy(() -> PgOptions.LOOP_RESOURCES.coerce("loop"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("code only, no URL form");
        assertThat(PgOptions.LOOP_RESOURCES.form()).isEqualTo(PgOption.Form.CODE);
        assertThat(PgOptions.CODECS.form()).isEqualTo(PgOption.Form.BUILDER);
    }
}
