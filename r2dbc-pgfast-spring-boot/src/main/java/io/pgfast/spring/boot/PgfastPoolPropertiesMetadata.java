package io.pgfast.spring.boot;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.pgfast.config.PgOption;
import io.pgfast.pool.PoolOptions;

/**
 * Writes Spring Boot's configuration metadata ({@code META-INF/spring-configuration-metadata.json}) of the
 * {@code pgfast.pool.*} properties, from the declarations of {@link PoolOptions}: a property for each option that
 * {@link BootPoolFactory} reads from one, its doc line, type and default. The module's build runs it (exec-maven-plugin,
 * {@code process-classes}) into its classes, so the jar carries what the declarations say. Not an API for applications.
 */
public final class PgfastPoolPropertiesMetadata {

    private PgfastPoolPropertiesMetadata() {
    }

    /** {@code args[0]}: the file to write. */
    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        Files.createDirectories(file.getParent());
        Files.writeString(file, json(), StandardCharsets.UTF_8);
    }

    static String json() {
        String source = BootPoolFactory.class.getName();
        List<String> properties = new ArrayList<>();
        for (PgOption<?> option : PoolOptions.all()) {
            if (BootPoolFactory.isPgfastPoolProperty(option)) {
                Object defaultValue = option.defaultValue();
                String type = defaultValue instanceof Integer || defaultValue instanceof Boolean
                        ? defaultValue.getClass().getName() : String.class.getName();
                properties.add("    {\n"
                        + "      \"name\": " + quoted(BootPoolFactory.property(option)) + ",\n"
                        + "      \"type\": " + quoted(type) + ",\n"
                        + "      \"description\": " + quoted(option.doc() + ".") + ",\n"
                        + (option.defaultText() == null ? "" : "      \"defaultValue\": " + quoted(option.defaultText()) + ",\n")
                        + "      \"sourceType\": " + quoted(source) + "\n"
                        + "    }");
            }
        }
        return "{\n"
                + "  \"groups\": [\n"
                + "    {\n"
                + "      \"name\": \"pgfast.pool\",\n"
                + "      \"description\": " + quoted("The options of r2dbc-pgfast's own pool that spring.r2dbc.pool has no"
                + " property for, with their values as a URL gives them (OPTIONS.md).") + ",\n"
                + "      \"sourceType\": " + quoted(source) + "\n"
                + "    }\n"
                + "  ],\n"
                + "  \"properties\": [\n"
                + String.join(",\n", properties) + "\n"
                + "  ]\n"
                + "}\n";
    }

    private static String quoted(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
