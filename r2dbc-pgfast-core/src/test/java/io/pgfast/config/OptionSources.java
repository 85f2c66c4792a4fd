package io.pgfast.config;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.pgfast.pool.PoolOptions;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.Option;

/**
 * What is generated from the option declarations of {@link PgOptions} and {@code PoolOptions}: the typed builder
 * methods and getters, the provider's {@code Option} constants and OPTIONS.md's tables. Each goes between a
 * {@code BEGIN GENERATED} and an {@code END GENERATED} line of a source file; {@code OptionSourcesTest} writes them
 * there and fails while the files held something else. Paths are relative to the module's directory.
 */
final class OptionSources {

    /** What stands between the {@code index}-th pair of markers of {@code file}. */
    record Region(Path file, int index, String source, List<String> lines) {
    }

    static final Path CONFIGURATION = Path.of("src/main/java/io/pgfast/config/PgfastConnectionConfiguration.java");
    static final Path BUILDER = Path.of("src/main/java/io/pgfast/config/PgfastConnectionConfigurationBuilder.java");
    static final Path PROVIDER = Path.of("src/main/java/io/pgfast/r2dbc/PgfastConnectionFactoryProvider.java");
    static final Path POOL_CONFIGURATION = Path.of("src/main/java/io/pgfast/pool/PgfastPoolConfiguration.java");
    static final Path OPTIONS_MD = Path.of("OPTIONS.md");

    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final int WIDTH = 120;

    private OptionSources() {
    }

    /** Every generated region, from the declarations and the imports {@code imports} reads of each Java file. */
    static List<Region> regions(Imports imports) {
        List<Region> regions = new ArrayList<>();
        Declarations connection = new Declarations(PgOptions.class);
        Declarations pool = new Declarations(PoolOptions.class);
        regions.add(new Region(CONFIGURATION, 0, "PgOptions", getters(connection, imports.of(CONFIGURATION), "    ")));
        regions.add(new Region(BUILDER, 0, "PgOptions", setters(connection, "PgfastConnectionConfigurationBuilder",
                imports.of(BUILDER), "    ")));
        regions.add(new Region(PROVIDER, 0, "PgOptions", constants(connection, imports.of(PROVIDER))));
        regions.add(new Region(POOL_CONFIGURATION, 0, "PoolOptions", getters(pool, imports.of(POOL_CONFIGURATION), "    ")));
        regions.add(new Region(POOL_CONFIGURATION, 1, "PoolOptions", setters(pool, "Builder",
                imports.of(POOL_CONFIGURATION), "        ")));
        regions.add(new Region(OPTIONS_MD, 0, "PgOptions", urlTable(connection)));
        regions.add(new Region(OPTIONS_MD, 1, "PgOptions", codeTable(connection)));
        regions.add(new Region(OPTIONS_MD, 2, "PoolOptions", poolTable(pool)));
        return regions;
    }

    /** The options a class declares, each with its constant's name and its Java type. */
    static final class Declarations {
        final Class<?> owner;
        final Map<PgOption<?>, Field> fields = new LinkedHashMap<>();

        Declarations(Class<?> owner) {
            this.owner = owner;
            List<PgOption<?>> declared = PgOption.declaredIn(owner);
            for (PgOption<?> option : declared) {
                fields.put(option, null);
            }
            for (Field f : owner.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getType() == PgOption.class) {
                    try {
                        f.setAccessible(true);
                        PgOption<?> option = (PgOption<?>) f.get(null);
                        fields.put(option, f);
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        }

        List<PgOption<?>> options() {
            return new ArrayList<>(fields.keySet());
        }

        /** {@code PgOptions.READ_AHEAD_LIMIT}. */
        String constant(PgOption<?> option) {
            return owner.getSimpleName() + "." + fields.get(option).getName();
        }

        String constantName(PgOption<?> option) {
            return fields.get(option).getName();
        }

        /** {@code T} of the field's {@code PgOption<T>}. */
        Type type(PgOption<?> option) {
            return ((ParameterizedType) fields.get(option).getGenericType()).getActualTypeArguments()[0];
        }
    }

    /** The types a Java file can name by their simple name: its own package's, {@code java.lang}'s, its imports. */
    interface Imports {
        Set<String> of(Path file);
    }

    // ---- Java

    static List<String> getters(Declarations d, Set<String> imported, String indent) {
        List<String> out = new ArrayList<>();
        for (PgOption<?> o : d.options()) {
            if (!o.hasGeneratedGetter()) {
                continue;
            }
            Type type = d.type(o);
            String returned = o.isOptional() ? name(Optional.class, imported) + "<" + name(type, imported) + ">"
                    : name(unboxed(type), imported);
            String value = "get(" + d.constant(o) + ")";
            javadoc(out, indent, documentation(o, false));
            out.add(indent + "public " + returned + " " + o.builderName() + "() {");
            out.add(indent + "    return " + (o.isOptional() ? name(Optional.class, imported) + ".ofNullable(" + value + ")"
                    : value) + ";");
            out.add(indent + "}");
            out.add("");
        }
        return trimmed(out);
    }

    static List<String> setters(Declarations d, String builder, Set<String> imported, String indent) {
        List<String> out = new ArrayList<>();
        for (PgOption<?> o : d.options()) {
            if (!o.hasGeneratedSetter()) {
                continue;
            }
            javadoc(out, indent, documentation(o, true));
            wrapped(out, indent, "public " + builder + " " + o.builderName() + "(",
                    name(unboxed(d.type(o)), imported) + " " + o.builderName() + ") {");
            out.add(indent + "    return set(" + d.constant(o) + ", " + o.builderName() + ");");
            out.add(indent + "}");
            out.add("");
        }
        return trimmed(out);
    }

    static List<String> constants(Declarations d, Set<String> imported) {
        List<String> out = new ArrayList<>();
        for (PgOption<?> o : d.options()) {
            if (!hasConstant(o)) {
                continue;
            }
            Type type = o.givenInCodeAs() != null ? o.givenInCodeAs() : d.type(o);
            javadoc(out, "    ", javadoc(sentence(o.doc())));
            wrapped(out, "    ", "public static final " + name(Option.class, imported) + "<" + name(type, imported) + "> "
                    + d.constantName(o) + " = ", d.constant(o) + ".r2dbcOption();");
        }
        return out;
    }

    /** Options {@code ConnectionFactoryOptions} carries, and R2DBC itself does not name. */
    static boolean hasConstant(PgOption<?> o) {
        return o.form() != PgOption.Form.BUILDER && !standardOptionNames().contains(o.name());
    }

    private static Set<String> standardOptionNames() {
        Set<String> names = new java.util.HashSet<>();
        for (Field f : ConnectionFactoryOptions.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == Option.class) {
                try {
                    names.add(((Option<?>) f.get(null)).name());
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return names;
    }

    private static Type unboxed(Type type) {
        return type == Integer.class ? int.class : type == Boolean.class ? boolean.class : type;
    }

    /** {@code type} as a file with {@code imported} writes it. */
    static String name(Type type, Set<String> imported) {
        if (type instanceof ParameterizedType p) {
            return name(p.getRawType(), imported) + "<" + java.util.Arrays.stream(p.getActualTypeArguments())
                    .map(t -> name(t, imported)).collect(Collectors.joining(", ")) + ">";
        }
        Class<?> c = (Class<?>) type;
        if (c.isPrimitive() || c.getPackageName().equals("java.lang") || imported.contains(c.getName())
                || imported.contains(c.getPackageName() + ".*")) {
            return c.getSimpleName();
        }
        return c.getCanonicalName();
    }

    /** The doc line, the details (for a setter: what a caller sets), and the default, as Javadoc. */
    static String documentation(PgOption<?> o, boolean details) {
        String text = sentence(o.doc()) + (!details || o.details() == null ? "" : " " + o.details());
        return javadoc(text) + (o.isDerived() ? "" : " Default: " + javadoc(defaultCell(o)) + ".");
    }

    private static String sentence(String doc) {
        return Character.toUpperCase(doc.charAt(0)) + doc.substring(1) + ".";
    }

    /** Markdown to Javadoc: {@code `code`} becomes {@code {@code code}}, other text is escaped for HTML. */
    static String javadoc(String markdown) {
        StringBuilder out = new StringBuilder();
        Matcher m = CODE.matcher(markdown);
        int at = 0;
        while (m.find()) {
            out.append(html(markdown.substring(at, m.start()))).append("{@code ").append(m.group(1)).append('}');
            at = m.end();
        }
        return out.append(html(markdown.substring(at))).toString();
    }

    private static String html(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** A Javadoc comment of {@code text} (paragraphs split at newlines), its lines at most {@link #WIDTH} wide. */
    private static void javadoc(List<String> out, String indent, String text) {
        String prefix = indent + " * ";
        if (!text.contains("\n") && indent.length() + 8 + text.length() <= WIDTH) {
            out.add(indent + "/** " + text + " */");
            return;
        }
        out.add(indent + "/**");
        for (String paragraph : text.split("\n")) {
            StringBuilder line = new StringBuilder(prefix);
            for (String word : words(paragraph)) {
                if (line.length() > prefix.length() && line.length() + 1 + word.length() > WIDTH) {
                    out.add(line.toString());
                    line = new StringBuilder(prefix);
                }
                line.append(line.length() > prefix.length() ? " " : "").append(word);
            }
            out.add(line.toString());
        }
        out.add(indent + " */");
    }

    /** The words of {@code text}; a {@code {@code ...}} span is one word, so that no line breaks inside it. */
    private static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        int depth = 0;
        for (char c : text.toCharArray()) {
            depth += c == '{' ? 1 : c == '}' ? -1 : 0;
            if (c == ' ' && depth == 0) {
                words.add(word.toString());
                word.setLength(0);
            } else {
                word.append(c);
            }
        }
        words.add(word.toString());
        return words;
    }

    /** {@code head} and {@code tail} on one line, or {@code tail} on the next (indented 8 more) when that is too wide. */
    private static void wrapped(List<String> out, String indent, String head, String tail) {
        if (indent.length() + head.length() + tail.length() <= WIDTH) {
            out.add(indent + head + tail);
        } else {
            out.add(indent + head.stripTrailing());
            out.add(indent + "        " + tail.stripLeading());
        }
    }

    private static List<String> trimmed(List<String> lines) {
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        return lines;
    }

    // ---- OPTIONS.md

    static List<String> urlTable(Declarations d) {
        List<String> out = new ArrayList<>();
        out.add("| URL option | libpq keyword | Builder method | Type | Default | Example | Meaning |");
        out.add("|---|---|---|---|---|---|---|");
        for (PgOption<?> o : d.options()) {
            if (o.form() != PgOption.Form.URL) {
                continue;
            }
            if (o.example() == null) {
                throw new IllegalStateException(o.name() + " has a URL form but no example");
            }
            out.add(row("`" + o.name() + "`", o.libpqName() == null ? "—" : "`" + o.libpqName() + "`",
                    methods(d, o, PgfastConnectionConfigurationBuilder.class), typeCell(d, o), defaultCell(o),
                    "`" + o.example() + "`", meaning(o)));
        }
        return out;
    }

    static List<String> codeTable(Declarations d) {
        List<String> out = new ArrayList<>();
        out.add("| Option | Builder method | In `ConnectionFactoryOptions` | Meaning |");
        out.add("|---|---|---|---|");
        for (PgOption<?> o : d.options()) {
            if (o.form() == PgOption.Form.URL) {
                continue;
            }
            out.add(row(o.name(), methods(d, o, PgfastConnectionConfigurationBuilder.class),
                    hasConstant(o) ? "`PgfastConnectionFactoryProvider." + d.constantName(o) + "` (`" + o.name() + "`)" : "—",
                    meaning(o)));
        }
        return out;
    }

    static List<String> poolTable(Declarations d) {
        List<String> out = new ArrayList<>();
        out.add("| Option (builder method) | Type | Default | Meaning |");
        out.add("|---|---|---|---|");
        for (PgOption<?> o : d.options()) {
            out.add(row(o.name(), typeCell(d, o), defaultCell(o), meaning(o)));
        }
        return out;
    }

    private static String row(String... cells) {
        for (String cell : cells) {
            if (cell.contains("|")) {
                throw new IllegalStateException("a table cell cannot hold '|': " + cell);
            }
        }
        return "| " + String.join(" | ", cells) + " |";
    }

    private static String meaning(PgOption<?> o) {
        String others = o.aliases().stream().filter(a -> !a.equals(o.libpqName())).map(a -> "`" + a + "`")
                .collect(Collectors.joining(", "));
        return sentence(o.doc()) + (o.details() == null ? "" : " " + o.details())
                + (others.isEmpty() ? "" : " Also accepted as " + others + ".");
    }

    static String defaultCell(PgOption<?> o) {
        if (o.defaultDescription() != null) {
            return o.defaultDescription();
        }
        return o.defaultText() == null ? "none" : "`" + o.defaultText() + "`";
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static String typeCell(Declarations d, PgOption<?> o) {
        if (o.typeText() != null) {
            return o.typeText();
        }
        Type type = d.type(o);
        if (type instanceof Class<?> c && c.isEnum()) {
            return java.util.Arrays.stream(c.getEnumConstants()).map(e -> "`" + ((PgOption) o).spell(e) + "`")
                    .collect(Collectors.joining(", "));
        }
        if (type instanceof ParameterizedType) {
            return "`" + simple(type) + "`";
        }
        if (type == Integer.class || type == Boolean.class) {
            return simple(unboxed(type));
        }
        return type == Path.class ? "path" : type == Duration.class ? "Duration" : simple(type);
    }

    private static String simple(Type type) {
        if (type instanceof ParameterizedType p) {
            return simple(p.getRawType()) + "<" + java.util.Arrays.stream(p.getActualTypeArguments())
                    .map(OptionSources::simple).collect(Collectors.joining(", ")) + ">";
        }
        return ((Class<?>) type).getSimpleName();
    }

    /**
     * The builder methods that set {@code o}: the generated one (from the declaration, since the compiled builder may
     * predate it), then the hand-written ones named like it or in its {@code alsoSetBy}, as compiled.
     */
    static String methods(Declarations d, PgOption<?> o, Class<?> builder) {
        List<String> methods = new ArrayList<>();
        String generated = o.hasGeneratedSetter() ? o.builderName() + "(" + simple(raw(unboxed(d.type(o)))) + ")" : null;
        if (generated != null) {
            methods.add(generated);
        }
        List<String> names = new ArrayList<>(List.of(o.builderName()));
        names.addAll(o.alsoSetBy());
        List<Method> written = new ArrayList<>();
        for (Method m : builder.getMethods()) {
            if (names.contains(m.getName()) && m.getDeclaringClass() == builder) {
                written.add(m);
            }
        }
        written.sort(Comparator.<Method>comparingInt(m -> names.indexOf(m.getName())).thenComparing(OptionSources::signature));
        for (Method m : written) {
            String s = signature(m);
            if (!s.equals(generated)) {
                methods.add(s);
            }
        }
        return methods.isEmpty() ? "—" : methods.stream().map(s -> "`" + s + "`").collect(Collectors.joining(", "));
    }

    private static Type raw(Type type) {
        return type instanceof ParameterizedType p ? p.getRawType() : type;
    }

    private static String signature(Method m) {
        List<String> params = new ArrayList<>();
        Class<?>[] types = m.getParameterTypes();
        for (int i = 0; i < types.length; i++) {
            params.add(m.isVarArgs() && i == types.length - 1 ? types[i].getComponentType().getSimpleName() + "..."
                    : types[i].getSimpleName());
        }
        return m.getName() + "(" + String.join(", ", params) + ")";
    }

    // ---- the files

    /** {@code text} with the {@code index}-th generated region's lines replaced by {@code region}'s. */
    static String rewrite(String text, Region region) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int seen = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("BEGIN GENERATED") && ++seen == region.index()) {
                int end = i + 1;
                while (end < lines.size() && !lines.get(end).contains("END GENERATED")) {
                    end++;
                }
                if (end == lines.size()) {
                    throw new IllegalStateException(region.file() + ": no END GENERATED after line " + (i + 1));
                }
                String indent = lines.get(i).substring(0, lines.get(i).indexOf(lines.get(i).trim()));
                boolean markdown = region.file().toString().endsWith(".md");
                List<String> replaced = new ArrayList<>();
                replaced.add(markdown ? "<!-- BEGIN GENERATED from the declarations of " + region.source()
                        + " by OptionSourcesTest: edit those, not these lines -->"
                        : indent + "// BEGIN GENERATED from the declarations of " + region.source()
                        + " by OptionSourcesTest: edit those, not these lines");
                if (!markdown) {
                    replaced.add("");
                }
                replaced.addAll(region.lines());
                if (!markdown) {
                    replaced.add("");
                }
                replaced.add(markdown ? "<!-- END GENERATED -->" : indent + "// END GENERATED");
                lines.subList(i, end + 1).clear();
                lines.addAll(i, replaced);
                return String.join("\n", lines);
            }
        }
        throw new IllegalStateException(region.file() + " has no generated region number " + (region.index() + 1));
    }

    /** The names {@code source} (a Java file) can use unqualified: its imports, and its package's as {@code pkg.*}. */
    static Set<String> imports(String source) {
        Set<String> names = new java.util.HashSet<>();
        Matcher m = Pattern.compile("(?m)^import ([\\w.]+(?:\\.\\*)?);").matcher(source);
        while (m.find()) {
            names.add(m.group(1));
        }
        Matcher p = Pattern.compile("(?m)^package ([\\w.]+);").matcher(source);
        if (p.find()) {
            names.add(p.group(1) + ".*");
        }
        return names;
    }
}
