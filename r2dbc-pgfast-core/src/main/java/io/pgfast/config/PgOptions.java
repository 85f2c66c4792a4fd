package io.pgfast.config;

import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

import io.netty.handler.ssl.SslContextBuilder;
import io.pgfast.codec.Codec;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

/**
 * Every connection option, each declared once (see {@link PgOption}): name, other spellings, default, coercion,
 * check and documentation. The declaration order is the order in which the URL provider applies them (an option
 * that reads another comes after it: {@code ssl} after {@code sslMode}, {@code schema} after {@code options}), in
 * which the configuration's {@code toString} shows them and OPTIONS.md lists them.
 *
 * <p>The typed methods of {@link PgfastConnectionConfigurationBuilder} and {@link PgfastConnectionConfiguration},
 * the {@code Option} constants of {@code PgfastConnectionFactoryProvider} and OPTIONS.md's tables are generated from
 * these declarations; {@code OptionSourcesTest} rewrites them when they differ. A hand-written builder method is
 * declared with {@code withoutGeneratedSetter()} (or a reader), a hand-written getter with
 * {@code withoutGeneratedGetter()}.
 */
public final class PgOptions {

    /**
     * Package-private: its type is the list as given; {@link PgfastConnectionConfiguration#hosts()} reads it resolved.
     * The builder's {@code host} reads a given value (a socket directory sets {@code socket} instead).
     */
    static final PgOption<HostList> HOST = PgOption.<HostList>of("host", HostList.parse("localhost"),
                    (n, v) -> HostList.parse(OptionCoercion.hosts(n, v)), v -> PgOption.requireNonNull("host", v),
                    "Server host name or IP address, or a comma-separated list of them, each optionally with `:port`")
            .details("`[::1]:5433` for an IPv6 literal; in a URL a listed IPv6 literal is written `%5B::1%5D:5433`. Hosts"
                    + " without a port take `port`. A value starting with `/` is a Unix socket directory (as libpq). See"
                    + " \"Several hosts\" in OPTIONS.md.")
            .typeText("String, or a list of hosts").example("db1:5432,db2:5433")
            .readBy((b, v) -> b.host(OptionCoercion.hosts("host", v))).alsoSetBy("hosts", "addHost")
            .withoutGeneratedGetter();
    /** libpq's default. */
    public static final PgOption<Integer> PORT = PgOption.integer("port", 5432, v -> {
                if (v < 1 || v > 65535) {
                    throw new IllegalArgumentException("port must be between 1 and 65535, got " + v);
                }
                return v;
            }, "The port of hosts given without one, and of the Unix socket file")
            .details("The socket file is named `.s.PGSQL.<port>`.").example("5433");
    public static final PgOption<String> SOCKET = PgOption.of("socket", null, OptionCoercion::path,
                    v -> v == null ? null : OptionChecks.requireNoNul("socket", OptionChecks.requireText("socket", v).trim()),
                    "The directory holding the server's Unix-domain socket; when set, connect there instead of TCP")
            .details("Such a connection never uses TLS. Null clears it.").typeText("path").example("/var/run/postgresql")
            .optional();
    public static final PgOption<TargetServerType> TARGET_SERVER_TYPE = PgOption.enumeration("targetServerType",
                    TargetServerType.ANY, TargetServerType.class, TargetServerType::from,
                    "Which role the server of a connection must have")
            .details("As pgjdbc's, it picks the server of the host list by its role; checked only when it is not `any` or"
                    + " there are several hosts. Also accepted: `secondary`, `preferSecondary`, and libpq's `read-write`"
                    + " (as `primary`), `read-only` (as `standby`), `prefer-standby`.")
            .example("primary").withLibpqName("target_session_attrs")
            .shownAs(TargetServerType::optionName).spelledAs(TargetServerType::optionName);
    public static final PgOption<Boolean> LOAD_BALANCE_HOSTS = PgOption.of("loadBalanceHosts", false,
                    OptionCoercion::loadBalance, "Whether every connection attempt tries the hosts in a random order")
            .details("Spreads connections over the hosts. libpq's values `random` and `disable` are accepted too.")
            .example("true").withLibpqName("load_balance_hosts");
    /** As pgjdbc's {@code hostRecheckSeconds}. */
    public static final PgOption<Integer> HOST_RECHECK_SECONDS = PgOption.integer("hostRecheckSeconds", 10, 0,
                    "must not be negative",
                    "How long, in seconds, what a connection attempt found about a host steers the next ones; 0 never")
            .details("What an attempt finds: the host is down, a primary or a standby. r2dbc-postgresql's"
                    + " `hostRecheckTime` (a duration, rounded up to whole seconds) is accepted too.")
            .example("30");
    public static final PgOption<String> DATABASE = PgOption.of("database", null, OptionCoercion::string,
                    v -> v == null ? null : OptionChecks.requireNoNul("database", OptionChecks.requireText("database", v)),
                    "The database; when absent the server uses the user name")
            .defaultDescribedAs("the user name").example("app").withLibpqName("dbname").optional();
    public static final PgOption<String> USER = PgOption.of("user", null, OptionCoercion::string,
                    v -> OptionChecks.requireNoNul("username", OptionChecks.requireText("username", v)),
                    "The role to connect as; required")
            .defaultDescribedAs("required").example("alice").withBuilderName("username");
    /**
     * Null: none; else resolved anew on every subscription (a Supplier or Publisher can rotate credentials). The
     * builder's three {@code password} methods and the configuration's {@code password()} are hand-written.
     */
    public static final PgOption<Mono<CharSequence>> PASSWORD = PgOption.<Mono<CharSequence>>of("password", null,
                    (n, v) -> password(v), v -> v, "The password")
            .details("A `Supplier` or `Publisher` is asked again for every new connection (rotating credentials, such as a"
                    + " cloud IAM token). Never shown in `toString`, logs or messages.")
            .typeText("CharSequence, or a `Supplier` / `Publisher` of one").example("s3cret")
            .sensitive().withoutGeneratedSetter().withoutGeneratedGetter();
    public static final PgOption<String> APPLICATION_NAME = PgOption.string("applicationName", "r2dbc-pgfast",
                    "The `application_name` the server shows in `pg_stat_activity`")
            .details("Null restores the default.").example("billing").withLibpqName("application_name");
    public static final PgOption<Map<String, String>> OPTIONS = PgOption.<Map<String, String>>of("options", Map.of(),
                    OptionCoercion::parameters, PgOptions::parameters,
                    "Extra configuration parameters sent in the StartupMessage, in insertion order")
            .details("The server applies each as `SET` would. The String forms are under \"Value formats\" in OPTIONS.md;"
                    + " parameters with an option of their own, or that the driver sets, are refused.")
            .typeText("`Map<String, String>` or String").defaultDescribedAs("none").example("search_path=app,public;work_mem=64MB")
            .alsoSetBy("option");
    /** Held in {@link #OPTIONS} as {@code search_path}; the builder's {@code schema} puts it there. */
    public static final PgOption<String> SCHEMA = PgOption.of("schema", null, OptionCoercion::string,
                    "The `search_path` sent at startup, as given")
            .details("As r2dbc-postgresql's `schema`: a list of schema names as PostgreSQL reads it, unquoted names folded"
                    + " to lower case, so quote a name with capitals or blanks (`\"My Schema\"`). Same as `search_path` in"
                    + " `options`; both with different values is an error. An empty value sets nothing.")
            .example("app,public").withAlias("currentSchema")
            .readBy((b, v) -> b.schema(OptionCoercion.string("schema", v)))
            .derivedBy(c -> c.options().get(PgfastConnectionConfigurationBuilder.SEARCH_PATH)).optional();
    /** Null until built: then the JVM's default zone. */
    public static final PgOption<ZoneId> TIME_ZONE = PgOption.<ZoneId>of("timeZone", null, OptionCoercion::zone, v -> v,
                    "The session time zone sent as the `TimeZone` startup parameter")
            .details("Null means the JVM's default zone when the configuration is built.")
            .defaultDescribedAs("the JVM's default zone").example("Europe/Paris");
    public static final PgOption<Duration> CONNECT_TIMEOUT = PgOption.timeout("connectTimeout", Duration.ofSeconds(10),
                    Long.MAX_VALUE, "Bound on the whole connection setup (TCP, TLS, authentication); zero means none")
            .details("With several hosts, it bounds each host's attempt.").example("5s").withLibpqName("connect_timeout");
    public static final PgOption<Duration> SOCKET_TIMEOUT = PgOption.timeout("socketTimeout", Duration.ZERO, Long.MAX_VALUE,
                    "How long the driver waits for the server's next bytes while it expects an answer; zero means never")
            .details("pgjdbc's option: when the server sends no byte for this long, the connection is closed and"
                    + " everything pending on it fails with `R2dbcTimeoutException` (SQLSTATE 08006), but a COMMIT or an"
                    + " auto-commit statement already sent, whose outcome is unknown: `R2dbcNonTransientResourceException`"
                    + " (SQLSTATE 08007), the timeout as its cause; `validate` is false afterwards. An idle connection"
                    + " (nothing asked, e.g. only listening for notifications) never times out, nor does a slow consumer or"
                    + " a COPY FROM STDIN whose data is still being produced. A statement that sends nothing for longer"
                    + " (`pg_sleep`, a long sort or lock wait) is killed too, as with pgjdbc: set it above your longest"
                    + " statement, or use `statementTimeout` to bound statements.")
            .example("30s");
    public static final PgOption<Duration> STATEMENT_TIMEOUT = PgOption.sessionTimeout("statementTimeout",
                    "`statement_timeout` for the session; absent leaves the server's setting, zero disables it")
            .details("A statement running longer fails with `R2dbcTimeoutException`. Millisecond precision.")
            .example("30s");
    public static final PgOption<Duration> LOCK_WAIT_TIMEOUT = PgOption.sessionTimeout("lockWaitTimeout",
                    "`lock_timeout` for the session; absent leaves the server's setting, zero disables it")
            .details("Millisecond precision.").example("500ms");
    public static final PgOption<Boolean> TCP_KEEP_ALIVE = PgOption.bool("tcpKeepAlive", true,
                    "`SO_KEEPALIVE` on the socket: the kernel probes a silent connection and drops it when nobody answers")
            .details("On by default as in libpq, so an idle connection whose server vanished fails within about a minute."
                    + " Off, `tcpKeepAliveIdle`, `tcpKeepAliveInterval` and `tcpKeepAliveCount` are ignored. See \"A dead"
                    + " server within a minute\" in OPTIONS.md.")
            .example("false").withLibpqName("keepalives");
    /**
     * The keepalive and user-timeout defaults bound a dead server to about a minute, whether the connection is idle
     * or awaits an answer (OPTIONS.md, "A dead server within a minute"). A connection silent this long is probed;
     * below the idle timeouts of cloud load balancers and NAT gateways (AWS NLB 350 s, Azure LB 4 min), so the probes
     * also keep their entries alive.
     */
    public static final PgOption<Duration> TCP_KEEP_ALIVE_IDLE = PgOption.keepAliveSeconds("tcpKeepAliveIdle",
                    Duration.ofSeconds(30), "How long a connection is silent before the first keepalive probe")
            .details("1 s to 32767 s. A live server's kernel answers the probes whatever the server is doing, so they never"
                    + " end a long statement.")
            .example("5s").withLibpqName("keepalives_idle");
    /** Between unanswered probes: 30 s + 3 × 10 s, a dead peer of an idle connection is dropped after 60 s. */
    public static final PgOption<Duration> TCP_KEEP_ALIVE_INTERVAL = PgOption.keepAliveSeconds("tcpKeepAliveInterval",
                    Duration.ofSeconds(10), "How long between unanswered keepalive probes")
            .details("1 s to 32767 s.").example("2s").withLibpqName("keepalives_interval");
    public static final PgOption<Integer> TCP_KEEP_ALIVE_COUNT = PgOption.integer("tcpKeepAliveCount", 3, v -> {
                if (v < 1 || v > OptionChecks.MAX_KEEP_ALIVE_COUNT) {
                    throw new IllegalArgumentException("tcpKeepAliveCount must be between 1 and "
                            + OptionChecks.MAX_KEEP_ALIVE_COUNT + ", got " + v);
                }
                return v;
            }, "How many unanswered keepalive probes drop the connection")
            .details("1 to 127. With `tcpUserTimeout` set, Linux drops it instead once probes have gone unanswered for that"
                    + " long since the last data received.")
            .example("2").withLibpqName("keepalives_count");
    /**
     * Data the server's kernel has not acknowledged for this long drops the connection (a live server acknowledges
     * within a round trip, whatever the statement does); with keepalive on, Linux also drops a connection whose probes
     * go unanswered this long after the last data received, so both bounds are 60 s. Not libpq's
     * {@code tcp_user_timeout} as an alias: that counts milliseconds, where a bare number here is seconds.
     */
    public static final PgOption<Duration> TCP_USER_TIMEOUT = PgOption.timeout("tcpUserTimeout", Duration.ofSeconds(60),
                    PgfastConnectionConfiguration.MAX_TIMEOUT_MILLIS,
                    "How long sent data may stay unacknowledged before the kernel drops the connection; zero means the system's")
            .details("`TCP_USER_TIMEOUT`, so that a statement sent to a vanished server fails within it; the system's is"
                    + " about 15 minutes on Linux. A statement that runs long on a live server is not affected: its kernel"
                    + " acknowledges at once. libpq's `tcp_user_timeout` counts milliseconds where a bare number here is"
                    + " seconds: write `5000ms`. Set on the native epoll transport; the JDK's NIO sockets have no such"
                    + " option, which is logged once.")
            .example("5s");
    public static final PgOption<Boolean> TCP_NO_DELAY = PgOption.bool("tcpNoDelay", true, "`TCP_NODELAY` on the socket")
            .example("false");
    /** Null until built: PREFER, or VERIFY_FULL when {@link #SSL_ROOT_CERT} is {@code system}. */
    public static final PgOption<SslMode> SSL_MODE = PgOption.<SslMode>of("sslMode", null,
                    (n, v) -> OptionCoercion.enumeration(n, v, SslMode.class, SslMode::from), v -> v,
                    "How much TLS protection to insist on, as libpq")
            .details("Null restores the default. See \"TLS modes\" in OPTIONS.md.")
            .defaultDescribedAs("`prefer` (`verify-full` when `sslRootCert=system`)").example("verify-full")
            .withLibpqName("sslmode").spelledAs(SslMode::libpqName);
    /** R2DBC's standard option: sets {@link #SSL_MODE} (verify-full or disable), or must agree with it. */
    public static final PgOption<Boolean> SSL = PgOption.bool("ssl", false, "Whether TLS is required")
            .details("R2DBC's standard option: `true` means `sslMode=verify-full`, `false` means `disable`. Combined with"
                    + " `sslMode`, the two must agree.")
            .defaultDescribedAs("not set").example("true")
            .readBy((b, v) -> b.ssl(OptionCoercion.bool("ssl", v)))
            .derivedBy(c -> c.sslMode().requiresTls()).withoutGeneratedGetter();
    public static final PgOption<String> SSL_ROOT_CERT = PgOption.of("sslRootCert", null, OptionCoercion::path,
                    v -> v == null ? null : OptionChecks.requireNoNul("sslRootCert", OptionChecks.requireText("sslRootCert", v)),
                    "A PEM file of trusted roots, or `system`; absent means libpq's default file")
            .details("`system` takes the JVM's default trust store, which, as in libpq, makes `verify-full` the default and"
                    + " forbids weaker modes.")
            .typeText("path, or `system`").defaultDescribedAs("`~/.postgresql/root.crt`").example("/etc/pg/root.crt")
            .withLibpqName("sslrootcert").optional();
    public static final PgOption<Path> SSL_CERT = PgOption.<Path>of("sslCert", null,
                    (n, v) -> OptionChecks.path(n, OptionCoercion.path(n, v)), v -> v,
                    "The client certificate chain (PEM); present exactly when `sslKey` is")
            .details("The certificate, then any intermediates.").example("/etc/pg/client.crt").withLibpqName("sslcert")
            .givenInCodeAs(String.class).optional();
    public static final PgOption<Path> SSL_KEY = PgOption.<Path>of("sslKey", null,
                    (n, v) -> OptionChecks.path(n, OptionCoercion.path(n, v)), v -> v,
                    "The client private key (PEM); present exactly when `sslCert` is")
            .details("PKCS#8 (`BEGIN PRIVATE KEY`, or `BEGIN ENCRYPTED PRIVATE KEY` with `sslPassword`), PKCS#1 (`BEGIN RSA"
                    + " PRIVATE KEY`) or SEC1 (`BEGIN EC PRIVATE KEY`).")
            .example("/etc/pg/client.key").withLibpqName("sslkey").givenInCodeAs(String.class).optional();
    /** The builder's {@code sslPassword(CharSequence)} is hand-written: a String one beside it would make null ambiguous. */
    public static final PgOption<String> SSL_PASSWORD = PgOption.<String>of("sslPassword", null, OptionCoercion::string, v -> v,
                    "The password of an encrypted `sslKey`")
            .details("An encrypted key is PKCS#8. Never shown.").example("keypass").withLibpqName("sslpassword")
            .sensitive().givenInCodeAs(CharSequence.class).withoutGeneratedSetter().optional();
    public static final PgOption<Boolean> SSL_SNI = PgOption.bool("sslSni", true,
                    "Whether the TLS handshake names the host (Server Name Indication); never done for IP addresses")
            .example("false").withLibpqName("sslsni");
    public static final PgOption<SslNegotiation> SSL_NEGOTIATION = PgOption.enumeration("sslNegotiation",
                    SslNegotiation.POSTGRES, SslNegotiation.class, SslNegotiation::from,
                    "How TLS starts: asked for (`postgres`), or at once (`direct`)")
            .details("`direct` starts TLS at once with ALPN `postgresql` (PostgreSQL 17+, one round trip less); it needs"
                    + " `sslMode` `require` or stronger.")
            .example("direct").withLibpqName("sslnegotiation").spelledAs(SslNegotiation::libpqName);
    public static final PgOption<ChannelBindingMode> CHANNEL_BINDING = PgOption.enumeration("channelBinding",
                    ChannelBindingMode.PREFER, ChannelBindingMode.class, ChannelBindingMode::from,
                    "SCRAM-SHA-256-PLUS channel binding over TLS")
            .details("`require` refuses any authentication without it.")
            .example("require").withLibpqName("channel_binding").spelledAs(ChannelBindingMode::libpqName);
    public static final PgOption<Boolean> ALLOW_CLEARTEXT_PASSWORD = PgOption.bool("allowCleartextPassword", true,
                    "When false, a server asking for a cleartext password is refused")
            .example("false");
    public static final PgOption<ProtocolVersionLimit> MIN_PROTOCOL_VERSION = PgOption.enumeration("minProtocolVersion",
                    ProtocolVersionLimit.V3_0, ProtocolVersionLimit.class, s -> ProtocolVersionLimit.from("minProtocolVersion", s),
                    "The oldest protocol version accepted: 3.0, 3.2 or latest")
            .details("`3.2` refuses servers before PostgreSQL 18 (08004). When `maxProtocolVersion` is not given it is"
                    + " raised to this. See \"Protocol version\" in docs/connecting.md.")
            .typeText("`3.0`, `3.2`, `latest`").example("3.2").withLibpqName("min_protocol_version");
    public static final PgOption<ProtocolVersionLimit> MAX_PROTOCOL_VERSION = PgOption.enumeration("maxProtocolVersion",
                    ProtocolVersionLimit.V3_0, ProtocolVersionLimit.class, s -> ProtocolVersionLimit.from("maxProtocolVersion", s),
                    "The protocol version asked for: 3.0, 3.2 (PostgreSQL 18) or latest")
            .details("As libpq's, the default is 3.0. With `3.2` a PostgreSQL 18 server hands out 32-byte cancel keys; older"
                    + " servers answer with 3.0. `PgfastConnectionMetadata.protocolVersion()` says which is in use.")
            .typeText("`3.0`, `3.2`, `latest`").example("latest").withLibpqName("max_protocol_version");
    public static final PgOption<GssEncMode> GSS_ENC_MODE = PgOption.enumeration("gssEncMode", GssEncMode.DISABLE,
                    GssEncMode.class, GssEncMode::from, "GSS transport encryption (Kerberos) before TLS")
            .details("`prefer` uses it when there are Kerberos credentials and the server takes it, else goes on with"
                    + " `sslMode`; `require` fails without it. libpq's default is `prefer`; here it is off unless asked"
                    + " for, so a connection never pays for a Kerberos login it does not use.")
            .example("require").withLibpqName("gssencmode").spelledAs(GssEncMode::libpqName);
    public static final PgOption<String> KERBEROS_SERVER_NAME = PgOption.of("kerberosServerName", "postgres",
                    OptionCoercion::string,
                    v -> OptionChecks.requireNoNul("kerberosServerName", OptionChecks.requireText("kerberosServerName", v)),
                    "The service name of the server's Kerberos principal `<name>/<host>`")
            .details("The host is the host as the connection names it.").example("pgsql").withLibpqName("krbsrvname");
    public static final PgOption<String> JAAS_APPLICATION_NAME = PgOption.of("jaasApplicationName", "pgjdbc",
                    OptionCoercion::string, v -> OptionChecks.requireText("jaasApplicationName", v),
                    "The JAAS configuration entry of the Kerberos login")
            .details("pgjdbc's default, so that its set-ups work unchanged; without such an entry, the Kerberos ticket"
                    + " cache.")
            .example("myapp");
    public static final PgOption<Boolean> JAAS_LOGIN = PgOption.bool("jaasLogin", true,
                    "Whether GSSAPI credentials come from a JAAS login")
            .details("`false` uses only `gssSubject` or JGSS's own credentials.").example("false");
    public static final PgOption<Boolean> GSS_USE_DEFAULT_CREDS = PgOption.bool("gssUseDefaultCreds", false,
                    "Whether GSSAPI takes JGSS's default credentials instead of a JAAS login")
            .details("The ticket cache, with `-Djavax.security.auth.useSubjectCredsOnly=false`.").example("true");
    public static final PgOption<Boolean> USE_SPNEGO = PgOption.bool("useSpnego", false,
                    "Whether GSSAPI negotiates its mechanism with SPNEGO instead of asking for Kerberos 5")
            .example("true");
    public static final PgOption<javax.security.auth.Subject> GSS_SUBJECT = PgOption.<javax.security.auth.Subject>of("gssSubject",
                    null, PgOptions::subject, v -> v,
                    "Kerberos credentials the application holds, used before any login of the driver's")
            .details("A `javax.security.auth.Subject` with a ticket, from the application's own JAAS login. See \"Kerberos"
                    + " (GSSAPI)\" in docs/connecting.md.")
            .withForm(PgOption.Form.CODE).hidden().optional();
    public static final PgOption<Integer> PREPARED_STATEMENT_CACHE_QUERIES = PgOption.integer("preparedStatementCacheQueries",
                    256, -1, "must be -1 (unbounded), 0 (off) or positive",
                    "Prepared statements kept per connection: 0 uses unnamed statements only, -1 means no limit")
            .example("0");
    public static final PgOption<Integer> FETCH_SIZE = PgOption.integer("fetchSize", 0, 0, "must be 0 (all rows) or positive",
                    "Rows per Execute of a portal; 0 fetches all rows at once")
            .details("Each Execute is a round trip.").example("1000");
    public static final PgOption<Boolean> REWRITE_BATCHED_INSERTS = PgOption.bool("rewriteBatchedInserts", false,
                    "Whether `Statement.add()` batches of a plain `INSERT … VALUES (…)` run as multi-row inserts")
            .details("Such a batch (no `RETURNING`, `ON CONFLICT` or other clause after the row) runs as inserts of up to"
                    + " 128 rows, as pgjdbc's `reWriteBatchedInserts`: several times faster. It then yields one Result per"
                    + " rewritten statement, whose update count covers its rows, instead of one per binding.")
            .example("true");
    public static final PgOption<Integer> PIPELINE_LIMIT = PgOption.integer("pipelineLimit", 256, 1, "must be at least 1",
                    "Statements written to one connection before their results arrive, at most")
            .example("16");
    /** 1 GiB + 1 MiB: a 1 GiB field value (PostgreSQL's limit for one datum) plus message overhead. */
    public static final PgOption<Integer> MAX_MESSAGE_SIZE = PgOption.integer("maxMessageSize", (1 << 30) + (1 << 20), 1,
                    "must be positive", "The largest backend message accepted, in bytes, length word included")
            .details("A larger one fails the connection instead of exhausting memory. The default is 1 GiB + 1 MiB: a 1 GiB"
                    + " field value, PostgreSQL's limit, and the message around it.")
            .example("16777216");
    /** 16 MiB of one result's rows read ahead for a statement waiting behind it, per connection. */
    public static final PgOption<Integer> READ_AHEAD_LIMIT = PgOption.integer("readAheadLimit", 16 << 20, 0,
                    "must not be negative",
                    "Bytes of one result's rows read ahead for a statement waiting behind it on the same connection")
            .details("When a statement is issued on a connection while an earlier result on it is still being read and"
                    + " nobody asks for that result's rows (a query run from inside the rows of another), the rows are read"
                    + " ahead into memory so that the statement's turn comes. Past this many bytes the waiting statement"
                    + " fails with `R2dbcNonTransientResourceException` (SQLSTATE 53000); `0` reads nothing ahead. The"
                    + " default is 16 MiB. See \"A statement inside another's rows\" in OPTIONS.md.")
            .example("67108864");
    /** The default was chosen by measurement: OPTIONS.md, "An early cancel". */
    public static final PgOption<Integer> CANCEL_DRAIN_BYTES = PgOption.integer("cancelDrainBytes", 1 << 20, 0,
                    "must not be negative",
                    "Bytes of rows an early cancel discards before it sends a CancelRequest; 0 sends one at once")
            .details("When the consumer of a result stops early (`Mono.from`, `first()`, `next()`, `take(n)`) while rows"
                    + " still arrive, the rest is discarded as it arrives, and a CancelRequest (a connection of its own to"
                    + " the server) stops the statement only if it still runs after this many bytes of discarded rows. The"
                    + " default is 1 MiB. See \"An early cancel\" in OPTIONS.md.")
            .example("0");
    /** The default was chosen by measurement: OPTIONS.md, "An early cancel". */
    public static final PgOption<Duration> CANCEL_DRAIN_TIME = PgOption.timeout("cancelDrainTime", Duration.ofMillis(100),
                    PgfastConnectionConfiguration.MAX_TIMEOUT_MILLIS,
                    "How long an early cancel waits for the statement to end before it sends a CancelRequest; 0 sends one at once")
            .details("The same as `cancelDrainBytes`, in time: a statement still running this long after its consumer"
                    + " stopped early (after its answer began, when an earlier statement still ran) is stopped by a"
                    + " CancelRequest. See \"An early cancel\" in OPTIONS.md.")
            .example("1s");
    public static final PgOption<Boolean> AUTODETECT_EXTENSIONS = PgOption.bool("autodetectExtensions", true,
                    "Whether codecs found through `ServiceLoader` are registered")
            .example("false");
    /** Typed {@code Object} so that micrometer-observation stays optional. */
    public static final PgOption<Object> OBSERVATION_REGISTRY = PgOption.of("observationRegistry", null, (n, v) -> v,
                    io.pgfast.observation.Observability::requireRegistry,
                    "The Micrometer `ObservationRegistry` statements and connections are observed with")
            .details("Statements are observed as `r2dbc.query` and connection setup as `r2dbc.connection`, see"
                    + " \"Observability\" in docs/connecting.md. Typed `Object` so that micrometer-observation stays an"
                    + " optional dependency: anything but an `io.micrometer.observation.ObservationRegistry`, a String from"
                    + " a URL included, is refused with an `IllegalArgumentException`.")
            .withForm(PgOption.Form.CODE).hidden().optional();
    public static final PgOption<LogLevel> NOTICE_LOG_LEVEL = PgOption.enumeration("noticeLogLevel", LogLevel.INFO,
                    LogLevel.class, s -> LogLevel.from("noticeLogLevel", s),
                    "The level at which notices no Result delivers are logged")
            .details("Those of a Result consumed with `map` or `getRowsUpdated`, and those during startup, while idle or"
                    + " after the last result, to the logger `io.pgfast.notice`.")
            .example("WARN");
    public static final PgOption<LogLevel> ERROR_RESPONSE_LOG_LEVEL = PgOption.enumeration("errorResponseLogLevel",
                    LogLevel.DEBUG, LogLevel.class, s -> LogLevel.from("errorResponseLogLevel", s),
                    "The level at which the server's error responses are logged")
            .details("Each as it arrives, before it becomes an exception, to the logger `io.pgfast.errorresponse`.")
            .example("WARN");
    public static final PgOption<reactor.netty.resources.LoopResources> LOOP_RESOURCES = PgOption.of("loopResources", null,
                    OptionCoercion::loopResources,
                    "The event loops connections run on; absent for Reactor Netty's shared ones")
            .details("As r2dbc-postgresql's `loopResources`: connections and their CancelRequests run on them; the caller"
                    + " owns them and disposes of them after the connections.")
            .withForm(PgOption.Form.CODE).hidden().optional();
    public static final PgOption<Function<SslContextBuilder, SslContextBuilder>> SSL_CONTEXT_BUILDER_CUSTOMIZER = PgOption.of(
                    "sslContextBuilderCustomizer", null, PgOptions::customizer,
                    "Applied to Netty's `SslContextBuilder` after the TLS options")
            .details("As r2dbc-postgresql's option of this name: it changes the builder after the driver has applied the TLS"
                    + " options (trusted roots, client key, protocols TLSv1.3/1.2), before it builds. Host name checking"
                    + " (`sslMode=verify-full`) stays the driver's.")
            .withForm(PgOption.Form.CODE).hidden().optional();
    public static final PgOption<javax.net.ssl.HostnameVerifier> SSL_HOSTNAME_VERIFIER = PgOption.of("sslHostnameVerifier",
                    null, PgOptions::hostnameVerifier, "Replaces the built-in host name check of `sslMode=verify-full`")
            .details("As r2dbc-postgresql's option of this name, it decides after the handshake whether the server"
                    + " certificate fits the host, instead of the built-in check (DNS or IP subject alternative names); other"
                    + " modes check no host name and ignore it. An object only: a class name in a URL is refused, never"
                    + " loaded.")
            .withForm(PgOption.Form.CODE).hidden().optional();
    /** The builder's {@code codecs(Codec...)} is hand-written: it adds to the codecs set before. */
    public static final PgOption<List<Codec>> CODECS = PgOption.<List<Codec>>of("codecs", List.of(), (n, v) -> {
                throw new IllegalArgumentException("codecs is set on the builder only");
            }, v -> List.copyOf(PgOption.requireNonNull("codecs", v)),
                    "Codecs registered in code, on top of the built-ins (and of `ServiceLoader` ones); they win over both")
            .details("For your own types (a Java type for a PostgreSQL enum, a JSON library's type) or in place of a"
                    + " built-in mapping. Codecs found with `ServiceLoader` are listed in"
                    + " `META-INF/services/io.pgfast.codec.Codec`.")
            .defaultDescribedAs("none").withForm(PgOption.Form.BUILDER).hidden().withoutGeneratedSetter();

    private PgOptions() {
    }

    /** Every option, in declaration order. */
    public static List<PgOption<?>> all() {
        return OPTIONS_IN_ORDER;
    }

    // last: every option above is declared by now
    private static final List<PgOption<?>> OPTIONS_IN_ORDER = PgOption.declaredIn(PgOptions.class);

    private static Map<String, String> parameters(Map<String, String> options) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        Map<String, String> checked = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : options.entrySet()) {
            OptionChecks.checkParameter(e.getKey(), e.getValue());
            checked.put(e.getKey(), e.getValue());
        }
        return Collections.unmodifiableMap(checked);
    }

    private static javax.security.auth.Subject subject(String name, Object value) {
        if (value instanceof javax.security.auth.Subject) {
            return (javax.security.auth.Subject) value;
        }
        throw OptionCoercion.wrongType(name, value, "a javax.security.auth.Subject (code only, no URL form)");
    }

    /** A CharSequence, or a Supplier or Publisher of one, asked again for every connection. */
    private static Mono<CharSequence> password(Object value) {
        if (value instanceof CharSequence) {
            return Mono.just((CharSequence) value);
        } else if (value instanceof Supplier) {
            Supplier<?> supplier = (Supplier<?>) value;
            return Mono.fromSupplier(() -> passwordValue(supplier.get()));
        } else if (value instanceof Publisher) {
            return Mono.from((Publisher<?>) value).map(PgOptions::passwordValue);
        }
        throw OptionCoercion.wrongType("password", value, "a CharSequence, Supplier or Publisher of CharSequence");
    }

    private static CharSequence passwordValue(Object value) {
        if (value == null || value instanceof CharSequence) {
            return (CharSequence) value;
        }
        throw OptionCoercion.wrongType("password", value, "a CharSequence");
    }

    @SuppressWarnings("unchecked")
    private static Function<SslContextBuilder, SslContextBuilder> customizer(String name, Object value) {
        if (value instanceof Function) {
            // erased: a Function of other types fails with a ClassCastException when TLS is set up
            return (Function<SslContextBuilder, SslContextBuilder>) value;
        }
        throw OptionCoercion.wrongType(name, value, "a Function<SslContextBuilder, SslContextBuilder> (code only, no URL form)");
    }

    /**
     * Only a verifier object set in code. A class name (the URL form r2dbc-postgresql accepts) is refused, never
     * loaded: an option value must never become a class to instantiate (pgjdbc's CVE-2022-21724, where URL
     * options named classes that were instantiated).
     */
    private static javax.net.ssl.HostnameVerifier hostnameVerifier(String name, Object value) {
        if (value instanceof javax.net.ssl.HostnameVerifier) {
            return (javax.net.ssl.HostnameVerifier) value;
        }
        throw new IllegalArgumentException(name + " must be a javax.net.ssl.HostnameVerifier set in code (the"
                + " ConnectionFactoryOptions option or PgfastConnectionConfigurationBuilder.sslHostnameVerifier); this driver"
                + " never loads a class named in an option value, got " + (value instanceof CharSequence ? "the text '" + value + "'"
                : value.getClass().getName()));
    }
}
