package io.pgfast.r2dbc;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.Option;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * The connection guide ({@code docs/connecting.md}) names only real options. It writes every option
 * as an inline {@code `name=value`} (or {@code `name=`}); each such name must be an option of the
 * OPTIONS.md table (whose rows {@link OptionsTableTest} proves the URL parser applies), and each
 * value must be accepted by {@code ConnectionFactoryOptions.parse} + {@code fromOptions}. Every URL in
 * its code blocks must parse into a configuration, with known options only; every builder call in a
 * {@code PgfastConnectionConfiguration.builder()} chain must exist; every provider constant named must exist.
 */
class DocsOptionNamesTest {

    private static final Path GUIDE = Path.of("../docs/connecting.md");
    private static final Pattern INLINE_CODE = Pattern.compile("`([^`\\n]+)`");
    private static final Pattern OPTION = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)=(.*)");
    private static final Pattern URL = Pattern.compile("r2dbcs?:pgfast://[^\\s\"]+");
    private static final Pattern CALL = Pattern.compile("\\.([A-Za-z]+)\\(");
    private static final Pattern CONSTANT = Pattern.compile("(PgfastConnectionFactoryProvider|ConnectionFactoryOptions)\\.([A-Z_]+)\\b");
    /** Options that are only valid together with another one (as in OptionsTableTest). */
    private static final Map<String, String> PARTNERS = Map.of(
            "sslCert", "&sslKey=%2Fk.pem",
            "sslKey", "&sslCert=%2Fc.pem",
            "sslNegotiation", "&sslMode=require");
    /** Options that R2DBC URLs carry in the authority and path, never in the query string. */
    private static final List<String> AUTHORITY = List.of("user", "password", "host", "port", "database");

    private static String prose;
    private static List<String> codeBlocks;

    @BeforeAll
    static void read() throws IOException {
        StringBuilder text = new StringBuilder();
        codeBlocks = new ArrayList<>();
        StringBuilder block = null;
        for (String line : Files.readAllLines(GUIDE, StandardCharsets.UTF_8)) {
            if (line.startsWith("```")) {
                if (block == null) {
                    block = new StringBuilder(line).append('\n');
                } else {
                    codeBlocks.add(block.toString());
                    block = null;
                }
            } else if (block != null) {
                block.append(line).append('\n');
            } else {
                text.append(line).append('\n');
            }
        }
        assertThat(block).as("every code block of the guide is closed").isNull();
        prose = text.toString();
    }

    /** The URL names and libpq keywords of the OPTIONS.md table. */
    private static Set<String> tableNames() throws IOException {
        Set<String> names = new LinkedHashSet<>();
        for (String line : Files.readAllLines(Path.of("OPTIONS.md"), StandardCharsets.UTF_8)) {
            if (line.startsWith("| `")) {
                String[] cells = line.split("\\|");
                names.add(cells[1].trim().replace("`", ""));
                if (cells[2].contains("`")) {
                    names.add(cells[2].trim().replace("`", ""));
                }
            }
        }
        return names;
    }

    /** The {@code name=value} spans of the prose, in order (value empty for {@code `name=`}). */
    private static Map<String, List<String>> mentioned() {
        Map<String, List<String>> options = new LinkedHashMap<>();
        Matcher m = INLINE_CODE.matcher(prose);
        while (m.find()) {
            Matcher o = OPTION.matcher(m.group(1));
            if (o.matches()) {
                options.computeIfAbsent(o.group(1), k -> new ArrayList<>()).add(o.group(2));
            }
        }
        return options;
    }

    @Test
    void theGuideCoversTheConnectionOptionsItPromises() {
        assertThat(mentioned().keySet()).contains("socket", "host", "port", "ssl", "sslMode", "sslRootCert", "sslCert", "sslKey",
                "sslPassword", "sslSni", "sslNegotiation", "channelBinding", "allowCleartextPassword", "connectTimeout",
                "statementTimeout", "lockWaitTimeout", "tcpKeepAlive", "tcpNoDelay", "maxMessageSize", "pipelineLimit");
    }

    @Test
    void everyOptionNamedInTheGuideIsATableOption() throws IOException {
        Set<String> known = tableNames();
        assertThat(known).hasSizeGreaterThan(25);
        for (String name : mentioned().keySet()) {
            assertThat(known).as("`%s=` in %s is an option of OPTIONS.md", name, GUIDE).contains(name);
        }
    }

    @Test
    void everyValueShownInTheGuideIsAccepted() {
        for (Map.Entry<String, List<String>> e : mentioned().entrySet()) {
            for (String value : e.getValue()) {
                if (value.isEmpty()) {
                    continue;
                }
                ConnectionFactoryOptions options = AUTHORITY.contains(e.getKey())
                        // a URL carries these in its authority and path: given as the Strings a URL gives
                        ? ConnectionFactoryOptions.parse("r2dbc:pgfast://u@h/db").mutate().option(Option.valueOf(e.getKey()), value).build()
                        : ConnectionFactoryOptions.parse("r2dbc:pgfast://u@h/db?" + e.getKey() + "="
                                + URLEncoder.encode(value, StandardCharsets.UTF_8) + PARTNERS.getOrDefault(e.getKey(), ""));
                assertThatCode(() -> PgfastConnectionFactoryProvider.fromOptions(options))
                        .as("`%s=%s` from the guide", e.getKey(), value).doesNotThrowAnyException();
            }
        }
    }

    @Test
    void everyUrlInTheGuideParsesWithKnownOptionsOnly() throws IOException {
        Set<String> known = tableNames();
        List<String> urls = new ArrayList<>();
        for (String block : codeBlocks) {
            Matcher m = URL.matcher(block);
            while (m.find()) {
                urls.add(m.group());
            }
        }
        assertThat(urls).hasSizeGreaterThanOrEqualTo(3);
        for (String url : urls) {
            PgfastConnectionConfiguration c = PgfastConnectionFactoryProvider.fromOptions(ConnectionFactoryOptions.parse(url));
            assertThat(c.username()).as(url).isNotEmpty();
            int query = url.indexOf('?');
            if (query >= 0) {
                for (String pair : url.substring(query + 1).split("&")) {
                    assertThat(known).as("option %s of %s", pair, url).contains(pair.substring(0, pair.indexOf('=')));
                }
            }
        }
    }

    @Test
    void everyBuilderCallInTheGuideExists() {
        Set<String> methods = new LinkedHashSet<>();
        for (Method m : PgfastConnectionConfigurationBuilder.class.getMethods()) {
            methods.add(m.getName());
        }
        int chains = 0;
        for (String block : codeBlocks) {
            int start = block.indexOf("PgfastConnectionConfiguration.builder()");
            while (start >= 0) {
                int end = block.indexOf(".build()", start);
                assertThat(end).as("a builder chain ends with build()").isPositive();
                for (String call : topLevelCalls(block.substring(start + "PgfastConnectionConfiguration.builder()".length(), end))) {
                    assertThat(methods).as("builder method %s", call).contains(call);
                }
                chains++;
                start = block.indexOf("PgfastConnectionConfiguration.builder()", end);
            }
        }
        assertThat(chains).isGreaterThanOrEqualTo(4);
    }

    /** The methods called on the chain itself, not inside an argument ({@code Duration.ofSeconds(5)}). */
    private static List<String> topLevelCalls(String chain) {
        List<String> calls = new ArrayList<>();
        int depth = 0;
        for (int i = 0; i < chain.length(); i++) {
            char c = chain.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == '.' && depth == 0) {
                Matcher m = CALL.matcher(chain).region(i, chain.length());
                if (m.lookingAt()) {
                    calls.add(m.group(1));
                }
            }
        }
        return calls;
    }

    @Test
    void everyOptionConstantInTheGuideExists() throws Exception {
        Matcher m = CONSTANT.matcher(String.join("\n", codeBlocks) + prose);
        List<String> seen = new ArrayList<>();
        while (m.find()) {
            Class<?> owner = m.group(1).equals("ConnectionFactoryOptions") ? ConnectionFactoryOptions.class
                    : PgfastConnectionFactoryProvider.class;
            assertThat(Arrays.stream(owner.getFields()).map(f -> f.getName())).as(m.group()).contains(m.group(2));
            seen.add(m.group());
        }
        assertThat(seen).contains("PgfastConnectionFactoryProvider.SSL_MODE", "PgfastConnectionFactoryProvider.OBSERVATION_REGISTRY");
    }
}
