package io.pgfast.config;

import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import javax.net.ssl.HostnameVerifier;
import javax.security.auth.Subject;

import io.netty.handler.ssl.SslContextBuilder;
import io.pgfast.codec.Codec;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;

/**
 * Everything a {@link io.pgfast.r2dbc.PgfastConnectionFactory} needs to open connections, immutable and validated.
 * Build one with {@link #builder()}, or from a URL / {@code ConnectionFactoryOptions} with
 * {@link io.pgfast.r2dbc.PgfastConnectionFactoryProvider#fromOptions}. Every option, its URL name and its default
 * is listed in the module's {@code OPTIONS.md}.
 *
 * <p>The getters, one per option of {@link PgOptions}, are generated from the declarations (at the end); written
 * here are the ones that compute more than the value. {@link #toString()} never shows the password or the ssl key
 * password.
 */
public final class PgfastConnectionConfiguration {

    /** The {@code sslRootCert} value meaning "the JVM's default trust store" (libpq 16: "system"). */
    public static final String SSL_ROOT_CERT_SYSTEM = "system";

    /**
     * Startup parameters the driver sets itself or that have their own option, so they may not be
     * given through {@code options} (matched ignoring case, as PostgreSQL matches GUC names).
     */
    public static final Set<String> RESERVED_PARAMETERS = Set.of(
            "user", "database", "options", "replication", "application_name", "client_encoding",
            "timezone", "statement_timeout", "lock_timeout");

    /** A PostgreSQL configuration parameter name, including custom ones such as {@code myapp.tenant}. */
    static final Pattern PARAMETER_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*");
    /** sizeof(sockaddr_un.sun_path) on Linux is 108, including the terminating NUL. */
    static final int MAX_SOCKET_PATH_BYTES = 107;
    /** statement_timeout and lock_timeout are int GUCs in milliseconds. */
    static final long MAX_TIMEOUT_MILLIS = Integer.MAX_VALUE;

    /** Every option set, by name, as the builder checked it (sslMode and timeZone resolved); others have their default. */
    private final Map<String, Object> values;
    /** Derived from the {@code host} option and the port, at least one. */
    private final List<HostSpec> hosts;

    PgfastConnectionConfiguration(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(values);
        this.hosts = get(PgOptions.HOST).resolve(port());
    }

    public static PgfastConnectionConfigurationBuilder builder() {
        return new PgfastConnectionConfigurationBuilder();
    }

    /** A builder holding this configuration's values, to derive a changed copy. */
    public PgfastConnectionConfigurationBuilder mutate() {
        PgfastConnectionConfigurationBuilder b = new PgfastConnectionConfigurationBuilder();
        b.values.putAll(values);
        return b;
    }

    /**
     * The value of any option declared in {@link PgOptions}, its default when none was set; every typed
     * getter reads it here.
     */
    public <T> T get(PgOption<T> option) {
        if (option.isDerived()) {
            return option.derive(this);
        }
        return option.valueIn(values);
    }

    /**
     * The TCP host name or IP address (brackets of an IPv6 literal removed), the first of
     * {@link #hosts()}. Unused when {@link #socket()} is set.
     */
    public String host() {
        return hosts.get(0).host();
    }

    /** Every host to try, in the configured order, each with its port; at least one; unmodifiable. */
    public List<HostSpec> hosts() {
        return hosts;
    }

    /** The socket file itself, {@code <socket>/.s.PGSQL.<port>}, as the server names it. */
    public Optional<Path> socketFile() {
        return socket().map(dir -> Path.of(dir, socketFileName(port())));
    }

    /**
     * The password, resolved anew on every subscription (so a {@code Supplier} or {@code Publisher}
     * given to the builder can rotate credentials); empty when none was configured.
     */
    public Mono<CharSequence> password() {
        return Optional.ofNullable(get(PgOptions.PASSWORD)).orElse(Mono.empty());
    }

    /** Every shown option in declaration order; sensitive ones as {@code <hidden>} or {@code <none>}. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("PgfastConnectionConfiguration{");
        for (PgOption<?> option : PgOptions.all()) {
            if (option.isShown()) {
                text.append(text.charAt(text.length() - 1) == '{' ? "" : ", ").append(option.builderName()).append('=')
                        .append(option == PgOptions.HOST ? (hosts.size() == 1 ? host() : hosts.toString()) : shown(option));
            }
        }
        return text.append('}').toString();
    }

    private <T> String shown(PgOption<T> option) {
        return option.show(get(option));
    }

    static String socketFileName(int port) {
        return ".s.PGSQL." + port;
    }

    // BEGIN GENERATED from the declarations of PgOptions by OptionSourcesTest: edit those, not these lines

    /** The port of hosts given without one, and of the Unix socket file. Default: {@code 5432}. */
    public int port() {
        return get(PgOptions.PORT);
    }

    /**
     * The directory holding the server's Unix-domain socket; when set, connect there instead of TCP. Default: none.
     */
    public Optional<String> socket() {
        return Optional.ofNullable(get(PgOptions.SOCKET));
    }

    /** Which role the server of a connection must have. Default: {@code any}. */
    public TargetServerType targetServerType() {
        return get(PgOptions.TARGET_SERVER_TYPE);
    }

    /** Whether every connection attempt tries the hosts in a random order. Default: {@code false}. */
    public boolean loadBalanceHosts() {
        return get(PgOptions.LOAD_BALANCE_HOSTS);
    }

    /**
     * How long, in seconds, what a connection attempt found about a host steers the next ones; 0 never. Default:
     * {@code 10}.
     */
    public int hostRecheckSeconds() {
        return get(PgOptions.HOST_RECHECK_SECONDS);
    }

    /** The database; when absent the server uses the user name. Default: the user name. */
    public Optional<String> database() {
        return Optional.ofNullable(get(PgOptions.DATABASE));
    }

    /** The role to connect as; required. Default: required. */
    public String username() {
        return get(PgOptions.USER);
    }

    /** The {@code application_name} the server shows in {@code pg_stat_activity}. Default: {@code r2dbc-pgfast}. */
    public String applicationName() {
        return get(PgOptions.APPLICATION_NAME);
    }

    /** Extra configuration parameters sent in the StartupMessage, in insertion order. Default: none. */
    public Map<String, String> options() {
        return get(PgOptions.OPTIONS);
    }

    /** The {@code search_path} sent at startup, as given. */
    public Optional<String> schema() {
        return Optional.ofNullable(get(PgOptions.SCHEMA));
    }

    /** The session time zone sent as the {@code TimeZone} startup parameter. Default: the JVM's default zone. */
    public ZoneId timeZone() {
        return get(PgOptions.TIME_ZONE);
    }

    /** Bound on the whole connection setup (TCP, TLS, authentication); zero means none. Default: {@code 10s}. */
    public Duration connectTimeout() {
        return get(PgOptions.CONNECT_TIMEOUT);
    }

    /**
     * How long the driver waits for the server's next bytes while it expects an answer; zero means never. Default:
     * {@code 0}.
     */
    public Duration socketTimeout() {
        return get(PgOptions.SOCKET_TIMEOUT);
    }

    /**
     * {@code statement_timeout} for the session; absent leaves the server's setting, zero disables it. Default: server
     * setting.
     */
    public Optional<Duration> statementTimeout() {
        return Optional.ofNullable(get(PgOptions.STATEMENT_TIMEOUT));
    }

    /**
     * {@code lock_timeout} for the session; absent leaves the server's setting, zero disables it. Default: server
     * setting.
     */
    public Optional<Duration> lockWaitTimeout() {
        return Optional.ofNullable(get(PgOptions.LOCK_WAIT_TIMEOUT));
    }

    /**
     * {@code SO_KEEPALIVE} on the socket: the kernel probes a silent connection and drops it when nobody answers.
     * Default: {@code true}.
     */
    public boolean tcpKeepAlive() {
        return get(PgOptions.TCP_KEEP_ALIVE);
    }

    /** How long a connection is silent before the first keepalive probe. Default: {@code 30s}. */
    public Duration tcpKeepAliveIdle() {
        return get(PgOptions.TCP_KEEP_ALIVE_IDLE);
    }

    /** How long between unanswered keepalive probes. Default: {@code 10s}. */
    public Duration tcpKeepAliveInterval() {
        return get(PgOptions.TCP_KEEP_ALIVE_INTERVAL);
    }

    /** How many unanswered keepalive probes drop the connection. Default: {@code 3}. */
    public int tcpKeepAliveCount() {
        return get(PgOptions.TCP_KEEP_ALIVE_COUNT);
    }

    /**
     * How long sent data may stay unacknowledged before the kernel drops the connection; zero means the system's.
     * Default: {@code 1m}.
     */
    public Duration tcpUserTimeout() {
        return get(PgOptions.TCP_USER_TIMEOUT);
    }

    /** {@code TCP_NODELAY} on the socket. Default: {@code true}. */
    public boolean tcpNoDelay() {
        return get(PgOptions.TCP_NO_DELAY);
    }

    /**
     * How much TLS protection to insist on, as libpq. Default: {@code prefer} ({@code verify-full} when
     * {@code sslRootCert=system}).
     */
    public SslMode sslMode() {
        return get(PgOptions.SSL_MODE);
    }

    /**
     * A PEM file of trusted roots, or {@code system}; absent means libpq's default file. Default:
     * {@code ~/.postgresql/root.crt}.
     */
    public Optional<String> sslRootCert() {
        return Optional.ofNullable(get(PgOptions.SSL_ROOT_CERT));
    }

    /** The client certificate chain (PEM); present exactly when {@code sslKey} is. Default: none. */
    public Optional<Path> sslCert() {
        return Optional.ofNullable(get(PgOptions.SSL_CERT));
    }

    /** The client private key (PEM); present exactly when {@code sslCert} is. Default: none. */
    public Optional<Path> sslKey() {
        return Optional.ofNullable(get(PgOptions.SSL_KEY));
    }

    /** The password of an encrypted {@code sslKey}. Default: none. */
    public Optional<String> sslPassword() {
        return Optional.ofNullable(get(PgOptions.SSL_PASSWORD));
    }

    /**
     * Whether the TLS handshake names the host (Server Name Indication); never done for IP addresses. Default:
     * {@code true}.
     */
    public boolean sslSni() {
        return get(PgOptions.SSL_SNI);
    }

    /** How TLS starts: asked for ({@code postgres}), or at once ({@code direct}). Default: {@code postgres}. */
    public SslNegotiation sslNegotiation() {
        return get(PgOptions.SSL_NEGOTIATION);
    }

    /** SCRAM-SHA-256-PLUS channel binding over TLS. Default: {@code prefer}. */
    public ChannelBindingMode channelBinding() {
        return get(PgOptions.CHANNEL_BINDING);
    }

    /** When false, a server asking for a cleartext password is refused. Default: {@code true}. */
    public boolean allowCleartextPassword() {
        return get(PgOptions.ALLOW_CLEARTEXT_PASSWORD);
    }

    /** The oldest protocol version accepted: 3.0, 3.2 or latest. Default: {@code 3.0}. */
    public ProtocolVersionLimit minProtocolVersion() {
        return get(PgOptions.MIN_PROTOCOL_VERSION);
    }

    /** The protocol version asked for: 3.0, 3.2 (PostgreSQL 18) or latest. Default: {@code 3.0}. */
    public ProtocolVersionLimit maxProtocolVersion() {
        return get(PgOptions.MAX_PROTOCOL_VERSION);
    }

    /** GSS transport encryption (Kerberos) before TLS. Default: {@code disable}. */
    public GssEncMode gssEncMode() {
        return get(PgOptions.GSS_ENC_MODE);
    }

    /** The service name of the server's Kerberos principal {@code <name>/<host>}. Default: {@code postgres}. */
    public String kerberosServerName() {
        return get(PgOptions.KERBEROS_SERVER_NAME);
    }

    /** The JAAS configuration entry of the Kerberos login. Default: {@code pgjdbc}. */
    public String jaasApplicationName() {
        return get(PgOptions.JAAS_APPLICATION_NAME);
    }

    /** Whether GSSAPI credentials come from a JAAS login. Default: {@code true}. */
    public boolean jaasLogin() {
        return get(PgOptions.JAAS_LOGIN);
    }

    /** Whether GSSAPI takes JGSS's default credentials instead of a JAAS login. Default: {@code false}. */
    public boolean gssUseDefaultCreds() {
        return get(PgOptions.GSS_USE_DEFAULT_CREDS);
    }

    /**
     * Whether GSSAPI negotiates its mechanism with SPNEGO instead of asking for Kerberos 5. Default: {@code false}.
     */
    public boolean useSpnego() {
        return get(PgOptions.USE_SPNEGO);
    }

    /** Kerberos credentials the application holds, used before any login of the driver's. Default: none. */
    public Optional<Subject> gssSubject() {
        return Optional.ofNullable(get(PgOptions.GSS_SUBJECT));
    }

    /**
     * Prepared statements kept per connection: 0 uses unnamed statements only, -1 means no limit. Default: {@code 256}.
     */
    public int preparedStatementCacheQueries() {
        return get(PgOptions.PREPARED_STATEMENT_CACHE_QUERIES);
    }

    /** Rows per Execute of a portal; 0 fetches all rows at once. Default: {@code 0}. */
    public int fetchSize() {
        return get(PgOptions.FETCH_SIZE);
    }

    /**
     * Whether {@code Statement.add()} batches of a plain {@code INSERT … VALUES (…)} run as multi-row inserts. Default:
     * {@code false}.
     */
    public boolean rewriteBatchedInserts() {
        return get(PgOptions.REWRITE_BATCHED_INSERTS);
    }

    /** Statements written to one connection before their results arrive, at most. Default: {@code 256}. */
    public int pipelineLimit() {
        return get(PgOptions.PIPELINE_LIMIT);
    }

    /** The largest backend message accepted, in bytes, length word included. Default: {@code 1074790400}. */
    public int maxMessageSize() {
        return get(PgOptions.MAX_MESSAGE_SIZE);
    }

    /**
     * Bytes of one result's rows read ahead for a statement waiting behind it on the same connection. Default:
     * {@code 16777216}.
     */
    public int readAheadLimit() {
        return get(PgOptions.READ_AHEAD_LIMIT);
    }

    /**
     * Bytes of rows an early cancel discards before it sends a CancelRequest; 0 sends one at once. Default:
     * {@code 1048576}.
     */
    public int cancelDrainBytes() {
        return get(PgOptions.CANCEL_DRAIN_BYTES);
    }

    /**
     * How long an early cancel waits for the statement to end before it sends a CancelRequest; 0 sends one at once.
     * Default: {@code 100ms}.
     */
    public Duration cancelDrainTime() {
        return get(PgOptions.CANCEL_DRAIN_TIME);
    }

    /** Whether codecs found through {@code ServiceLoader} are registered. Default: {@code true}. */
    public boolean autodetectExtensions() {
        return get(PgOptions.AUTODETECT_EXTENSIONS);
    }

    /** The Micrometer {@code ObservationRegistry} statements and connections are observed with. Default: none. */
    public Optional<Object> observationRegistry() {
        return Optional.ofNullable(get(PgOptions.OBSERVATION_REGISTRY));
    }

    /** The level at which notices no Result delivers are logged. Default: {@code INFO}. */
    public LogLevel noticeLogLevel() {
        return get(PgOptions.NOTICE_LOG_LEVEL);
    }

    /** The level at which the server's error responses are logged. Default: {@code DEBUG}. */
    public LogLevel errorResponseLogLevel() {
        return get(PgOptions.ERROR_RESPONSE_LOG_LEVEL);
    }

    /** The event loops connections run on; absent for Reactor Netty's shared ones. Default: none. */
    public Optional<LoopResources> loopResources() {
        return Optional.ofNullable(get(PgOptions.LOOP_RESOURCES));
    }

    /** Applied to Netty's {@code SslContextBuilder} after the TLS options. Default: none. */
    public Optional<Function<SslContextBuilder, SslContextBuilder>> sslContextBuilderCustomizer() {
        return Optional.ofNullable(get(PgOptions.SSL_CONTEXT_BUILDER_CUSTOMIZER));
    }

    /** Replaces the built-in host name check of {@code sslMode=verify-full}. Default: none. */
    public Optional<HostnameVerifier> sslHostnameVerifier() {
        return Optional.ofNullable(get(PgOptions.SSL_HOSTNAME_VERIFIER));
    }

    /**
     * Codecs registered in code, on top of the built-ins (and of {@code ServiceLoader} ones); they win over both.
     * Default: none.
     */
    public List<Codec> codecs() {
        return get(PgOptions.CODECS);
    }

    // END GENERATED
}
