package io.pgfast.r2dbc;

import io.pgfast.config.ChannelBindingMode;
import io.pgfast.config.LogLevel;
import io.pgfast.config.OptionCoercion;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.config.SslMode;
import io.pgfast.config.SslNegotiation;
import io.pgfast.config.TargetServerType;
import static io.r2dbc.spi.ConnectionFactoryOptions.CONNECT_TIMEOUT;
import static io.r2dbc.spi.ConnectionFactoryOptions.DATABASE;
import static io.r2dbc.spi.ConnectionFactoryOptions.DRIVER;
import static io.r2dbc.spi.ConnectionFactoryOptions.HOST;
import static io.r2dbc.spi.ConnectionFactoryOptions.LOCK_WAIT_TIMEOUT;
import static io.r2dbc.spi.ConnectionFactoryOptions.PASSWORD;
import static io.r2dbc.spi.ConnectionFactoryOptions.PORT;
import static io.r2dbc.spi.ConnectionFactoryOptions.SSL;
import static io.r2dbc.spi.ConnectionFactoryOptions.STATEMENT_TIMEOUT;
import static io.r2dbc.spi.ConnectionFactoryOptions.USER;

import java.time.ZoneId;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

import io.netty.handler.ssl.SslContextBuilder;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.ConnectionFactoryProvider;
import io.r2dbc.spi.Option;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

/**
 * Discovered by {@code ConnectionFactories} through {@code META-INF/services}: serves URLs such as
 * {@code r2dbc:pgfast://user:secret@host:5432/db?sslMode=verify-full}, and also driver
 * {@code postgresql} when r2dbc-postgresql's provider is not on the class path (so this driver
 * never takes over from that one).
 *
 * <p>Option values may be Strings (from a URL) or typed values (from code); see {@link #fromOptions}.
 * Options this driver does not know are ignored. The constants below name every driver-specific
 * option; the standard R2DBC ones ({@code host, port, user, password, database, ssl,
 * connectTimeout, statementTimeout, lockWaitTimeout}) are in {@link ConnectionFactoryOptions}.
 */
public final class PgfastConnectionFactoryProvider implements ConnectionFactoryProvider {

    /** The driver name of {@code r2dbc:pgfast://...}. */
    public static final String PGFAST_DRIVER = "pgfast";
    /** Served too, unless {@value #R2DBC_POSTGRESQL_PROVIDER} can be loaded. */
    public static final String POSTGRESQL_DRIVER = "postgresql";
    /** r2dbc-postgresql's other driver name, served on the same terms as {@value #POSTGRESQL_DRIVER}. */
    public static final String POSTGRES_DRIVER = "postgres";
    static final String R2DBC_POSTGRESQL_PROVIDER = "io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider";

    public static final Option<String> SOCKET = Option.valueOf("socket");
    /** {@code any}, {@code primary}, {@code standby}, {@code preferStandby}, {@code preferPrimary} (or a {@link TargetServerType}). */
    public static final Option<TargetServerType> TARGET_SERVER_TYPE = Option.valueOf("targetServerType");
    public static final Option<Boolean> LOAD_BALANCE_HOSTS = Option.valueOf("loadBalanceHosts");
    public static final Option<Integer> HOST_RECHECK_SECONDS = Option.valueOf("hostRecheckSeconds");
    public static final Option<String> APPLICATION_NAME = Option.valueOf("applicationName");
    /** A {@code Map<String, String>}, or a String {@code name=value;name=value} or {@code -c name=value ...}. */
    public static final Option<Map<String, String>> OPTIONS = Option.valueOf("options");
    public static final Option<ZoneId> TIME_ZONE = Option.valueOf("timeZone");
    /** pgjdbc's name; libpq has no such keyword. */
    public static final Option<java.time.Duration> SOCKET_TIMEOUT = Option.valueOf("socketTimeout");
    public static final Option<Boolean> TCP_KEEP_ALIVE = Option.valueOf("tcpKeepAlive");
    public static final Option<Boolean> TCP_NO_DELAY = Option.valueOf("tcpNoDelay");
    public static final Option<SslMode> SSL_MODE = Option.valueOf("sslMode");
    public static final Option<String> SSL_ROOT_CERT = Option.valueOf("sslRootCert");
    public static final Option<String> SSL_CERT = Option.valueOf("sslCert");
    public static final Option<String> SSL_KEY = Option.valueOf("sslKey");
    public static final Option<CharSequence> SSL_PASSWORD = Option.sensitiveValueOf("sslPassword");
    public static final Option<Boolean> SSL_SNI = Option.valueOf("sslSni");
    public static final Option<SslNegotiation> SSL_NEGOTIATION = Option.valueOf("sslNegotiation");
    public static final Option<ChannelBindingMode> CHANNEL_BINDING = Option.valueOf("channelBinding");
    public static final Option<Boolean> ALLOW_CLEARTEXT_PASSWORD = Option.valueOf("allowCleartextPassword");
    public static final Option<Integer> PREPARED_STATEMENT_CACHE_QUERIES = Option.valueOf("preparedStatementCacheQueries");
    public static final Option<Integer> FETCH_SIZE = Option.valueOf("fetchSize");
    public static final Option<Boolean> REWRITE_BATCHED_INSERTS = Option.valueOf("rewriteBatchedInserts");
    public static final Option<Integer> PIPELINE_LIMIT = Option.valueOf("pipelineLimit");
    public static final Option<Integer> MAX_MESSAGE_SIZE = Option.valueOf("maxMessageSize");
    public static final Option<Integer> READ_AHEAD_LIMIT = Option.valueOf("readAheadLimit");
    public static final Option<Boolean> AUTODETECT_EXTENSIONS = Option.valueOf("autodetectExtensions");
    /** r2dbc-postgresql's name for the search_path, sent as that startup parameter as given; alias {@code currentSchema}. */
    public static final Option<String> SCHEMA = Option.valueOf("schema");
    /** {@code OFF}, {@code DEBUG}, {@code INFO}, {@code WARN}, {@code ERROR} (or a {@link LogLevel}). */
    public static final Option<LogLevel> NOTICE_LOG_LEVEL = Option.valueOf("noticeLogLevel");
    /** {@code OFF}, {@code DEBUG}, {@code INFO}, {@code WARN}, {@code ERROR} (or a {@link LogLevel}). */
    public static final Option<LogLevel> ERROR_RESPONSE_LOG_LEVEL = Option.valueOf("errorResponseLogLevel");
    /** Code-only: Reactor Netty {@code LoopResources} to run connections on. */
    public static final Option<reactor.netty.resources.LoopResources> LOOP_RESOURCES = Option.valueOf("loopResources");
    /** Code-only: a {@code Function<SslContextBuilder, SslContextBuilder>} applied after the TLS options. */
    public static final Option<Function<SslContextBuilder, SslContextBuilder>> SSL_CONTEXT_BUILDER_CUSTOMIZER =
            Option.valueOf("sslContextBuilderCustomizer");
    /** A {@code javax.net.ssl.HostnameVerifier}, or the name of a class implementing it with a public no-argument constructor. */
    public static final Option<javax.net.ssl.HostnameVerifier> SSL_HOSTNAME_VERIFIER = Option.valueOf("sslHostnameVerifier");
    /** Code-only: a Micrometer {@code ObservationRegistry} (typed Object, micrometer-observation is optional). */
    public static final Option<Object> OBSERVATION_REGISTRY = Option.valueOf("observationRegistry");

    private final boolean servesPostgresqlDriver;

    /** The instance {@code ServiceLoader} creates. */
    public PgfastConnectionFactoryProvider() {
        this(!loadable(R2DBC_POSTGRESQL_PROVIDER));
    }

    PgfastConnectionFactoryProvider(boolean servesPostgresqlDriver) {
        this.servesPostgresqlDriver = servesPostgresqlDriver;
    }

    @Override
    public PgfastConnectionFactory create(ConnectionFactoryOptions connectionFactoryOptions) {
        return new PgfastConnectionFactory(fromOptions(connectionFactoryOptions));
    }

    @Override
    public boolean supports(ConnectionFactoryOptions connectionFactoryOptions) {
        if (connectionFactoryOptions == null) {
            throw new IllegalArgumentException("connectionFactoryOptions must not be null");
        }
        Object driver = connectionFactoryOptions.getValue(DRIVER);
        return PGFAST_DRIVER.equals(driver)
                || servesPostgresqlDriver && (POSTGRESQL_DRIVER.equals(driver) || POSTGRES_DRIVER.equals(driver));
    }

    @Override
    public String getDriver() {
        return PGFAST_DRIVER;
    }

    /**
     * Builds a configuration from R2DBC options. Strings are coerced: durations from {@code PT10S},
     * {@code 10s}, {@code 500ms}, {@code 2m} or {@code 10} (seconds); booleans from
     * true/false/on/off/yes/no/1/0; numbers from digits; enums ignoring case. Where libpq spells an
     * option differently ({@code sslmode}, {@code sslrootcert}, {@code connect_timeout},
     * {@code application_name}, {@code dbname}, ...), that spelling is accepted too. The standard
     * {@code ssl} option ({@code r2dbcs:} URLs) means sslMode verify-full when true and disable
     * when false, unless {@code sslMode} says otherwise consistently.
     *
     * @throws IllegalArgumentException naming the option whose value is missing, malformed or
     *                                  inconsistent; a password is never part of the message
     */
    public static PgfastConnectionConfiguration fromOptions(ConnectionFactoryOptions options) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        R2dbcPostgresqlOptions.refuse(options);
        PgfastConnectionConfigurationBuilder b = PgfastConnectionConfiguration.builder();
        OptionReader r = new OptionReader(options);
        r.read(HOST, null, v -> b.host(OptionCoercion.hosts("host", v)));
        r.read(PORT, null, v -> b.port(OptionCoercion.integer("port", v)));
        r.read(SOCKET, null, v -> b.socket(OptionCoercion.path("socket", v)));
        r.read(TARGET_SERVER_TYPE, "target_session_attrs", v -> b.targetServerType(
                OptionCoercion.enumeration("targetServerType", v, TargetServerType.class, TargetServerType::from)));
        r.read(LOAD_BALANCE_HOSTS, "load_balance_hosts", v -> b.loadBalanceHosts(OptionCoercion.loadBalance("loadBalanceHosts", v)));
        r.read(HOST_RECHECK_SECONDS, null, v -> b.hostRecheckSeconds(OptionCoercion.integer("hostRecheckSeconds", v)));
        r.read(DATABASE, "dbname", v -> b.database(OptionCoercion.string("database", v)));
        r.read(USER, null, v -> b.username(OptionCoercion.string("user", v)));
        r.read(PASSWORD, null, v -> password(b, v));
        r.read(APPLICATION_NAME, "application_name", v -> b.applicationName(OptionCoercion.string("applicationName", v)));
        r.read(OPTIONS, null, v -> b.options(OptionCoercion.parameters("options", v)));
        r.read(TIME_ZONE, null, v -> b.timeZone(OptionCoercion.zone("timeZone", v)));
        r.read(CONNECT_TIMEOUT, "connect_timeout", v -> b.connectTimeout(OptionCoercion.duration("connectTimeout", v)));
        r.read(SOCKET_TIMEOUT, null, v -> b.socketTimeout(OptionCoercion.duration("socketTimeout", v)));
        r.read(STATEMENT_TIMEOUT, null, v -> b.statementTimeout(OptionCoercion.duration("statementTimeout", v)));
        r.read(LOCK_WAIT_TIMEOUT, null, v -> b.lockWaitTimeout(OptionCoercion.duration("lockWaitTimeout", v)));
        r.read(TCP_KEEP_ALIVE, null, v -> b.tcpKeepAlive(OptionCoercion.bool("tcpKeepAlive", v)));
        r.read(TCP_NO_DELAY, null, v -> b.tcpNoDelay(OptionCoercion.bool("tcpNoDelay", v)));
        SslMode[] sslMode = new SslMode[1];
        r.read(SSL_MODE, "sslmode", v -> {
            sslMode[0] = OptionCoercion.enumeration("sslMode", v, SslMode.class, SslMode::from);
            b.sslMode(sslMode[0]);
        });
        r.read(SSL, null, v -> ssl(b, OptionCoercion.bool("ssl", v), sslMode[0]));
        r.read(SSL_ROOT_CERT, "sslrootcert", v -> b.sslRootCert(OptionCoercion.path("sslRootCert", v)));
        r.read(SSL_CERT, "sslcert", v -> b.sslCert(OptionCoercion.path("sslCert", v)));
        r.read(SSL_KEY, "sslkey", v -> b.sslKey(OptionCoercion.path("sslKey", v)));
        r.read(SSL_PASSWORD, "sslpassword", v -> b.sslPassword(OptionCoercion.string("sslPassword", v)));
        r.read(SSL_SNI, "sslsni", v -> b.sslSni(OptionCoercion.bool("sslSni", v)));
        r.read(SSL_NEGOTIATION, "sslnegotiation", v -> b.sslNegotiation(
                OptionCoercion.enumeration("sslNegotiation", v, SslNegotiation.class, SslNegotiation::from)));
        r.read(CHANNEL_BINDING, "channel_binding", v -> b.channelBinding(
                OptionCoercion.enumeration("channelBinding", v, ChannelBindingMode.class, ChannelBindingMode::from)));
        r.read(ALLOW_CLEARTEXT_PASSWORD, null, v -> b.allowCleartextPassword(OptionCoercion.bool("allowCleartextPassword", v)));
        r.read(PREPARED_STATEMENT_CACHE_QUERIES, null,
                v -> b.preparedStatementCacheQueries(OptionCoercion.integer("preparedStatementCacheQueries", v)));
        r.read(FETCH_SIZE, null, v -> b.fetchSize(OptionCoercion.integer("fetchSize", v)));
        r.read(REWRITE_BATCHED_INSERTS, null, v -> b.rewriteBatchedInserts(OptionCoercion.bool("rewriteBatchedInserts", v)));
        r.read(PIPELINE_LIMIT, null, v -> b.pipelineLimit(OptionCoercion.integer("pipelineLimit", v)));
        r.read(MAX_MESSAGE_SIZE, null, v -> b.maxMessageSize(OptionCoercion.integer("maxMessageSize", v)));
        r.read(READ_AHEAD_LIMIT, null, v -> b.readAheadLimit(OptionCoercion.integer("readAheadLimit", v)));
        r.read(AUTODETECT_EXTENSIONS, null, v -> b.autodetectExtensions(OptionCoercion.bool("autodetectExtensions", v)));
        r.read(OBSERVATION_REGISTRY, null, b::observationRegistry);
        r.read(SCHEMA, "currentSchema", v -> b.schema(OptionCoercion.string("schema", v)));
        r.read(NOTICE_LOG_LEVEL, null, v -> b.noticeLogLevel(
                OptionCoercion.enumeration("noticeLogLevel", v, LogLevel.class, s -> LogLevel.from("noticeLogLevel", s))));
        r.read(ERROR_RESPONSE_LOG_LEVEL, null, v -> b.errorResponseLogLevel(
                OptionCoercion.enumeration("errorResponseLogLevel", v, LogLevel.class, s -> LogLevel.from("errorResponseLogLevel", s))));
        r.read(LOOP_RESOURCES, null, v -> b.loopResources(OptionCoercion.loopResources("loopResources", v)));
        r.read(SSL_CONTEXT_BUILDER_CUSTOMIZER, null, v -> b.sslContextBuilderCustomizer(customizer(v)));
        r.read(SSL_HOSTNAME_VERIFIER, null, v -> b.sslHostnameVerifier(hostnameVerifier(v)));
        R2dbcPostgresqlOptions.apply(options, b);
        return b.build();
    }

    /**
     * Only a verifier object set in code. A class name (the URL form r2dbc-postgresql accepts) is refused, never
     * loaded: an option value must never become a class to instantiate (pgjdbc's CVE-2022-21724, where URL
     * options named classes that were instantiated).
     */
    private static javax.net.ssl.HostnameVerifier hostnameVerifier(Object value) {
        if (value instanceof javax.net.ssl.HostnameVerifier) {
            return (javax.net.ssl.HostnameVerifier) value;
        }
        throw new IllegalArgumentException("sslHostnameVerifier must be a javax.net.ssl.HostnameVerifier set in code (the"
                + " ConnectionFactoryOptions option or PgfastConnectionConfigurationBuilder.sslHostnameVerifier); this driver"
                + " never loads a class named in an option value, got " + (value instanceof CharSequence ? "the text '" + value + "'"
                : value.getClass().getName()));
    }

    @SuppressWarnings("unchecked")
    private static Function<SslContextBuilder, SslContextBuilder> customizer(Object value) {
        if (value instanceof Function) {
            // erased: a Function of other types fails with a ClassCastException when TLS is set up
            return (Function<SslContextBuilder, SslContextBuilder>) value;
        }
        throw OptionCoercion.wrongType("sslContextBuilderCustomizer", value,
                "a Function<SslContextBuilder, SslContextBuilder> (code only, no URL form)");
    }

    private static void password(PgfastConnectionConfigurationBuilder b, Object value) {
        if (value instanceof CharSequence) {
            b.password((CharSequence) value);
        } else if (value instanceof Supplier) {
            Supplier<?> supplier = (Supplier<?>) value;
            b.password(() -> passwordValue(supplier.get()));
        } else if (value instanceof Publisher) {
            b.password(Mono.from((Publisher<?>) value).map(PgfastConnectionFactoryProvider::passwordValue));
        } else {
            throw OptionCoercion.wrongType("password", value, "a CharSequence, Supplier or Publisher of CharSequence");
        }
    }

    private static CharSequence passwordValue(Object value) {
        if (value == null || value instanceof CharSequence) {
            return (CharSequence) value;
        }
        throw OptionCoercion.wrongType("password", value, "a CharSequence");
    }

    private static void ssl(PgfastConnectionConfigurationBuilder b, boolean ssl, SslMode sslMode) {
        if (sslMode == null) {
            b.sslMode(ssl ? SslMode.VERIFY_FULL : SslMode.DISABLE);
        } else if (ssl != sslMode.requiresTls()) {
            throw new IllegalArgumentException("ssl=" + ssl + " contradicts sslMode=" + sslMode.libpqName()
                    + "; give only sslMode");
        }
    }

    private static boolean loadable(String className) {
        for (ClassLoader loader : new ClassLoader[] {
                PgfastConnectionFactoryProvider.class.getClassLoader(), Thread.currentThread().getContextClassLoader()}) {
            if (loader == null) {
                continue;
            }
            try {
                Class.forName(className, false, loader);
                return true;
            } catch (ClassNotFoundException | LinkageError e) {
                // not visible from this loader; try the next one
            }
        }
        return false;
    }

    /** Reads an option under its R2DBC name or its libpq spelling, refusing two different values. */
    private static final class OptionReader {

        private final ConnectionFactoryOptions options;

        OptionReader(ConnectionFactoryOptions options) {
            this.options = options;
        }

        void read(Option<?> option, String libpqName, Consumer<Object> apply) {
            Object value = options.getValue(option);
            if (libpqName != null) {
                Object alias = options.getValue(Option.valueOf(libpqName));
                if (alias != null) {
                    if (value != null && !value.equals(alias)) {
                        throw new IllegalArgumentException(option.name() + " and " + libpqName
                                + " are both given, with different values; give one");
                    }
                    value = alias;
                }
            }
            if (value != null) {
                apply.accept(value);
            }
        }
    }
}
