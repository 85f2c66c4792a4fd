package io.pgfast.r2dbc;

import io.pgfast.config.LogLevel;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestServer;
import io.netty.handler.ssl.SslContextBuilder;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.Option;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;

import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.Set;
import java.util.TimeZone;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every option of r2dbc-postgresql 1.1's {@code PostgresqlConnectionFactoryProvider}, given in an
 * {@code r2dbc:postgresql:} URL or as typed values: it does the same here (checked against the server
 * where the server sees it), or it is refused at configuration time with a message naming what to use.
 */
@RequiresPostgres
class DropInOptionsTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** The option names r2dbc-postgresql 1.1.3's provider reads, besides R2DBC's standard ones. */
    static final List<String> R2DBC_POSTGRESQL_OPTIONS = List.of("applicationName", "autodetectExtensions", "channelBinding",
            "channel_binding", "compatibilityMode", "errorResponseLogLevel", "extensions", "fetchSize", "forceBinary",
            "hostRecheckTime", "loadBalanceHosts", "lockWaitTimeout", "loopResources", "maxMessageSize", "noticeLogLevel",
            "options", "preferAttachedBuffers", "preparedStatementCacheQueries", "schema", "currentSchema", "socket",
            "sslContextBuilderCustomizer", "sslCert", "sslHostnameVerifier", "sslKey", "sslMode", "sslmode", "sslNegotiation",
            "sslnegotiation", "sslPassword", "sslRootCert", "sslSni", "statementTimeout", "targetServerType", "tcpKeepAlive",
            "tcpNoDelay", "timeZone");


    private static String base(String driver) {
        TestServer s = TestPostgres.get();
        return "r2dbc:" + driver + "://" + enc(s.role(AuthMethod.SCRAM).user()) + ":" + enc(s.role(AuthMethod.SCRAM).password())
                + "@" + s.host() + ":" + s.port() + "/" + enc(s.database()) + "?sslMode=disable";
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static PgfastConnectionConfiguration parse(String query) {
        return PgfastConnectionFactoryProvider.fromOptions(ConnectionFactoryOptions.parse(base("postgresql") + query));
    }

    private static ConnectionFactoryOptions.Builder typed() {
        return ConnectionFactoryOptions.parse(base("postgresql")).mutate();
    }

    /** Runs {@code sql} on a connection made by the provider serving the {@code postgresql} driver name. */
    private static String show(ConnectionFactoryOptions options, String sql) {
        PgfastConnectionFactory factory = new PgfastConnectionFactoryProvider(true).create(options);
        return Mono.usingWhen(factory.create(), c -> first(c, sql), Connection::close).block(TIMEOUT);
    }

    private static String show(String query, String sql) {
        return show(ConnectionFactoryOptions.parse(base("postgresql") + query), sql);
    }

    private static Mono<String> first(Connection c, String sql) {
        return Flux.from(c.createStatement(sql).execute()).concatMap(r -> r.map((row, m) -> String.valueOf(row.get(0)))).next();
    }

    @Test
    void everyOptionOfR2dbcPostgresqlIsAcceptedOrRefusedWithItsReplacement() {
        assertThat(R2DBC_POSTGRESQL_OPTIONS).hasSize(37).doesNotHaveDuplicates();
        Set<String> ours = Set.of("applicationName", "autodetectExtensions", "channelBinding", "channel_binding", "fetchSize",
                "loadBalanceHosts", "lockWaitTimeout", "maxMessageSize", "options", "preparedStatementCacheQueries", "socket",
                "sslCert", "sslKey", "sslMode", "sslmode", "sslNegotiation", "sslnegotiation", "sslPassword", "sslRootCert", "sslSni",
                "statementTimeout", "targetServerType", "tcpKeepAlive", "tcpNoDelay", "timeZone");
        Set<String> mapped = Set.of("compatibilityMode", "errorResponseLogLevel", "noticeLogLevel", "extensions", "forceBinary",
                "hostRecheckTime", "loopResources", "preferAttachedBuffers", "schema", "currentSchema", "sslContextBuilderCustomizer", "sslHostnameVerifier");
        for (String name : R2DBC_POSTGRESQL_OPTIONS) {
            assertThat(ours.contains(name) || mapped.contains(name)).as(name).isTrue();
        }
    }

    @Test
    void schemaSetsTheSearchPathAsGiven() {
        assertThat(show("&schema=app", "SHOW search_path")).isEqualTo("app");
        assertThat(show("&currentSchema=app", "SHOW search_path")).isEqualTo("app");
        assertThat(show("&schema=" + enc("app, public"), "SHOW search_path")).isEqualTo("app, public");
        assertThat(show("", "SHOW search_path")).isEqualTo("\"$user\", public");
    }

    /** As in r2dbc-postgresql, the value is a search_path: a name needing quotes is written quoted, and then resolves. */
    @Test
    void aSchemaNameNeedingQuotesIsQuotedInTheValue() {
        TestServer s = TestPostgres.get();
        String admin = "r2dbc:pgfast://" + enc(s.superuser()) + ":" + enc(s.superuserPassword()) + "@" + s.host() + ":" + s.port()
                + "/" + enc(s.database()) + "?sslMode=disable";
        String role = s.role(AuthMethod.SCRAM).user();
        show(ConnectionFactoryOptions.parse(admin), "CREATE SCHEMA IF NOT EXISTS \"Drop In\"; GRANT USAGE, CREATE ON SCHEMA \"Drop In\" TO \""
                + role + "\"; CREATE TABLE IF NOT EXISTS \"Drop In\".marker (v text); GRANT SELECT ON \"Drop In\".marker TO \"" + role
                + "\"; DELETE FROM \"Drop In\".marker; INSERT INTO \"Drop In\".marker VALUES ('found')");
        String quoted = "&schema=" + enc("\"Drop In\"");
        assertThat(show(quoted, "SHOW search_path")).isEqualTo("\"Drop In\"");
        assertThat(show(quoted, "SELECT v FROM marker")).isEqualTo("found");
        assertThat(show(quoted, "SELECT current_schema()")).isEqualTo("Drop In");
        // unquoted, the name is folded to lower case by the server, as with r2dbc-postgresql
        assertThat(show("&schema=App", "SHOW search_path")).isEqualTo("App");
        assertThat(show("&schema=App", "SELECT coalesce(current_schema(), 'none')")).isEqualTo("none");
    }

    @Test
    void schemaAndASearchPathInOptionsMustAgree() {
        assertThatThrownBy(() -> parse("&schema=app&options=" + enc("search_path=other")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("schema");
        assertThatThrownBy(() -> parse("&schema=app&currentSchema=other")).isInstanceOf(IllegalArgumentException.class);
        assertThat(parse("&schema=app&options=" + enc("search_path=app")).schema()).contains("app");
    }

    @Test
    void theOptionsBothDriversSpellAlikeReachTheServer() {
        assertThat(show("&statementTimeout=2s", "SHOW statement_timeout")).isEqualTo("2s");
        assertThat(show("&lockWaitTimeout=PT0.5S", "SHOW lock_timeout")).isEqualTo("500ms");
        assertThat(show("&applicationName=dropin", "SHOW application_name")).isEqualTo("dropin");
        assertThat(show("&timeZone=Europe%2FParis", "SHOW TimeZone")).isEqualTo("Europe/Paris");
        assertThat(show("&options=" + enc("work_mem=8MB;search_path=app"), "SHOW work_mem")).isEqualTo("8MB");
        assertThat(show(typed().option(Option.valueOf("timeZone"), TimeZone.getTimeZone("Asia/Tokyo")).build(), "SHOW TimeZone"))
                .isEqualTo("Asia/Tokyo");
    }

    @Test
    void forceBinaryAndPreferAttachedBuffersChangeNothing() {
        PgfastConnectionConfiguration plain = parse("");
        assertThat(parse("&forceBinary=true&preferAttachedBuffers=true").toString()).isEqualTo(plain.toString());
        assertThat(show("&forceBinary=true", "SELECT 42::int8")).isEqualTo("42");
        assertThatThrownBy(() -> parse("&forceBinary=maybe")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("forceBinary");
    }

    @Test
    void hostRecheckTimeIsHostRecheckSeconds() {
        assertThat(parse("&hostRecheckTime=PT30S").hostRecheckSeconds()).isEqualTo(30);
        assertThat(parse("&hostRecheckTime=1500ms").hostRecheckSeconds()).isEqualTo(2);
        assertThat(PgfastConnectionFactoryProvider.fromOptions(typed().option(Option.valueOf("hostRecheckTime"), Duration.ofMinutes(1)).build())
                .hostRecheckSeconds()).isEqualTo(60);
        assertThatThrownBy(() -> parse("&hostRecheckTime=PT30S&hostRecheckSeconds=30")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBareNumberForADurationIsRefusedUnderR2dbcPostgresqlsDriverNames() {
        for (String option : List.of("connectTimeout", "statementTimeout", "lockWaitTimeout", "hostRecheckTime")) {
            assertThatThrownBy(() -> parse("&" + option + "=10")).as(option).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(option + "=10").hasMessageContaining("10ms");
        }
        assertThat(PgfastConnectionFactoryProvider.fromOptions(ConnectionFactoryOptions.parse("r2dbc:pgfast://u@h/db?connectTimeout=10"))
                .connectTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(parse("&connectTimeout=10s").connectTimeout()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void compatibilityModeIsWhatFetchSizeZeroDoes() {
        assertThat(show("&compatibilityMode=true", "SELECT 'all rows'")).isEqualTo("all rows");
        assertThatThrownBy(() -> parse("&compatibilityMode=true&fetchSize=100")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fetchSize at 0");
        assertThat(parse("&compatibilityMode=false&fetchSize=100").fetchSize()).isEqualTo(100);
    }

    @Test
    void logLevelsSetWhereServerErrorsAndNoticesAreLogged() {
        assertThat(parse("&noticeLogLevel=WARN&errorResponseLogLevel=error").noticeLogLevel()).isEqualTo(LogLevel.WARN);
        assertThat(parse("&errorResponseLogLevel=error").errorResponseLogLevel()).isEqualTo(LogLevel.ERROR);
        assertThatThrownBy(() -> parse("&noticeLogLevel=loud")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("noticeLogLevel");
        String failing = "SELECT * FROM no_such_table_dropin";
        String raising = "DO $$ BEGIN RAISE NOTICE 'dropin-notice'; END $$";
        // slf4j-simple (the tests' backend) prints INFO and above to System.err
        String logged = stderrOf(() -> {
            assertThatThrownBy(() -> show("&errorResponseLogLevel=WARN", failing)).hasMessageContaining("no_such_table_dropin");
            runAll("&noticeLogLevel=WARN", raising);
        });
        assertThat(logged).contains("io.pgfast.errorresponse").contains("42P01").contains("dropin-notice");
        String quiet = stderrOf(() -> {
            assertThatThrownBy(() -> show("&errorResponseLogLevel=DEBUG", failing)).hasMessageContaining("no_such_table_dropin");
            runAll("&noticeLogLevel=OFF", raising);
        });
        assertThat(quiet).doesNotContain("42P01").doesNotContain("dropin-notice");
    }

    /** Runs {@code sql} to its end: a notice it raises is handled (and logged) before this returns. */
    private static void runAll(String query, String sql) {
        PgfastConnectionFactory factory = new PgfastConnectionFactoryProvider(true).create(
                ConnectionFactoryOptions.parse(base("postgresql") + query));
        Mono.usingWhen(factory.create(), c -> Flux.from(c.createStatement(sql).execute())
                .concatMap(r -> r.getRowsUpdated()).then(), Connection::close).block(TIMEOUT);
    }

    private static String stderrOf(Runnable action) {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(err);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    @Test
    void loopResourcesRunTheConnection() {
        LoopResources loops = LoopResources.create("dropin-loop", 1, true);
        try {
            String thread = Mono.usingWhen(new PgfastConnectionFactoryProvider(true).create(typed()
                                    .option(PgfastConnectionFactoryProvider.LOOP_RESOURCES, loops).build()).create(),
                            c -> first(c, "SELECT 1").map(v -> Thread.currentThread().getName()), Connection::close)
                    .block(TIMEOUT);
            assertThat(thread).startsWith("dropin-loop");
        } finally {
            loops.disposeLater().block(TIMEOUT);
        }
        // a CancelRequest goes out on the same loops: each connection made asks them for its event loop group
        LoopResources base = LoopResources.create("dropin-cancel", 1, true);
        java.util.concurrent.atomic.AtomicInteger clients = new java.util.concurrent.atomic.AtomicInteger();
        LoopResources counting = new LoopResources() {
            @Override
            public io.netty.channel.EventLoopGroup onServer(boolean useNative) {
                return base.onServer(useNative);
            }

            @Override
            public io.netty.channel.EventLoopGroup onClient(boolean useNative) {
                clients.incrementAndGet();
                return base.onClient(useNative);
            }
        };
        try {
            Connection c = Mono.from(new PgfastConnectionFactoryProvider(true).create(typed()
                    .option(PgfastConnectionFactoryProvider.LOOP_RESOURCES, counting).build()).create()).block(TIMEOUT);
            try {
                int afterConnect = clients.get();
                // take(3) of a result far too large to drain within TIMEOUT: only the CancelRequest ends it
                assertThat(Flux.from(c.createStatement("SELECT generate_series(1, 2000000000)").execute())
                        .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).take(3).collectList().block(TIMEOUT))
                        .containsExactly(1, 2, 3);
                assertThat(first(c, "SELECT 1").block(TIMEOUT)).isNotNull();
                assertThat(clients.get()).as("connections made on the given loops after the first").isGreaterThan(afterConnect);
            } finally {
                Mono.from(c.close()).block(TIMEOUT);
            }
        } finally {
            base.disposeLater().block(TIMEOUT);
        }
        assertThatThrownBy(() -> PgfastConnectionFactoryProvider.fromOptions(typed().option(Option.valueOf("loopResources"), "x").build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("LoopResources");
    }

    @Test
    void whatHasNoEquivalentIsRefusedNamingTheReplacement() {
        assertThatThrownBy(() -> PgfastConnectionFactoryProvider.fromOptions(typed()
                .option(Option.valueOf("extensions"), List.of(new Object())).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("codecs(");
        assertThat(PgfastConnectionFactoryProvider.fromOptions(typed().option(Option.valueOf("extensions"), List.of()).build())).isNotNull();
        // a class path resource (r2dbc-postgresql reads those too) is refused; a file of that name is read as before
        assertThatThrownBy(() -> parse("&sslRootCert=tls%2Fed25519.crt")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("class path resource");
        assertThat(parse("&sslMode=require&sslRootCert=src%2Ftest%2Fresources%2Ftls%2Fed25519.crt").sslRootCert()).isPresent();
        for (String tunnel : List.of("&sslMode=tunnel", "&sslmode=TUNNEL", "&sslNegotiation=tunnel")) {
            assertThatThrownBy(() -> parse(tunnel)).as(tunnel).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("sslNegotiation=direct");
        }
    }

    @Test
    void sslContextBuilderCustomizerChangesTheHandshake() {
        Assumptions.assumeTrue(TestPostgres.get().tlsEnabled(), "the test server has no TLS");
        String protocol = "SELECT version FROM pg_stat_ssl WHERE pid = pg_backend_pid()";
        ConnectionFactoryOptions require = ConnectionFactoryOptions.parse(base("postgresql").replace("sslMode=disable", "sslMode=require"));
        Function<SslContextBuilder, SslContextBuilder> tls12 = b -> b.protocols("TLSv1.2");
        assertThat(show(require.mutate().option(PgfastConnectionFactoryProvider.SSL_CONTEXT_BUILDER_CUSTOMIZER, tls12).build(), protocol))
                .isEqualTo("TLSv1.2");
        assertThat(show(require, protocol)).isEqualTo("TLSv1.3");
        assertThatThrownBy(() -> PgfastConnectionFactoryProvider.fromOptions(typed()
                .option(Option.valueOf("sslContextBuilderCustomizer"), "com.example.Customizer").build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Function<SslContextBuilder");
    }

    /** Named by class in a URL: public, with a public no-argument constructor. */
    public static final class AcceptAll implements HostnameVerifier {
        static volatile int created;

        public AcceptAll() {
            created++;
        }

        @Override
        public boolean verify(String host, SSLSession session) {
            return true;
        }
    }

    @Test
    void sslHostnameVerifierDecidesTheHostNameUnderVerifyFull() {
        TestServer s = TestPostgres.get();
        Assumptions.assumeTrue(s.tlsEnabled() && s.tlsVerifiable(), "the test server has no verifiable TLS");
        String usesTls = "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()";
        ConnectionFactoryOptions verifyFull = ConnectionFactoryOptions.parse(base("postgresql")
                .replace("sslMode=disable", "sslMode=verify-full&sslRootCert=" + enc(s.caCert().toString())));
        List<String> asked = new CopyOnWriteArrayList<>();
        HostnameVerifier recording = (host, session) -> {
            try {
                asked.add(host + " " + session.getPeerCertificates().length);
            } catch (SSLPeerUnverifiedException e) {
                asked.add(host + " unverified");
            }
            return true;
        };
        assertThat(show(verifyFull.mutate().option(PgfastConnectionFactoryProvider.SSL_HOSTNAME_VERIFIER, recording).build(), usesTls))
                .isEqualTo("true");
        assertThat(asked).hasSize(1).allSatisfy(a -> assertThat(a).startsWith(s.host() + " ").doesNotContain("unverified"));
        HostnameVerifier refusing = (host, session) -> false;
        assertThatThrownBy(() -> show(verifyFull.mutate().option(PgfastConnectionFactoryProvider.SSL_HOSTNAME_VERIFIER, refusing).build(),
                usesTls)).hasMessageContaining("sslHostnameVerifier").hasMessageContaining("refused");
        // other modes check no host name, as with r2dbc-postgresql
        ConnectionFactoryOptions require = ConnectionFactoryOptions.parse(base("postgresql").replace("sslMode=disable", "sslMode=require"));
        assertThat(show(require.mutate().option(PgfastConnectionFactoryProvider.SSL_HOSTNAME_VERIFIER, refusing).build(), usesTls))
                .isEqualTo("true");
        // a class name, as r2dbc-postgresql reads it in a URL, is refused: no option value becomes a class to load
        assertThatThrownBy(() -> parse("&sslHostnameVerifier=" + enc(AcceptAll.class.getName()))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("set in code").hasMessageContaining("never loads a class");
        assertThat(AcceptAll.created).as("the named class was never instantiated").isZero();
    }

    @Test
    void bothDriverNamesAreServedOnlyWithoutR2dbcPostgresql() {
        ConnectionFactoryOptions postgres = ConnectionFactoryOptions.parse(base("postgres"));
        assertThat(new PgfastConnectionFactoryProvider(true).supports(postgres)).isTrue();
        assertThat(new PgfastConnectionFactoryProvider(false).supports(postgres)).isFalse();
        assertThat(new PgfastConnectionFactoryProvider(false).supports(ConnectionFactoryOptions.parse(base("postgresql")))).isFalse();
        // r2dbc-postgresql is not on this module's test class path: discovery finds this driver
        assertThat(ConnectionFactories.get(base("postgres"))).isInstanceOf(PgfastConnectionFactory.class);
        assertThat(show(postgres, "SELECT 'served'")).isEqualTo("served");
        // its failover protocol lists the hosts as this driver's host list does
        TestServer s = TestPostgres.get();
        PgfastConnectionConfiguration failover = PgfastConnectionFactoryProvider.fromOptions(ConnectionFactoryOptions.parse(
                "r2dbc:postgresql:failover://u@" + s.host() + ":" + s.port() + ",other:5433/db?targetServerType=primary"));
        assertThat(failover.hosts()).hasSize(2);
    }
}
