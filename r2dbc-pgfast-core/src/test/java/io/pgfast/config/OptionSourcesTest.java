package io.pgfast.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * The generated parts follow the declarations: the typed builder methods and getters, the provider's {@code Option}
 * constants and OPTIONS.md's tables are what {@link OptionSources} makes of {@link PgOptions} and
 * {@code PoolOptions}. Where a file holds anything else (a declaration changed), this test writes what the
 * declarations give and fails naming the file: review it, commit it and build again, which compiles the Java anew.
 */
class OptionSourcesTest {

    @Test
    void theGeneratedPartsAreWhatTheDeclarationsGive() throws IOException {
        List<OptionSources.Region> regions = OptionSources.regions(file -> OptionSources.imports(read(file)));
        Map<Path, String> committed = new LinkedHashMap<>();
        Map<Path, String> generated = new LinkedHashMap<>();
        for (OptionSources.Region region : regions) {
            committed.computeIfAbsent(region.file(), OptionSourcesTest::read);
            generated.put(region.file(), OptionSources.rewrite(generated.getOrDefault(region.file(),
                    committed.get(region.file())), region));
        }
        assertThat(generated).hasSize(5);
        List<Path> rewritten = new ArrayList<>();
        for (Map.Entry<Path, String> file : generated.entrySet()) {
            if (!file.getValue().equals(committed.get(file.getKey()))) {
                Files.writeString(file.getKey(), file.getValue(), StandardCharsets.UTF_8);
                rewritten.add(file.getKey());
            }
        }
        assertThat(rewritten).as("files that held other than the declarations give, rewritten now: review and commit them")
                .isEmpty();
    }

    /** A declaration, here only, as a new option's would be. */
    static final class NewOption {
        static final PgOption<Integer> WIDGET_LIMIT = PgOption.integer("widgetLimit", 3, 0, "must not be negative",
                        "Widgets kept per connection")
                .details("`0` keeps none.").example("5");
    }

    /** A new option is its declaration and its use: its builder method, getter, constant and rows follow from it. */
    @Test
    void aNewDeclarationGetsItsMethodsItsConstantAndItsRow() {
        OptionSources.Declarations d = new OptionSources.Declarations(NewOption.class);
        Set<String> imports = Set.of("io.r2dbc.spi.Option");
        assertThat(String.join("\n", OptionSources.getters(d, imports, ""))).isEqualTo("""
                    /** Widgets kept per connection. Default: {@code 3}. */
                    public int widgetLimit() {
                        return get(NewOption.WIDGET_LIMIT);
                    }""");
        assertThat(String.join("\n", OptionSources.setters(d, "PgfastConnectionConfigurationBuilder", imports, "    ")))
                .contains("Widgets kept per connection. {@code 0} keeps none.","public PgfastConnectionConfigurationBuilder widgetLimit(int widgetLimit) {",
                        "return set(NewOption.WIDGET_LIMIT, widgetLimit);");
        assertThat(OptionSources.constants(d, imports)).containsExactly("    /** Widgets kept per connection. */",
                "    public static final Option<Integer> WIDGET_LIMIT = NewOption.WIDGET_LIMIT.r2dbcOption();");
        assertThat(OptionSources.urlTable(d)).last().isEqualTo(
                "| `widgetLimit` | — | `widgetLimit(int)` | int | `3` | `5` | Widgets kept per connection. `0` keeps none. |");
        // the builder and the configuration hold it with nothing more
        PgfastConnectionConfigurationBuilder builder = PgfastConnectionConfiguration.builder().username("u");
        assertThat(builder.build().get(NewOption.WIDGET_LIMIT)).isEqualTo(3);
        assertThat(builder.set(NewOption.WIDGET_LIMIT, 5).build().get(NewOption.WIDGET_LIMIT)).isEqualTo(5);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
