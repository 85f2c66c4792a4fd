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
 * Every connection option, each declared once: name, other spellings, default, coercion, check and doc
 * line (see {@link PgOption}). The declaration order is the order in which the URL provider applies
 * them (an option that reads another comes after it: {@code ssl} after {@code sslMode}, {@code schema}
 * after {@code options}) and in which the configuration's {@code toString} shows them. OPTIONS.md has a
 * row for each {@link PgOption.Form#URL} option; a test checks the two agree.
 */
public final class PgOptions {

    /** Package-private: its type is the list as given; {@link PgfastConnectionConfiguration#hosts()} reads it resolved. */
    static final PgOption<HostList> HOST = PgOption.<HostList>of("host", null,
                    (n, v) -> HostList.parse(OptionCoercion.hosts(n, v)), v -> v,
                    "Server host name or IP address, or a comma-separated list of them, each optionally with :port")
            .readBy((b, v) -> b.host(OptionCoercion.hosts("host", v)));
    public static final PgOption<Integer> PORT = PgOption.integer("port", PgfastConnectionConfiguration.DEFAULT_PORT, v -> {
        if (v < 1 || v > 65535) {
            throw new IllegalArgumentException("port must be between 1 and 65535, got " + v);
        }
        return v;
    }, "The port of hosts given without one, and of the Unix socket file");
    public static final PgOption<String> SOCKET = PgOption.of("socket", null, OptionCoercion::path,
            v -> v == null ? null : OptionChecks.requireNoNul("socket", OptionChecks.requireText("socket", v).trim()),
            "The directory holding the server's Unix-domain socket; when set, connect there instead of TCP");
    public static final PgOption<TargetServerType> TARGET_SERVER_TYPE = PgOption.enumeration("targetServerType",
                    TargetServerType.ANY, TargetServerType.class, TargetServerType::from,
                    "Which role the server of a connection must have")
            .withAlias("target_session_attrs").shownAs(TargetServerType::optionName);
    public static final PgOption<Boolean> LOAD_BALANCE_HOSTS = PgOption.of("loadBalanceHosts", false,
                    OptionCoercion::loadBalance, "Whether every connection attempt tries the hosts in a random order")
            .withAlias("load_balance_hosts");
    public static final PgOption<Integer> HOST_RECHECK_SECONDS = PgOption.integer("hostRecheckSeconds",
            PgfastConnectionConfiguration.DEFAULT_HOST_RECHECK_SECONDS, 0, "must not be negative",
            "How long, in seconds, what a connection attempt found about a host steers the next ones; 0 never");
    public static final PgOption<String> DATABASE = PgOption.of("database", null, OptionCoercion::string,
                    v -> v == null ? null : OptionChecks.requireNoNul("database", OptionChecks.requireText("database", v)),
                    "The database; when absent the server uses the user name")
            .withAlias("dbname");
    public static final PgOption<String> USER = PgOption.of("user", null, OptionCoercion::string,
                    v -> OptionChecks.requireNoNul("username", OptionChecks.requireText("username", v)),
                    "The role to connect as; required")
            .withBuilderName("username");
    /** Null: none; else resolved anew on every subscription (a Supplier or Publisher can rotate credentials). */
    public static final PgOption<Mono<CharSequence>> PASSWORD = PgOption.<Mono<CharSequence>>of("password", null,
                    (n, v) -> password(v), v -> v, "The password")
            .sensitive();
    public static final PgOption<String> APPLICATION_NAME = PgOption.string("applicationName",
                    PgfastConnectionConfiguration.DEFAULT_APPLICATION_NAME, "The application_name the server shows in pg_stat_activity")
            .withAlias("application_name");
    public static final PgOption<Map<String, String>> OPTIONS = PgOption.<Map<String, String>>of("options", Map.of(),
            OptionCoercion::parameters, PgOptions::parameters,
            "Extra configuration parameters sent in the StartupMessage, in insertion order");
    /** Held in {@link #OPTIONS} as {@code search_path}. */
    public static final PgOption<String> SCHEMA = PgOption.of("schema", null, OptionCoercion::string,
                    "The search_path sent at startup, as given")
            .withAlias("currentSchema")
            .readBy((b, v) -> b.schema(OptionCoercion.string("schema", v)))
            .derivedBy(c -> c.options().get(PgfastConnectionConfigurationBuilder.SEARCH_PATH));
    /** Null until built: then the JVM's default zone. */
    public static final PgOption<ZoneId> TIME_ZONE = PgOption.<ZoneId>of("timeZone", null, OptionCoercion::zone, v -> v,
            "The session time zone sent as the TimeZone startup parameter");
    public static final PgOption<Duration> CONNECT_TIMEOUT = PgOption.duration("connectTimeout",
                    PgfastConnectionConfiguration.DEFAULT_CONNECT_TIMEOUT, Long.MAX_VALUE,
                    "Bound on the whole connection setup (TCP, TLS, authentication); zero means none")
            .withAlias("connect_timeout");
    public static final PgOption<Duration> SOCKET_TIMEOUT = PgOption.duration("socketTimeout", Duration.ZERO, Long.MAX_VALUE,
            "How long the driver waits for the server's next bytes while it expects an answer; zero means never");
    public static final PgOption<Duration> STATEMENT_TIMEOUT = PgOption.sessionTimeout("statementTimeout",
            "statement_timeout for the session; absent leaves the server's setting, zero disables it");
    public static final PgOption<Duration> LOCK_WAIT_TIMEOUT = PgOption.sessionTimeout("lockWaitTimeout",
            "lock_timeout for the session; absent leaves the server's setting, zero disables it");
    public static final PgOption<Boolean> TCP_KEEP_ALIVE = PgOption.bool("tcpKeepAlive", true,
            "SO_KEEPALIVE on the socket: the kernel probes a silent connection and drops it when nobody answers")
            .withAlias("keepalives");
    public static final PgOption<Duration> TCP_KEEP_ALIVE_IDLE = PgOption.keepAliveSeconds("tcpKeepAliveIdle",
                    PgfastConnectionConfiguration.DEFAULT_TCP_KEEP_ALIVE_IDLE,
                    "How long a connection is silent before the first keepalive probe")
            .withAlias("keepalives_idle");
    public static final PgOption<Duration> TCP_KEEP_ALIVE_INTERVAL = PgOption.keepAliveSeconds("tcpKeepAliveInterval",
                    PgfastConnectionConfiguration.DEFAULT_TCP_KEEP_ALIVE_INTERVAL, "How long between unanswered keepalive probes")
            .withAlias("keepalives_interval");
    public static final PgOption<Integer> TCP_KEEP_ALIVE_COUNT = PgOption.integer("tcpKeepAliveCount",
                    PgfastConnectionConfiguration.DEFAULT_TCP_KEEP_ALIVE_COUNT, v -> {
                        if (v < 1 || v > OptionChecks.MAX_KEEP_ALIVE_COUNT) {
                            throw new IllegalArgumentException("tcpKeepAliveCount must be between 1 and "
                                    + OptionChecks.MAX_KEEP_ALIVE_COUNT + ", got " + v);
                        }
                        return v;
                    }, "How many unanswered keepalive probes drop the connection")
            .withAlias("keepalives_count");
    /** Not libpq's {@code tcp_user_timeout} as an alias: that counts milliseconds, where a bare number here is seconds. */
    public static final PgOption<Duration> TCP_USER_TIMEOUT = PgOption.duration("tcpUserTimeout",
            PgfastConnectionConfiguration.DEFAULT_TCP_USER_TIMEOUT, PgfastConnectionConfiguration.MAX_TIMEOUT_MILLIS,
            "How long sent data may stay unacknowledged before the kernel drops the connection; zero means the system's");
    public static final PgOption<Boolean> TCP_NO_DELAY = PgOption.bool("tcpNoDelay", true, "TCP_NODELAY on the socket");
    /** Null until built: PREFER, or VERIFY_FULL when {@link #SSL_ROOT_CERT} is {@code system}. */
    public static final PgOption<SslMode> SSL_MODE = PgOption.<SslMode>of("sslMode", null,
                    (n, v) -> OptionCoercion.enumeration(n, v, SslMode.class, SslMode::from), v -> v,
                    "How much TLS protection to insist on, as libpq")
            .withAlias("sslmode");
    /** R2DBC's standard option: sets {@link #SSL_MODE} (verify-full or disable), or must agree with it. */
    public static final PgOption<Boolean> SSL = PgOption.bool("ssl", false, "Whether TLS is required")
            .readBy((b, v) -> b.ssl(OptionCoercion.bool("ssl", v)))
            .derivedBy(c -> c.sslMode().requiresTls());
    public static final PgOption<String> SSL_ROOT_CERT = PgOption.of("sslRootCert", null, OptionCoercion::path,
                    v -> v == null ? null : OptionChecks.requireNoNul("sslRootCert", OptionChecks.requireText("sslRootCert", v)),
                    "A PEM file of trusted roots, or system; absent means libpq's default file")
            .withAlias("sslrootcert");
    public static final PgOption<Path> SSL_CERT = PgOption.<Path>of("sslCert", null,
                    (n, v) -> OptionChecks.path(n, OptionCoercion.path(n, v)), v -> v,
                    "The client certificate chain (PEM); present exactly when sslKey is")
            .withAlias("sslcert");
    public static final PgOption<Path> SSL_KEY = PgOption.<Path>of("sslKey", null,
                    (n, v) -> OptionChecks.path(n, OptionCoercion.path(n, v)), v -> v,
                    "The client private key (PEM, PKCS#8 or PKCS#1/SEC1)")
            .withAlias("sslkey");
    public static final PgOption<String> SSL_PASSWORD = PgOption.<String>of("sslPassword", null, OptionCoercion::string, v -> v,
                    "The password of an encrypted sslKey")
            .withAlias("sslpassword").sensitive();
    public static final PgOption<Boolean> SSL_SNI = PgOption.bool("sslSni", true,
            "Whether the TLS handshake names the host (SNI); never done for IP addresses").withAlias("sslsni");
    public static final PgOption<SslNegotiation> SSL_NEGOTIATION = PgOption.enumeration("sslNegotiation", SslNegotiation.POSTGRES,
            SslNegotiation.class, SslNegotiation::from, "postgres, or direct: TLS at once with ALPN (PostgreSQL 17+)")
            .withAlias("sslnegotiation");
    public static final PgOption<ChannelBindingMode> CHANNEL_BINDING = PgOption.enumeration("channelBinding",
            ChannelBindingMode.PREFER, ChannelBindingMode.class, ChannelBindingMode::from,
            "SCRAM-SHA-256-PLUS channel binding over TLS").withAlias("channel_binding");
    public static final PgOption<Boolean> ALLOW_CLEARTEXT_PASSWORD = PgOption.bool("allowCleartextPassword", true,
            "When false, a server asking for a cleartext password is refused");
    public static final PgOption<ProtocolVersionLimit> MIN_PROTOCOL_VERSION = PgOption.enumeration("minProtocolVersion",
            ProtocolVersionLimit.V3_0, ProtocolVersionLimit.class, s -> ProtocolVersionLimit.from("minProtocolVersion", s),
            "The oldest protocol version accepted: 3.0, 3.2 or latest").withAlias("min_protocol_version");
    public static final PgOption<ProtocolVersionLimit> MAX_PROTOCOL_VERSION = PgOption.enumeration("maxProtocolVersion",
            ProtocolVersionLimit.V3_0, ProtocolVersionLimit.class, s -> ProtocolVersionLimit.from("maxProtocolVersion", s),
            "The protocol version asked for: 3.0, 3.2 (PostgreSQL 18) or latest").withAlias("max_protocol_version");
    public static final PgOption<GssEncMode> GSS_ENC_MODE = PgOption.enumeration("gssEncMode", GssEncMode.DISABLE,
            GssEncMode.class, GssEncMode::from, "GSS transport encryption: disable, prefer or require").withAlias("gssencmode");
    public static final PgOption<String> KERBEROS_SERVER_NAME = PgOption.of("kerberosServerName", "postgres", OptionCoercion::string,
                    v -> OptionChecks.requireNoNul("kerberosServerName", OptionChecks.requireText("kerberosServerName", v)),
                    "The service name of the server's Kerberos principal <name>/<host>")
            .withAlias("krbsrvname");
    public static final PgOption<String> JAAS_APPLICATION_NAME = PgOption.of("jaasApplicationName", "pgjdbc", OptionCoercion::string,
            v -> OptionChecks.requireText("jaasApplicationName", v), "The JAAS configuration entry of the Kerberos login");
    public static final PgOption<Boolean> JAAS_LOGIN = PgOption.bool("jaasLogin", true,
            "Whether GSSAPI credentials come from a JAAS login");
    public static final PgOption<Boolean> GSS_USE_DEFAULT_CREDS = PgOption.bool("gssUseDefaultCreds", false,
            "Whether GSSAPI takes JGSS's default credentials instead of a JAAS login");
    public static final PgOption<Boolean> USE_SPNEGO = PgOption.bool("useSpnego", false,
            "Whether GSSAPI negotiates its mechanism with SPNEGO instead of asking for Kerberos 5");
    public static final PgOption<javax.security.auth.Subject> GSS_SUBJECT = PgOption.<javax.security.auth.Subject>of("gssSubject", null,
                    PgOptions::subject, v -> v, "Kerberos credentials the application holds, used before any login of the driver's")
            .withForm(PgOption.Form.CODE).hidden();
    public static final PgOption<Integer> PREPARED_STATEMENT_CACHE_QUERIES = PgOption.integer("preparedStatementCacheQueries",
            PgfastConnectionConfiguration.DEFAULT_PREPARED_STATEMENT_CACHE_QUERIES, -1, "must be -1 (unbounded), 0 (off) or positive",
            "Prepared statements kept per connection: 0 uses unnamed statements only, -1 means no limit");
    public static final PgOption<Integer> FETCH_SIZE = PgOption.integer("fetchSize", 0, 0, "must be 0 (all rows) or positive",
            "Rows per Execute of a portal; 0 fetches all rows at once");
    public static final PgOption<Boolean> REWRITE_BATCHED_INSERTS = PgOption.bool("rewriteBatchedInserts", false,
            "Whether Statement.add() batches of a plain INSERT ... VALUES (...) run as multi-row inserts");
    public static final PgOption<Integer> PIPELINE_LIMIT = PgOption.integer("pipelineLimit",
            PgfastConnectionConfiguration.DEFAULT_PIPELINE_LIMIT, 1, "must be at least 1",
            "Statements written to one connection before their results arrive, at most");
    public static final PgOption<Integer> MAX_MESSAGE_SIZE = PgOption.integer("maxMessageSize",
            PgfastConnectionConfiguration.DEFAULT_MAX_MESSAGE_SIZE, 1, "must be positive",
            "The largest backend message accepted, in bytes, length word included");
    public static final PgOption<Integer> READ_AHEAD_LIMIT = PgOption.integer("readAheadLimit",
            PgfastConnectionConfiguration.DEFAULT_READ_AHEAD_LIMIT, 0, "must not be negative",
            "Bytes of one result's rows read ahead for a statement waiting behind it on the same connection");
    /** The default was chosen by measurement: OPTIONS.md, "An early cancel". */
    public static final PgOption<Integer> CANCEL_DRAIN_BYTES = PgOption.integer("cancelDrainBytes", 1 << 20, 0,
            "must not be negative",
            "Bytes of rows an early cancel discards before it sends a CancelRequest; 0 sends one at once");
    /** The default was chosen by measurement: OPTIONS.md, "An early cancel". */
    public static final PgOption<Duration> CANCEL_DRAIN_TIME = PgOption.duration("cancelDrainTime",
            Duration.ofMillis(100), Long.MAX_VALUE,
            "How long an early cancel waits for the statement to end before it sends a CancelRequest; 0 sends one at once");
    public static final PgOption<Boolean> AUTODETECT_EXTENSIONS = PgOption.bool("autodetectExtensions", true,
            "Whether codecs found through ServiceLoader are registered");
    /** Typed {@code Object} so that micrometer-observation stays optional. */
    public static final PgOption<Object> OBSERVATION_REGISTRY = PgOption.of("observationRegistry", null, (n, v) -> v,
                    io.pgfast.observation.Observability::requireRegistry,
                    "The Micrometer ObservationRegistry statements and connections are observed with")
            .withForm(PgOption.Form.CODE).hidden();
    public static final PgOption<LogLevel> NOTICE_LOG_LEVEL = PgOption.enumeration("noticeLogLevel", LogLevel.INFO,
            LogLevel.class, s -> LogLevel.from("noticeLogLevel", s), "The level at which notices no Result delivers are logged");
    public static final PgOption<LogLevel> ERROR_RESPONSE_LOG_LEVEL = PgOption.enumeration("errorResponseLogLevel",
            LogLevel.DEBUG, LogLevel.class, s -> LogLevel.from("errorResponseLogLevel", s),
            "The level at which the server's error responses are logged");
    public static final PgOption<reactor.netty.resources.LoopResources> LOOP_RESOURCES = PgOption.of("loopResources", null,
                    OptionCoercion::loopResources, "The event loops connections run on; absent for Reactor Netty's shared ones")
            .withForm(PgOption.Form.CODE).hidden();
    public static final PgOption<Function<SslContextBuilder, SslContextBuilder>> SSL_CONTEXT_BUILDER_CUSTOMIZER = PgOption.of(
                    "sslContextBuilderCustomizer", null, PgOptions::customizer,
                    "Applied to Netty's SslContextBuilder after the TLS options")
            .withForm(PgOption.Form.CODE).hidden();
    public static final PgOption<javax.net.ssl.HostnameVerifier> SSL_HOSTNAME_VERIFIER = PgOption.of("sslHostnameVerifier",
                    null, PgOptions::hostnameVerifier, "Replaces the built-in host name check of sslMode=verify-full")
            .withForm(PgOption.Form.CODE).hidden();
    public static final PgOption<List<Codec>> CODECS = PgOption.<List<Codec>>of("codecs", List.of(), (n, v) -> {
                throw new IllegalArgumentException("codecs is set on the builder only");
            }, v -> List.copyOf(PgOption.requireNonNull("codecs", v)),
                    "Codecs registered in code, on top of the built-ins (and of ServiceLoader ones); they win over both")
            .withForm(PgOption.Form.BUILDER).hidden();

    private PgOptions() {
    }

    /** Every option, in declaration order. */
    public static List<PgOption<?>> all() {
        return OPTIONS_IN_ORDER;
    }

    // last: every option above is declared by now
    private static final List<PgOption<?>> OPTIONS_IN_ORDER = PgOption.declared();

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
