package io.pgfast.r2dbc;

import io.pgfast.config.ChannelBindingMode;
import io.pgfast.config.HostSpec;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.SslMode;
import io.pgfast.config.SslNegotiation;
import io.pgfast.config.TargetServerType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.ServiceLoader;
import java.util.TimeZone;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.ConnectionFactoryProvider;
import io.r2dbc.spi.Option;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

class PgfastConnectionFactoryProviderTest {

    private static PgfastConnectionConfiguration url(String url) {
        return PgfastConnectionFactoryProvider.fromOptions(ConnectionFactoryOptions.parse(url));
    }

    private static String q(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    @Test
    void parsesAFullUrl() {
        PgfastConnectionConfiguration c = url("r2dbc:pgfast://us%40er:p%40ss@db.example.com:6543/app"
                + "?sslMode=verify-full&sslRootCert=%2Fetc%2Froot.crt&connectTimeout=PT3S&statementTimeout=30s"
                + "&lockWaitTimeout=500ms&applicationName=billing&timeZone=Europe%2FParis&fetchSize=100"
                + "&options=search_path%3Dapp%3Bwork_mem%3D64MB&tcpKeepAlive=on&preparedStatementCacheQueries=-1");

        assertThat(c.username()).isEqualTo("us@er");
        assertThat(c.password().block()).hasToString("p@ss");
        assertThat(c.host()).isEqualTo("db.example.com");
        assertThat(c.port()).isEqualTo(6543);
        assertThat(c.database()).contains("app");
        assertThat(c.sslMode()).isEqualTo(SslMode.VERIFY_FULL);
        assertThat(c.sslRootCert()).contains("/etc/root.crt");
        assertThat(c.connectTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(c.statementTimeout()).contains(Duration.ofSeconds(30));
        assertThat(c.lockWaitTimeout()).contains(Duration.ofMillis(500));
        assertThat(c.applicationName()).isEqualTo("billing");
        assertThat(c.timeZone()).isEqualTo(ZoneId.of("Europe/Paris"));
        assertThat(c.fetchSize()).isEqualTo(100);
        assertThat(c.options()).containsExactly(Map.entry("search_path", "app"), Map.entry("work_mem", "64MB"));
        assertThat(c.tcpKeepAlive()).isTrue();
        assertThat(c.preparedStatementCacheQueries()).isEqualTo(-1);
    }

    @Test
    void ipv6AndSocketHosts() {
        assertThat(url("r2dbc:pgfast://u@[::1]:5433/db").host()).isEqualTo("::1");
        assertThat(url("r2dbc:pgfast://u@%2Ftmp%2Fpg/db").socket()).contains("/tmp/pg");
        assertThat(url("r2dbc:pgfast://u@localhost/db?socket=%2Fvar%2Frun%2Fpostgresql").socketFile())
                .contains(Path.of("/var/run/postgresql/.s.PGSQL.5432"));
    }

    @Test
    void multiHostUrls() {
        PgfastConnectionConfiguration c = url("r2dbc:pgfast://u:secretpw@h1:5432,h2:5433,h3/db");
        assertThat(c.hosts()).containsExactly(new HostSpec("h1", 5432), new HostSpec("h2", 5433), new HostSpec("h3", 5432));
        assertThat(c.host()).isEqualTo("h1");
        assertThat(url("r2dbcs:pgfast://u@h1,h2").hosts()).containsExactly(new HostSpec("h1", 5432), new HostSpec("h2", 5432));
        // the SPI's URI parser refuses raw brackets in a list; percent-encoded ones arrive decoded
        assertThat(url("r2dbc:pgfast://u@h1:5432,%5B::1%5D:5433/db").hosts())
                .containsExactly(new HostSpec("h1", 5432), new HostSpec("::1", 5433));
        assertThatThrownBy(() -> url("r2dbc:pgfast://u:secretpw@h1:5432,h2:99999/db"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("h2:99999")
                .hasMessageContaining("between 1 and 65535")
                .hasMessageNotContaining("secretpw");
    }

    @Test
    void multiHostOptions() {
        PgfastConnectionConfiguration c = PgfastConnectionFactoryProvider.fromOptions(ConnectionFactoryOptions.builder()
                .option(ConnectionFactoryOptions.DRIVER, "pgfast").option(ConnectionFactoryOptions.USER, "u")
                .option(ConnectionFactoryOptions.HOST, "h1:5432, [::1]:5433 ,h3")
                .option(ConnectionFactoryOptions.PORT, 7000)
                .option(Option.valueOf("target_session_attrs"), "read-only")
                .option(Option.valueOf("load_balance_hosts"), "random")
                .option(PgfastConnectionFactoryProvider.HOST_RECHECK_SECONDS, 3)
                .build());
        assertThat(c.hosts()).containsExactly(new HostSpec("h1", 5432), new HostSpec("::1", 5433), new HostSpec("h3", 7000));
        assertThat(c.targetServerType()).isEqualTo(TargetServerType.STANDBY);
        assertThat(c.loadBalanceHosts()).isTrue();
        assertThat(c.hostRecheckSeconds()).isEqualTo(3);

        PgfastConnectionConfiguration typed = PgfastConnectionFactoryProvider.fromOptions(ConnectionFactoryOptions.builder()
                .option(ConnectionFactoryOptions.DRIVER, "pgfast").option(ConnectionFactoryOptions.USER, "u")
                .option(Option.valueOf("host"), List.of("h1", new HostSpec("h2", 5999)))
                .option(PgfastConnectionFactoryProvider.TARGET_SERVER_TYPE, TargetServerType.PREFER_PRIMARY)
                .build());
        assertThat(typed.hosts()).containsExactly(new HostSpec("h1", 5432), new HostSpec("h2", 5999));
        assertThat(typed.targetServerType()).isEqualTo(TargetServerType.PREFER_PRIMARY);
        assertThat(typed.loadBalanceHosts()).isFalse();
        assertThat(typed.hostRecheckSeconds()).isEqualTo(10);

        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h1,h2/db?targetServerType=replica"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("targetServerType").hasMessageContaining("'replica'");
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h1,h2/db?targetServerType=primary&target_session_attrs=standby"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("both given");
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h1,h2/db?hostRecheckSeconds=-1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("hostRecheckSeconds");
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h1,h2/db?socket=%2Ftmp"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("socket").hasMessageContaining("host list");
    }

    @Test
    void unknownOptionsAreTolerated() {
        assertThat(url("r2dbc:pgfast://u@h/db?noSuchOption=1&compatibilityMode=true").username()).isEqualTo("u");
    }

    @Test
    void userIsRequired() {
        assertThatThrownBy(() -> url("r2dbc:pgfast://h/db")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("username is required");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "PT10S, PT10S",
            "pt1m30s, PT1M30S",
            "10, PT10S",
            "10s, PT10S",
            "' 10 s ', PT10S",
            "500ms, PT0.5S",
            "2m, PT2M",
            "2min, PT2M",
            "1h, PT1H",
            "1d, PT24H",
            "250000us, PT0.25S",
            "0, PT0S",
    })
    void durationsFromStrings(String text, Duration expected) {
        assertThat(url("r2dbc:pgfast://u@h/db?connectTimeout=" + q(text)).connectTimeout()).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"ten", "10x", "-5", "1.5s", "PTX", "''", "999999999999999999d"})
    void badDurationsNameTheOption(String text) {
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h/db?statementTimeout=" + q(text)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("statementTimeout");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"true, true", "TRUE, true", "on, true", "yes, true", "1, true",
            "false, false", "Off, false", "no, false", "0, false"})
    void booleansFromStrings(String text, boolean expected) {
        assertThat(url("r2dbc:pgfast://u@h/db?tcpNoDelay=" + text).tcpNoDelay()).isEqualTo(expected);
    }

    @Test
    void badValuesNameTheOption() {
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h/db?tcpNoDelay=maybe"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("tcpNoDelay must be true/false");
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h/db?fetchSize=lots"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("fetchSize must be an integer, got 'lots'");
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h/db?sslMode=strict"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("sslMode must be one of");
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h/db?timeZone=Mars%2FOlympus"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("timeZone is not a time zone ID");
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h/db?options=novalue"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("options: expected name=value");
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h/db?pipelineLimit=0"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("pipelineLimit");
    }

    @Test
    void enumsIgnoreCase() {
        assertThat(url("r2dbc:pgfast://u@h/db?sslMode=VERIFY-CA").sslMode()).isEqualTo(SslMode.VERIFY_CA);
        assertThat(url("r2dbc:pgfast://u@h/db?sslMode=verify_full").sslMode()).isEqualTo(SslMode.VERIFY_FULL);
        assertThat(url("r2dbc:pgfast://u@h/db?channelBinding=Require").channelBinding()).isEqualTo(ChannelBindingMode.REQUIRE);
        assertThat(url("r2dbc:pgfast://u@h/db?sslNegotiation=DIRECT&sslMode=require").sslNegotiation())
                .isEqualTo(SslNegotiation.DIRECT);
    }

    @Test
    void libpqSpellingsAreAccepted() {
        PgfastConnectionConfiguration c = url("r2dbc:pgfast://u@h?dbname=app&sslmode=verify-ca&sslrootcert=%2Fr.crt"
                + "&sslcert=%2Fc.crt&sslkey=%2Fc.key&sslpassword=kp&sslsni=0&channel_binding=require"
                + "&connect_timeout=7&application_name=tool&sslnegotiation=direct");

        assertThat(c.database()).contains("app");
        assertThat(c.sslMode()).isEqualTo(SslMode.VERIFY_CA);
        assertThat(c.sslRootCert()).contains("/r.crt");
        assertThat(c.sslCert()).contains(Path.of("/c.crt"));
        assertThat(c.sslKey()).contains(Path.of("/c.key"));
        assertThat(c.sslPassword()).contains("kp");
        assertThat(c.sslSni()).isFalse();
        assertThat(c.channelBinding()).isEqualTo(ChannelBindingMode.REQUIRE);
        assertThat(c.connectTimeout()).isEqualTo(Duration.ofSeconds(7));
        assertThat(c.applicationName()).isEqualTo("tool");
        assertThat(c.sslNegotiation()).isEqualTo(SslNegotiation.DIRECT);
    }

    @Test
    void bothSpellingsMustAgree() {
        assertThat(url("r2dbc:pgfast://u@h/db?sslMode=require&sslmode=require").sslMode()).isEqualTo(SslMode.REQUIRE);
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h/db?sslMode=require&sslmode=disable"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("sslMode and sslmode are both given, with different values; give one");
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h/db?sslPassword=one-secret&sslpassword=other-secret"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("one-secret").hasMessageNotContaining("other-secret");
    }

    @Test
    void standardSslOption() {
        assertThat(url("r2dbcs:pgfast://u@h/db").sslMode()).isEqualTo(SslMode.VERIFY_FULL);
        assertThat(url("r2dbc:pgfast://u@h/db?ssl=false").sslMode()).isEqualTo(SslMode.DISABLE);
        assertThat(url("r2dbcs:pgfast://u@h/db?sslMode=require").sslMode()).isEqualTo(SslMode.REQUIRE);
        assertThat(url("r2dbc:pgfast://u@h/db?ssl=false&sslMode=disable").sslMode()).isEqualTo(SslMode.DISABLE);
        assertThatThrownBy(() -> url("r2dbcs:pgfast://u@h/db?sslMode=prefer"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ssl=true contradicts sslMode=prefer");
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h/db?ssl=false&sslMode=verify-full"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ssl=false contradicts");
    }

    @Test
    void optionsInLibpqCommandLineForm() {
        PgfastConnectionConfiguration c = url("r2dbc:pgfast://u@h/db?options="
                + q("-c search_path=app,public --work-mem=64MB -cgeqo=off -c application.label=a\\ b"));

        assertThat(c.options()).containsExactly(Map.entry("search_path", "app,public"), Map.entry("work_mem", "64MB"),
                Map.entry("geqo", "off"), Map.entry("application.label", "a b"));
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h/db?options=" + q("-d 5")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only -c name=value and --name=value");
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h/db?options=" + q("-c")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-c must be followed by name=value");
    }

    @Test
    void optionsListFormEscapes() {
        PgfastConnectionConfiguration c = url("r2dbc:pgfast://u@h/db?options=" + q("myapp.note=a\\;b=c; search_path = x ;"));

        assertThat(c.options()).containsExactly(Map.entry("myapp.note", "a;b=c"), Map.entry("search_path", "x"));
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h/db?options=" + q("a=b\\")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("trailing backslash");
        assertThatThrownBy(() -> url("r2dbc:pgfast://u@h/db?options=" + q("TimeZone=UTC")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("use the timeZone option");
    }

    @Test
    void typedValuesFromCode() {
        ConnectionFactoryOptions o = ConnectionFactoryOptions.builder()
                .option(ConnectionFactoryOptions.DRIVER, "pgfast")
                .option(ConnectionFactoryOptions.HOST, "h")
                .option(ConnectionFactoryOptions.PORT, 7777)
                .option(ConnectionFactoryOptions.USER, "u")
                .option(ConnectionFactoryOptions.CONNECT_TIMEOUT, Duration.ofMillis(1500))
                .option(ConnectionFactoryOptions.STATEMENT_TIMEOUT, Duration.ofSeconds(9))
                .option(PgfastConnectionFactoryProvider.SSL_MODE, SslMode.REQUIRE)
                .option(PgfastConnectionFactoryProvider.TCP_KEEP_ALIVE, true)
                .option(PgfastConnectionFactoryProvider.OPTIONS, Map.of("search_path", "s"))
                .option(PgfastConnectionFactoryProvider.TIME_ZONE, ZoneId.of("UTC"))
                .option(PgfastConnectionFactoryProvider.FETCH_SIZE, 50)
                .option(PgfastConnectionFactoryProvider.CHANNEL_BINDING, ChannelBindingMode.DISABLE)
                .option(Option.<Object>valueOf("sslCert"), Path.of("/c.crt"))
                .option(Option.<Object>valueOf("sslKey"), new java.io.File("/c.key"))
                .option(Option.<Object>valueOf("maxMessageSize"), 1_000_000L)
                .build();

        PgfastConnectionConfiguration c = PgfastConnectionFactoryProvider.fromOptions(o);

        assertThat(c.port()).isEqualTo(7777);
        assertThat(c.connectTimeout()).isEqualTo(Duration.ofMillis(1500));
        assertThat(c.statementTimeout()).contains(Duration.ofSeconds(9));
        assertThat(c.sslMode()).isEqualTo(SslMode.REQUIRE);
        assertThat(c.tcpKeepAlive()).isTrue();
        assertThat(c.options()).containsExactly(Map.entry("search_path", "s"));
        assertThat(c.timeZone()).isEqualTo(ZoneId.of("UTC"));
        assertThat(c.fetchSize()).isEqualTo(50);
        assertThat(c.channelBinding()).isEqualTo(ChannelBindingMode.DISABLE);
        assertThat(c.sslCert()).contains(Path.of("/c.crt"));
        assertThat(c.sslKey()).contains(Path.of("/c.key"));
        assertThat(c.maxMessageSize()).isEqualTo(1_000_000);
    }

    @Test
    void typedValuesOfTheWrongTypeNameTheOption() {
        assertThatThrownBy(() -> PgfastConnectionFactoryProvider.fromOptions(base()
                .option(Option.<Object>valueOf("tcpNoDelay"), 5).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("tcpNoDelay must be a boolean, got a java.lang.Integer");
        assertThatThrownBy(() -> PgfastConnectionFactoryProvider.fromOptions(base()
                .option(Option.<Object>valueOf("options"), Map.of("a", 1)).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("options must map String names to String values");
        assertThatThrownBy(() -> PgfastConnectionFactoryProvider.fromOptions(base()
                .option(Option.<Object>valueOf("port"), 1L << 40).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("port is out of range");
        assertThat(PgfastConnectionFactoryProvider.fromOptions(base()
                .option(Option.<Object>valueOf("timeZone"), TimeZone.getTimeZone("Asia/Tokyo")).build()).timeZone())
                .isEqualTo(ZoneId.of("Asia/Tokyo"));
        assertThat(PgfastConnectionFactoryProvider.fromOptions(base()
                .option(Option.<Object>valueOf("connectTimeout"), 4).build()).connectTimeout())
                .isEqualTo(Duration.ofSeconds(4));
    }

    private static ConnectionFactoryOptions.Builder base() {
        return ConnectionFactoryOptions.builder().option(ConnectionFactoryOptions.DRIVER, "pgfast")
                .option(ConnectionFactoryOptions.USER, "u");
    }

    @Test
    void passwordFromSupplierAndPublisher() {
        AtomicInteger n = new AtomicInteger();
        Supplier<String> supplier = () -> "s" + n.incrementAndGet();
        PgfastConnectionConfiguration fromSupplier = PgfastConnectionFactoryProvider.fromOptions(base()
                .option(Option.<Object>valueOf("password"), supplier).build());
        assertThat(fromSupplier.password().block()).hasToString("s1");
        assertThat(fromSupplier.password().block()).hasToString("s2");

        PgfastConnectionConfiguration fromPublisher = PgfastConnectionFactoryProvider.fromOptions(base()
                .option(Option.<Object>valueOf("password"), Flux.just("first", "ignored")).build());
        assertThat(fromPublisher.password().block()).hasToString("first");

        PgfastConnectionConfiguration wrongElement = PgfastConnectionFactoryProvider.fromOptions(base()
                .option(Option.<Object>valueOf("password"), Mono.just(42)).build());
        StepVerifier.create(wrongElement.password())
                .expectErrorMessage("password must be a CharSequence, got a java.lang.Integer").verify();

        assertThatThrownBy(() -> PgfastConnectionFactoryProvider.fromOptions(base()
                .option(Option.<Object>valueOf("password"), new char[] {'x', 'y'}).build()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("password must be a CharSequence, Supplier or Publisher of CharSequence, got a [C");
    }

    /**
     * The password must not leak through the configuration's toString nor through any error the
     * provider raises, whatever the password is (100 random ones, fixed seed so failures repeat).
     */
    @Test
    void passwordNeverAppearsInToStringOrErrors() {
        Random random = new Random(20261201L);
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%()*+,-.:;<=>?[]^_{|}~";
        // host and port cannot go in the query: the SPI's own parser refuses that, quoting the whole URL
        List<String> badQueries = List.of("fetchSize=-3", "sslMode=nope", "connectTimeout=soon",
                "options=oops", "sslNegotiation=direct", "sslCert=%2Fc.crt", "ssl=true&sslMode=allow",
                "sslRootCert=system&sslMode=require", "tcpNoDelay=perhaps", "timeZone=Nowhere", "pipelineLimit=0",
                "maxMessageSize=big", "channelBinding=require&sslMode=disable", "options=user%3Dx");
        List<String> badHosts = List.of("h1:5432,h2:99999", "h:0", "h1,,h2");
        for (int i = 0; i < 100; i++) {
            StringBuilder pw = new StringBuilder();
            int length = 8 + random.nextInt(24);
            for (int j = 0; j < length; j++) {
                pw.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String password = pw.toString();

            PgfastConnectionConfiguration ok = PgfastConnectionFactoryProvider.fromOptions(base()
                    .option(ConnectionFactoryOptions.PASSWORD, password)
                    .option(PgfastConnectionFactoryProvider.SSL_PASSWORD, password).build());
            assertThat(ok.toString()).doesNotContain(password);
            assertThat(new PgfastConnectionFactory(ok).toString()).doesNotContain(password);

            List<String> messages = new ArrayList<>();
            List<String> urls = new ArrayList<>();
            for (String bad : badQueries) {
                urls.add("r2dbc:pgfast://u:" + q(password) + "@h/db?sslPassword=" + q(password) + "&" + bad);
            }
            for (String bad : badHosts) {
                urls.add("r2dbc:pgfast://u:" + q(password) + "@" + bad + "/db?sslPassword=" + q(password));
            }
            for (String u : urls) {
                try {
                    url(u);
                    throw new AssertionError("accepted " + u.substring(u.indexOf('@')));
                } catch (IllegalArgumentException e) {
                    messages.add(String.valueOf(e.getMessage()));
                    for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
                        messages.add(String.valueOf(t.getMessage()));
                    }
                }
            }
            assertThat(messages).hasSizeGreaterThanOrEqualTo(urls.size()).allSatisfy(m -> assertThat(m).doesNotContain(password));
        }
    }

    @Test
    void supportsPgfastAndPostgresqlOnlyWithoutR2dbcPostgresql() {
        ConnectionFactoryOptions pgfast = ConnectionFactoryOptions.parse("r2dbc:pgfast://u@h/db");
        ConnectionFactoryOptions postgresql = ConnectionFactoryOptions.parse("r2dbc:postgresql://u@h/db");
        ConnectionFactoryOptions other = ConnectionFactoryOptions.parse("r2dbc:h2:mem:///db");

        PgfastConnectionFactoryProvider alone = new PgfastConnectionFactoryProvider(true);
        assertThat(alone.supports(pgfast)).isTrue();
        assertThat(alone.supports(postgresql)).isTrue();
        assertThat(alone.supports(other)).isFalse();

        PgfastConnectionFactoryProvider besideR2dbcPostgresql = new PgfastConnectionFactoryProvider(false);
        assertThat(besideR2dbcPostgresql.supports(pgfast)).isTrue();
        assertThat(besideR2dbcPostgresql.supports(postgresql)).isFalse();

        // r2dbc-postgresql is not on this module's test class path
        assertThat(new PgfastConnectionFactoryProvider().supports(postgresql)).isTrue();
        assertThat(new PgfastConnectionFactoryProvider().getDriver()).isEqualTo("pgfast");
    }

    @Test
    void discoveredThroughServiceLoaderAndConnectionFactories() {
        assertThat(ServiceLoader.load(ConnectionFactoryProvider.class))
                .anyMatch(p -> p instanceof PgfastConnectionFactoryProvider);

        ConnectionFactory factory = ConnectionFactories.get("r2dbc:pgfast://u:pw@h:5433/db?fetchSize=7");
        assertThat(factory).isInstanceOf(PgfastConnectionFactory.class);
        assertThat(factory.getMetadata().getName()).isEqualTo("PostgreSQL");
        PgfastConnectionConfiguration c = ((PgfastConnectionFactory) factory).getConfiguration();
        assertThat(c.port()).isEqualTo(5433);
        assertThat(c.fetchSize()).isEqualTo(7);
        assertThat(ConnectionFactories.get("r2dbc:postgresql://u@h/db")).isInstanceOf(PgfastConnectionFactory.class);
    }

    @Test
    void factoryNeedsAConfiguration() {
        assertThatThrownBy(() -> new PgfastConnectionFactory(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
