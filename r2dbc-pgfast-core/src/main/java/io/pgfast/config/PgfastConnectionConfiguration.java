package io.pgfast.config;

import io.netty.handler.ssl.SslContextBuilder;

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

import reactor.core.publisher.Mono;

/**
 * Everything a {@link io.pgfast.r2dbc.PgfastConnectionFactory} needs to open connections, immutable and validated.
 * Build one with {@link #builder()}, or from a URL / {@code ConnectionFactoryOptions} with
 * {@link io.pgfast.r2dbc.PgfastConnectionFactoryProvider#fromOptions}. Every option, its URL name and its default
 * is listed in the module's {@code OPTIONS.md}.
 *
 * <p>{@link #toString()} never shows the password or the ssl key password.
 */
public final class PgfastConnectionConfiguration {

    public static final String DEFAULT_HOST = "localhost";
    public static final int DEFAULT_PORT = 5432;
    /** As pgjdbc's {@code hostRecheckSeconds}. */
    public static final int DEFAULT_HOST_RECHECK_SECONDS = 10;
    public static final String DEFAULT_APPLICATION_NAME = "r2dbc-pgfast";
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /**
     * The keepalive and user-timeout defaults bound a dead server to about a minute, whether the connection is idle
     * or awaits an answer (OPTIONS.md, "A dead server within a minute"). A connection silent this long is probed;
     * below the idle timeouts of cloud load balancers and NAT gateways (AWS NLB 350 s, Azure LB 4 min), so the probes
     * also keep their entries alive.
     */
    public static final Duration DEFAULT_TCP_KEEP_ALIVE_IDLE = Duration.ofSeconds(30);
    /** Between unanswered probes: 30 s + 3 × 10 s, a dead peer of an idle connection is dropped after 60 s. */
    public static final Duration DEFAULT_TCP_KEEP_ALIVE_INTERVAL = Duration.ofSeconds(10);
    public static final int DEFAULT_TCP_KEEP_ALIVE_COUNT = 3;
    /**
     * Data the server's kernel has not acknowledged for this long drops the connection (a live server acknowledges
     * within a round trip, whatever the statement does); with keepalive on, Linux also drops a connection whose probes
     * go unanswered this long after the last data received, so both bounds are 60 s.
     */
    public static final Duration DEFAULT_TCP_USER_TIMEOUT = Duration.ofSeconds(60);
    public static final int DEFAULT_PREPARED_STATEMENT_CACHE_QUERIES = 256;
    public static final int DEFAULT_PIPELINE_LIMIT = 256;
    /** 1 GiB + 1 MiB: a 1 GiB field value (PostgreSQL's limit for one datum) plus message overhead. */
    public static final int DEFAULT_MAX_MESSAGE_SIZE = (1 << 30) + (1 << 20);
    /** 16 MiB of one result's rows read ahead for a statement waiting behind it, per connection. */
    public static final int DEFAULT_READ_AHEAD_LIMIT = 16 << 20;
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
        HostList hostList = get(PgOptions.HOST);
        this.hosts = hostList != null ? hostList.resolve(port()) : List.of(new HostSpec(DEFAULT_HOST, port()));
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
     * accessor below reads it here.
     */
    @SuppressWarnings("unchecked")
    public <T> T get(PgOption<T> option) {
        if (option.isDerived()) {
            return option.derive(this);
        }
        return values.containsKey(option.name()) ? (T) values.get(option.name()) : option.defaultValue();
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

    /** Which role the server of a connection must have (checked only when it is not ANY or there are several hosts). */
    public TargetServerType targetServerType() {
        return get(PgOptions.TARGET_SERVER_TYPE);
    }

    /** Whether every connection attempt tries the hosts in a random order. */
    public boolean loadBalanceHosts() {
        return get(PgOptions.LOAD_BALANCE_HOSTS);
    }

    /** How long, in seconds, what a connection attempt found about a host steers the next ones; 0 never. */
    public int hostRecheckSeconds() {
        return get(PgOptions.HOST_RECHECK_SECONDS);
    }

    /** The port of hosts given without one, and of the Unix socket file. */
    public int port() {
        return get(PgOptions.PORT);
    }

    /** The directory holding the server's Unix-domain socket; when present, connect there instead of TCP. */
    public Optional<String> socket() {
        return Optional.ofNullable(get(PgOptions.SOCKET));
    }

    /** The socket file itself, {@code <socket>/.s.PGSQL.<port>}, as the server names it. */
    public Optional<Path> socketFile() {
        return socket().map(dir -> Path.of(dir, socketFileName(port())));
    }

    /** The database; when empty the server uses the user name. */
    public Optional<String> database() {
        return Optional.ofNullable(get(PgOptions.DATABASE));
    }

    public String username() {
        return get(PgOptions.USER);
    }

    /**
     * The password, resolved anew on every subscription (so a {@code Supplier} or {@code Publisher}
     * given to the builder can rotate credentials); empty when none was configured.
     */
    public Mono<CharSequence> password() {
        return Optional.ofNullable(get(PgOptions.PASSWORD)).orElse(Mono.empty());
    }

    public String applicationName() {
        return get(PgOptions.APPLICATION_NAME);
    }

    /** Extra configuration parameters sent in the StartupMessage, in insertion order, unmodifiable. */
    public Map<String, String> options() {
        return get(PgOptions.OPTIONS);
    }

    /** The session time zone sent as the {@code TimeZone} startup parameter. */
    public ZoneId timeZone() {
        return get(PgOptions.TIME_ZONE);
    }

    /** Bound on the whole connection setup (TCP, TLS, authentication); {@link Duration#ZERO} means none. */
    public Duration connectTimeout() {
        return get(PgOptions.CONNECT_TIMEOUT);
    }

    /**
     * How long the driver waits for the server's next bytes while it expects an answer before it fails the
     * connection (pgjdbc's {@code socketTimeout}); {@link Duration#ZERO} means never.
     */
    public Duration socketTimeout() {
        return get(PgOptions.SOCKET_TIMEOUT);
    }

    /** {@code statement_timeout} for the session; empty leaves the server's setting, zero disables it. */
    public Optional<Duration> statementTimeout() {
        return Optional.ofNullable(get(PgOptions.STATEMENT_TIMEOUT));
    }

    /** {@code lock_timeout} for the session; empty leaves the server's setting, zero disables it. */
    public Optional<Duration> lockWaitTimeout() {
        return Optional.ofNullable(get(PgOptions.LOCK_WAIT_TIMEOUT));
    }

    /** {@code SO_KEEPALIVE}: the kernel probes a connection silent for {@link #tcpKeepAliveIdle()}. */
    public boolean tcpKeepAlive() {
        return get(PgOptions.TCP_KEEP_ALIVE);
    }

    /** How long a connection is silent before the kernel sends the first keepalive probe (libpq's {@code keepalives_idle}). */
    public Duration tcpKeepAliveIdle() {
        return get(PgOptions.TCP_KEEP_ALIVE_IDLE);
    }

    /** How long the kernel waits for an answer to a keepalive probe before the next (libpq's {@code keepalives_interval}). */
    public Duration tcpKeepAliveInterval() {
        return get(PgOptions.TCP_KEEP_ALIVE_INTERVAL);
    }

    /** How many unanswered keepalive probes drop the connection (libpq's {@code keepalives_count}). */
    public int tcpKeepAliveCount() {
        return get(PgOptions.TCP_KEEP_ALIVE_COUNT);
    }

    /**
     * How long data sent may stay unacknowledged before the kernel drops the connection ({@code TCP_USER_TIMEOUT},
     * libpq's {@code tcp_user_timeout}); {@link Duration#ZERO} leaves the system's default (about 15 minutes on Linux).
     */
    public Duration tcpUserTimeout() {
        return get(PgOptions.TCP_USER_TIMEOUT);
    }

    public boolean tcpNoDelay() {
        return get(PgOptions.TCP_NO_DELAY);
    }

    public SslMode sslMode() {
        return get(PgOptions.SSL_MODE);
    }

    /** A PEM file of trusted roots, or {@link #SSL_ROOT_CERT_SYSTEM}; empty means libpq's default file. */
    public Optional<String> sslRootCert() {
        return Optional.ofNullable(get(PgOptions.SSL_ROOT_CERT));
    }

    /** The client certificate chain (PEM); present exactly when {@link #sslKey()} is. */
    public Optional<Path> sslCert() {
        return Optional.ofNullable(get(PgOptions.SSL_CERT));
    }

    /** The client private key (PEM, PKCS#8 or PKCS#1/SEC1; encrypted PKCS#8 needs {@link #sslPassword()}). */
    public Optional<Path> sslKey() {
        return Optional.ofNullable(get(PgOptions.SSL_KEY));
    }

    /** The password of an encrypted {@link #sslKey()}. */
    public Optional<String> sslPassword() {
        return Optional.ofNullable(get(PgOptions.SSL_PASSWORD));
    }

    /** Whether the TLS handshake names the host (SNI); never done for IP addresses. */
    public boolean sslSni() {
        return get(PgOptions.SSL_SNI);
    }

    public SslNegotiation sslNegotiation() {
        return get(PgOptions.SSL_NEGOTIATION);
    }

    public ChannelBindingMode channelBinding() {
        return get(PgOptions.CHANNEL_BINDING);
    }

    /** The oldest protocol version the connection accepts ({@code minProtocolVersion}). */
    public ProtocolVersionLimit minProtocolVersion() {
        return get(PgOptions.MIN_PROTOCOL_VERSION);
    }

    /** The protocol version the connection asks for ({@code maxProtocolVersion}). */
    public ProtocolVersionLimit maxProtocolVersion() {
        return get(PgOptions.MAX_PROTOCOL_VERSION);
    }

    /** GSS transport encryption ({@code gssEncMode}). */
    public GssEncMode gssEncMode() {
        return get(PgOptions.GSS_ENC_MODE);
    }

    /** The service name of the server's Kerberos principal {@code <name>/<host>}. */
    public String kerberosServerName() {
        return get(PgOptions.KERBEROS_SERVER_NAME);
    }

    /** The JAAS configuration entry of the Kerberos login. */
    public String jaasApplicationName() {
        return get(PgOptions.JAAS_APPLICATION_NAME);
    }

    /** Whether GSSAPI credentials come from a JAAS login. */
    public boolean jaasLogin() {
        return get(PgOptions.JAAS_LOGIN);
    }

    /** Whether GSSAPI takes JGSS's default credentials instead of a JAAS login. */
    public boolean gssUseDefaultCreds() {
        return get(PgOptions.GSS_USE_DEFAULT_CREDS);
    }

    /** Whether GSSAPI negotiates its mechanism with SPNEGO. */
    public boolean useSpnego() {
        return get(PgOptions.USE_SPNEGO);
    }

    /** Kerberos credentials the application holds, used before any login of the driver's. */
    public Optional<javax.security.auth.Subject> gssSubject() {
        return Optional.ofNullable(get(PgOptions.GSS_SUBJECT));
    }

    /** When false, a server asking for a cleartext password (AuthenticationCleartextPassword) is refused. */
    public boolean allowCleartextPassword() {
        return get(PgOptions.ALLOW_CLEARTEXT_PASSWORD);
    }

    /** Prepared statements kept per connection: 0 uses unnamed statements only, -1 means no limit. */
    public int preparedStatementCacheQueries() {
        return get(PgOptions.PREPARED_STATEMENT_CACHE_QUERIES);
    }

    /** Rows per Execute of a portal; 0 fetches all rows at once. */
    public int fetchSize() {
        return get(PgOptions.FETCH_SIZE);
    }

    /** Whether {@code Statement.add()} batches of a plain {@code INSERT … VALUES (…)} run as multi-row inserts. */
    public boolean rewriteBatchedInserts() {
        return get(PgOptions.REWRITE_BATCHED_INSERTS);
    }

    /** Statements written to one connection before their results arrive, at most. */
    public int pipelineLimit() {
        return get(PgOptions.PIPELINE_LIMIT);
    }

    /** The largest backend message accepted, in bytes, length word included; a larger one fails the connection. */
    public int maxMessageSize() {
        return get(PgOptions.MAX_MESSAGE_SIZE);
    }

    /**
     * Bytes of one result's rows the driver may read ahead into memory when a statement waits behind that
     * result on the same connection and nobody asks for its rows; past it the waiting statement fails.
     */
    public int readAheadLimit() {
        return get(PgOptions.READ_AHEAD_LIMIT);
    }

    /** Bytes of rows an early cancel discards before it sends a CancelRequest; 0 sends one at once. */
    public int cancelDrainBytes() {
        return get(PgOptions.CANCEL_DRAIN_BYTES);
    }

    /** How long an early cancel waits for the statement to end before it sends a CancelRequest; 0 sends one at once. */
    public Duration cancelDrainTime() {
        return get(PgOptions.CANCEL_DRAIN_TIME);
    }

    /** Whether codecs found through {@code ServiceLoader} are registered. */
    public boolean autodetectExtensions() {
        return get(PgOptions.AUTODETECT_EXTENSIONS);
    }

    /** The {@code search_path} sent at startup ({@code schema} option), if any. */
    public Optional<String> schema() {
        return Optional.ofNullable(get(PgOptions.SCHEMA));
    }

    /** The level at which notices no Result delivers are logged (logger {@code io.pgfast.notice}). */
    public LogLevel noticeLogLevel() {
        return get(PgOptions.NOTICE_LOG_LEVEL);
    }

    /** The level at which the server's error responses are logged (logger {@code io.pgfast.errorresponse}). */
    public LogLevel errorResponseLogLevel() {
        return get(PgOptions.ERROR_RESPONSE_LOG_LEVEL);
    }

    /** Applied to Netty's SslContextBuilder after the TLS options; empty for none. */
    public Optional<Function<SslContextBuilder, SslContextBuilder>> sslContextBuilderCustomizer() {
        return Optional.ofNullable(get(PgOptions.SSL_CONTEXT_BUILDER_CUSTOMIZER));
    }

    /** Replaces the built-in host name check of sslMode=verify-full; empty for the built-in one. */
    public Optional<javax.net.ssl.HostnameVerifier> sslHostnameVerifier() {
        return Optional.ofNullable(get(PgOptions.SSL_HOSTNAME_VERIFIER));
    }

    /** The event loops connections run on; empty for Reactor Netty's shared ones. */
    public Optional<reactor.netty.resources.LoopResources> loopResources() {
        return Optional.ofNullable(get(PgOptions.LOOP_RESOURCES));
    }

    /** Codecs registered in code, on top of the built-ins (and of ServiceLoader ones); they win over both. */
    public java.util.List<io.pgfast.codec.Codec> codecs() {
        return get(PgOptions.CODECS);
    }

    /**
     * The Micrometer {@code ObservationRegistry} statements and connections are observed with; typed
     * {@code Object} so that micrometer-observation stays optional. Empty: nothing is observed.
     */
    public Optional<Object> observationRegistry() {
        return Optional.ofNullable(get(PgOptions.OBSERVATION_REGISTRY));
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
}
