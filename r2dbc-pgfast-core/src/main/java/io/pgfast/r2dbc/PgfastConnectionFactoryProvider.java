package io.pgfast.r2dbc;

import java.time.Duration;
import java.time.ZoneId;
import java.util.Map;
import java.util.function.Function;
import javax.net.ssl.HostnameVerifier;
import javax.security.auth.Subject;

import io.netty.handler.ssl.SslContextBuilder;
import io.pgfast.config.ChannelBindingMode;
import io.pgfast.config.GssEncMode;
import io.pgfast.config.LogLevel;
import io.pgfast.config.OptionCoercion;
import io.pgfast.config.PgOption;
import io.pgfast.config.PgOptions;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.config.ProtocolVersionLimit;
import io.pgfast.config.SslMode;
import io.pgfast.config.SslNegotiation;
import io.pgfast.config.TargetServerType;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.ConnectionFactoryProvider;
import io.r2dbc.spi.Option;
import reactor.netty.resources.LoopResources;

import static io.r2dbc.spi.ConnectionFactoryOptions.DRIVER;

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

    // BEGIN GENERATED from the declarations of PgOptions by OptionSourcesTest: edit those, not these lines

    /** The directory holding the server's Unix-domain socket; when set, connect there instead of TCP. */
    public static final Option<String> SOCKET = PgOptions.SOCKET.r2dbcOption();
    /** Which role the server of a connection must have. */
    public static final Option<TargetServerType> TARGET_SERVER_TYPE = PgOptions.TARGET_SERVER_TYPE.r2dbcOption();
    /** Whether every connection attempt tries the hosts in a random order. */
    public static final Option<Boolean> LOAD_BALANCE_HOSTS = PgOptions.LOAD_BALANCE_HOSTS.r2dbcOption();
    /** How long, in seconds, what a connection attempt found about a host steers the next ones; 0 never. */
    public static final Option<Integer> HOST_RECHECK_SECONDS = PgOptions.HOST_RECHECK_SECONDS.r2dbcOption();
    /** The {@code application_name} the server shows in {@code pg_stat_activity}. */
    public static final Option<String> APPLICATION_NAME = PgOptions.APPLICATION_NAME.r2dbcOption();
    /** Extra configuration parameters sent in the StartupMessage, in insertion order. */
    public static final Option<Map<String, String>> OPTIONS = PgOptions.OPTIONS.r2dbcOption();
    /** The {@code search_path} sent at startup, as given. */
    public static final Option<String> SCHEMA = PgOptions.SCHEMA.r2dbcOption();
    /** The session time zone sent as the {@code TimeZone} startup parameter. */
    public static final Option<ZoneId> TIME_ZONE = PgOptions.TIME_ZONE.r2dbcOption();
    /** How long the driver waits for the server's next bytes while it expects an answer; zero means never. */
    public static final Option<Duration> SOCKET_TIMEOUT = PgOptions.SOCKET_TIMEOUT.r2dbcOption();
    /** {@code SO_KEEPALIVE} on the socket: the kernel probes a silent connection and drops it when nobody answers. */
    public static final Option<Boolean> TCP_KEEP_ALIVE = PgOptions.TCP_KEEP_ALIVE.r2dbcOption();
    /** How long a connection is silent before the first keepalive probe. */
    public static final Option<Duration> TCP_KEEP_ALIVE_IDLE = PgOptions.TCP_KEEP_ALIVE_IDLE.r2dbcOption();
    /** How long between unanswered keepalive probes. */
    public static final Option<Duration> TCP_KEEP_ALIVE_INTERVAL = PgOptions.TCP_KEEP_ALIVE_INTERVAL.r2dbcOption();
    /** How many unanswered keepalive probes drop the connection. */
    public static final Option<Integer> TCP_KEEP_ALIVE_COUNT = PgOptions.TCP_KEEP_ALIVE_COUNT.r2dbcOption();
    /** How long sent data may stay unacknowledged before the kernel drops the connection; zero means the system's. */
    public static final Option<Duration> TCP_USER_TIMEOUT = PgOptions.TCP_USER_TIMEOUT.r2dbcOption();
    /** {@code TCP_NODELAY} on the socket. */
    public static final Option<Boolean> TCP_NO_DELAY = PgOptions.TCP_NO_DELAY.r2dbcOption();
    /** How much TLS protection to insist on, as libpq. */
    public static final Option<SslMode> SSL_MODE = PgOptions.SSL_MODE.r2dbcOption();
    /** A PEM file of trusted roots, or {@code system}; absent means libpq's default file. */
    public static final Option<String> SSL_ROOT_CERT = PgOptions.SSL_ROOT_CERT.r2dbcOption();
    /** The client certificate chain (PEM); present exactly when {@code sslKey} is. */
    public static final Option<String> SSL_CERT = PgOptions.SSL_CERT.r2dbcOption();
    /** The client private key (PEM); present exactly when {@code sslCert} is. */
    public static final Option<String> SSL_KEY = PgOptions.SSL_KEY.r2dbcOption();
    /** The password of an encrypted {@code sslKey}. */
    public static final Option<CharSequence> SSL_PASSWORD = PgOptions.SSL_PASSWORD.r2dbcOption();
    /** Whether the TLS handshake names the host (Server Name Indication); never done for IP addresses. */
    public static final Option<Boolean> SSL_SNI = PgOptions.SSL_SNI.r2dbcOption();
    /** How TLS starts: asked for ({@code postgres}), or at once ({@code direct}). */
    public static final Option<SslNegotiation> SSL_NEGOTIATION = PgOptions.SSL_NEGOTIATION.r2dbcOption();
    /** SCRAM-SHA-256-PLUS channel binding over TLS. */
    public static final Option<ChannelBindingMode> CHANNEL_BINDING = PgOptions.CHANNEL_BINDING.r2dbcOption();
    /** When false, a server asking for a cleartext password is refused. */
    public static final Option<Boolean> ALLOW_CLEARTEXT_PASSWORD = PgOptions.ALLOW_CLEARTEXT_PASSWORD.r2dbcOption();
    /** The oldest protocol version accepted: 3.0, 3.2 or latest. */
    public static final Option<ProtocolVersionLimit> MIN_PROTOCOL_VERSION =
            PgOptions.MIN_PROTOCOL_VERSION.r2dbcOption();
    /** The protocol version asked for: 3.0, 3.2 (PostgreSQL 18) or latest. */
    public static final Option<ProtocolVersionLimit> MAX_PROTOCOL_VERSION =
            PgOptions.MAX_PROTOCOL_VERSION.r2dbcOption();
    /** GSS transport encryption (Kerberos) before TLS. */
    public static final Option<GssEncMode> GSS_ENC_MODE = PgOptions.GSS_ENC_MODE.r2dbcOption();
    /** The service name of the server's Kerberos principal {@code <name>/<host>}. */
    public static final Option<String> KERBEROS_SERVER_NAME = PgOptions.KERBEROS_SERVER_NAME.r2dbcOption();
    /** The JAAS configuration entry of the Kerberos login. */
    public static final Option<String> JAAS_APPLICATION_NAME = PgOptions.JAAS_APPLICATION_NAME.r2dbcOption();
    /** Whether GSSAPI credentials come from a JAAS login. */
    public static final Option<Boolean> JAAS_LOGIN = PgOptions.JAAS_LOGIN.r2dbcOption();
    /** Whether GSSAPI takes JGSS's default credentials instead of a JAAS login. */
    public static final Option<Boolean> GSS_USE_DEFAULT_CREDS = PgOptions.GSS_USE_DEFAULT_CREDS.r2dbcOption();
    /** Whether GSSAPI negotiates its mechanism with SPNEGO instead of asking for Kerberos 5. */
    public static final Option<Boolean> USE_SPNEGO = PgOptions.USE_SPNEGO.r2dbcOption();
    /** Kerberos credentials the application holds, used before any login of the driver's. */
    public static final Option<Subject> GSS_SUBJECT = PgOptions.GSS_SUBJECT.r2dbcOption();
    /** Prepared statements kept per connection: 0 uses unnamed statements only, -1 means no limit. */
    public static final Option<Integer> PREPARED_STATEMENT_CACHE_QUERIES =
            PgOptions.PREPARED_STATEMENT_CACHE_QUERIES.r2dbcOption();
    /** Rows per Execute of a portal; 0 fetches all rows at once. */
    public static final Option<Integer> FETCH_SIZE = PgOptions.FETCH_SIZE.r2dbcOption();
    /** Whether {@code Statement.add()} batches of a plain {@code INSERT … VALUES (…)} run as multi-row inserts. */
    public static final Option<Boolean> REWRITE_BATCHED_INSERTS = PgOptions.REWRITE_BATCHED_INSERTS.r2dbcOption();
    /** Statements written to one connection before their results arrive, at most. */
    public static final Option<Integer> PIPELINE_LIMIT = PgOptions.PIPELINE_LIMIT.r2dbcOption();
    /** The largest backend message accepted, in bytes, length word included. */
    public static final Option<Integer> MAX_MESSAGE_SIZE = PgOptions.MAX_MESSAGE_SIZE.r2dbcOption();
    /** Bytes of one result's rows read ahead for a statement waiting behind it on the same connection. */
    public static final Option<Integer> READ_AHEAD_LIMIT = PgOptions.READ_AHEAD_LIMIT.r2dbcOption();
    /** Bytes of rows an early cancel discards before it sends a CancelRequest; 0 sends one at once. */
    public static final Option<Integer> CANCEL_DRAIN_BYTES = PgOptions.CANCEL_DRAIN_BYTES.r2dbcOption();
    /**
     * How long an early cancel waits for the statement to end before it sends a CancelRequest; 0 sends one at once.
     */
    public static final Option<Duration> CANCEL_DRAIN_TIME = PgOptions.CANCEL_DRAIN_TIME.r2dbcOption();
    /** Whether codecs found through {@code ServiceLoader} are registered. */
    public static final Option<Boolean> AUTODETECT_EXTENSIONS = PgOptions.AUTODETECT_EXTENSIONS.r2dbcOption();
    /** The Micrometer {@code ObservationRegistry} statements and connections are observed with. */
    public static final Option<Object> OBSERVATION_REGISTRY = PgOptions.OBSERVATION_REGISTRY.r2dbcOption();
    /** The level at which notices no Result delivers are logged. */
    public static final Option<LogLevel> NOTICE_LOG_LEVEL = PgOptions.NOTICE_LOG_LEVEL.r2dbcOption();
    /** The level at which the server's error responses are logged. */
    public static final Option<LogLevel> ERROR_RESPONSE_LOG_LEVEL = PgOptions.ERROR_RESPONSE_LOG_LEVEL.r2dbcOption();
    /** The event loops connections run on; absent for Reactor Netty's shared ones. */
    public static final Option<LoopResources> LOOP_RESOURCES = PgOptions.LOOP_RESOURCES.r2dbcOption();
    /** Applied to Netty's {@code SslContextBuilder} after the TLS options. */
    public static final Option<Function<SslContextBuilder, SslContextBuilder>> SSL_CONTEXT_BUILDER_CUSTOMIZER =
            PgOptions.SSL_CONTEXT_BUILDER_CUSTOMIZER.r2dbcOption();
    /** Replaces the built-in host name check of {@code sslMode=verify-full}. */
    public static final Option<HostnameVerifier> SSL_HOSTNAME_VERIFIER = PgOptions.SSL_HOSTNAME_VERIFIER.r2dbcOption();

    // END GENERATED

    /**
     * The name of the option that asks for the driver's own pool ({@code pool=true}): such options are served by
     * {@code io.pgfast.pool}'s provider ({@code PgfastPoolConnectionFactoryProvider}), which this one leaves them to,
     * since nothing here may depend on the pool (it sits above this package). Its R2DBC {@code Option} is
     * {@code io.pgfast.pool.PoolOptions.POOL}; the value a Boolean, or a String as from a URL.
     */
    public static final String POOL = "pool";

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

    /** The options name this driver and do not ask for its pool (option {@value #POOL}). */
    @Override
    public boolean supports(ConnectionFactoryOptions connectionFactoryOptions) {
        return servesDriver(connectionFactoryOptions) && !requestsPool(connectionFactoryOptions);
    }

    /**
     * Whether the options name this driver ({@value #PGFAST_DRIVER}, or {@value #POSTGRESQL_DRIVER} and
     * {@value #POSTGRES_DRIVER} while r2dbc-postgresql is absent), whatever the option {@value #POOL} says.
     */
    public boolean servesDriver(ConnectionFactoryOptions connectionFactoryOptions) {
        if (connectionFactoryOptions == null) {
            throw new IllegalArgumentException("connectionFactoryOptions must not be null");
        }
        Object driver = connectionFactoryOptions.getValue(DRIVER);
        return PGFAST_DRIVER.equals(driver)
                || servesPostgresqlDriver && (POSTGRESQL_DRIVER.equals(driver) || POSTGRES_DRIVER.equals(driver));
    }

    /** Whether the option {@value #POOL} is true. */
    public static boolean requestsPool(ConnectionFactoryOptions options) {
        Object pool = options.getValue(Option.valueOf(POOL));
        return pool != null && OptionCoercion.bool(POOL, pool);
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
        for (PgOption<?> option : PgOptions.all()) {
            if (option.form() != PgOption.Form.BUILDER) {
                Object value = value(options, option);
                if (value != null) {
                    option.applyTo(b, value);
                }
            }
        }
        R2dbcPostgresqlOptions.apply(options, b);
        return b.build();
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

    /** The option's value under its name or one of its other spellings; two different values are refused. */
    private static Object value(ConnectionFactoryOptions options, PgOption<?> option) {
        Object value = options.getValue(Option.valueOf(option.name()));
        for (String alias : option.aliases()) {
            Object other = options.getValue(Option.valueOf(alias));
            if (other != null) {
                if (value != null && !value.equals(other)) {
                    throw new IllegalArgumentException(option.name() + " and " + alias
                            + " are both given, with different values; give one");
                }
                value = other;
            }
        }
        return value;
    }
}
