package io.pgfast.r2dbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.pgfast.config.PgOption;
import io.pgfast.config.PgOptions;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.Option;
import org.junit.jupiter.api.Test;

/**
 * OPTIONS.md's table and the provider's {@code Option} constants agree with the declarations of
 * {@link PgOptions}: a row for each option with a URL form and for nothing else, its libpq keyword and
 * other spellings, its builder method and its default as declared.
 */
class OptionDeclarationsTest {

    private static final Pattern CODE = Pattern.compile("`([^`]+)`");

    /** The table rows by URL name: the cells after the first '|'. */
    private static Map<String, String[]> rows() throws IOException {
        Map<String, String[]> rows = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of("OPTIONS.md"), StandardCharsets.UTF_8)) {
            if (line.startsWith("| `")) {
                String[] cells = line.split("\\|");
                rows.put(code(cells[1]).get(0), cells);
            }
        }
        return rows;
    }

    private static List<String> code(String cell) {
        List<String> spans = new ArrayList<>();
        Matcher m = CODE.matcher(cell);
        while (m.find()) {
            spans.add(m.group(1));
        }
        return spans;
    }

    @Test
    void theTableHasARowForEachUrlOptionAndNoOther() throws IOException {
        List<String> declared = PgOptions.all().stream().filter(o -> o.form() == PgOption.Form.URL).map(PgOption::name).toList();
        assertThat(rows().keySet()).containsExactlyInAnyOrderElementsOf(declared);
    }

    @Test
    void eachRowNamesTheDeclaredSpellingsAndBuilderMethod() throws IOException {
        Map<String, String[]> rows = rows();
        for (PgOption<?> o : PgOptions.all()) {
            String[] cells = rows.get(o.name());
            if (cells == null) {
                continue;
            }
            List<String> libpq = code(cells[2]);
            assertThat(libpq.isEmpty() || o.aliases().contains(libpq.get(0))).as("libpq keyword of %s", o.name()).isTrue();
            String row = String.join("|", cells);
            for (String alias : o.aliases()) {
                assertThat(row).as("the row of %s names %s", o.name(), alias).contains("`" + alias + "`");
            }
            List<String> methods = code(cells[3]);
            if (!cells[3].trim().startsWith("—")) {
                assertThat(methods.get(0)).as("builder method of %s", o.name()).startsWith(o.builderName() + "(");
            }
        }
    }

    /** A default the table writes as a value (not "none" or prose) reads back as the declared default. */
    @Test
    void eachRowShowsTheDeclaredDefault() throws IOException {
        Map<String, String[]> rows = rows();
        int checked = 0;
        for (PgOption<?> o : PgOptions.all()) {
            String[] cells = rows.get(o.name());
            Object declared = o.defaultValue();
            if (cells == null || declared == null || declared instanceof Map || declared instanceof Collection) {
                continue;
            }
            List<String> shown = code(cells[5]);
            if (shown.isEmpty()) {
                continue; // "not set": an option read from another (ssl)
            }
            assertThat(o.coerce(shown.get(0))).as("default of %s", o.name()).isEqualTo(declared);
            checked++;
        }
        assertThat(checked).isGreaterThan(20);
    }

    /** Each provider constant is the declaration's R2DBC option: same name, sensitive alike. */
    @Test
    void providerConstantsAreTheDeclaredOptions() throws IllegalAccessException {
        Map<String, PgOption<?>> byName = new LinkedHashMap<>();
        PgOptions.all().forEach(o -> byName.put(o.name(), o));
        int constants = 0;
        for (Field f : PgfastConnectionFactoryProvider.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == Option.class) {
                Option<?> option = (Option<?>) f.get(null);
                PgOption<?> declared = byName.get(option.name());
                assertThat(declared).as("%s is declared", option.name()).isNotNull();
                assertThat(declared.form()).isNotEqualTo(PgOption.Form.BUILDER);
                @SuppressWarnings("unchecked")
                String shown = ConnectionFactoryOptions.builder().option((Option<Object>) option, "v-4711").build().toString();
                assertThat(!shown.contains("v-4711")).as("%s is sensitive", option.name()).isEqualTo(declared.isSensitive());
                constants++;
            }
        }
        assertThat(constants).isEqualTo(48);
    }
}
