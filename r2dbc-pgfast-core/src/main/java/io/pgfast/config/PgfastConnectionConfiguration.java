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

    /**
     * The port of hosts given without one, and of the Unix socket file. The socket file is named
     * {@code .s.PGSQL.<port>}.
     * <p>Default: {@code 5432}.
     */
    public int port() {
        return get(PgOptions.PORT);
    }

    /**
     * The directory holding the server's Unix-domain socket; when set, connect there instead of TCP. Such a connection
     * never uses TLS. Null clears it.
     * <p>Default: none.
     */
    public Optional<String> socket() {
        return Optional.ofNullable(get(PgOptions.SOCKET));
    }

    /**
     * Which role the server of a connection must have. As pgjdbc's, it picks the server of the host list by its role;
     * checked only when it is not {@code any} or there are several hosts. Also accepted: {@code secondary},
     * {@code preferSecondary}, and libpq's {@code read-write} (as {@code primary}), {@code read-only} (as
     * {@code standby}), {@code prefer-standby}.
     * <p>Default: {@code any}.
     */
    public TargetServerType targetServerType() {
        return get(PgOptions.TARGET_SERVER_TYPE);
    }

    /**
     * Whether every connection attempt tries the hosts in a random order. Spreads connections over the hosts. libpq's
     * values {@code random} and {@code disable} are accepted too.
     * <p>Default: {@code false}.
     */
    public boolean loadBalanceHosts() {
        return get(PgOptions.LOAD_BALANCE_HOSTS);
    }

    /**
     * How long, in seconds, what a connection attempt found about a host steers the next ones; 0 never. What an attempt
     * finds: the host is down, a primary or a standby. r2dbc-postgresql's {@code hostRecheckTime} (a duration, rounded
     * up to whole seconds) is accepted too.
     * <p>Default: {@code 10}.
     */
    public int hostRecheckSeconds() {
        return get(PgOptions.HOST_RECHECK_SECONDS);
    }

    /**
     * The database; when absent the server uses the user name.
     * <p>Default: the user name.
     */
    public Optional<String> database() {
        return Optional.ofNullable(get(PgOptions.DATABASE));
    }

    /**
     * The role to connect as; required.
     * <p>Default: required.
     */
    public String username() {
        return get(PgOptions.USER);
    }

    /**
     * The {@code application_name} the server shows in {@code pg_stat_activity}. Null restores the default.
     * <p>Default: {@code r2dbc-pgfast}.
     */
    public String applicationName() {
        return get(PgOptions.APPLICATION_NAME);
    }

    /**
     * Extra configuration parameters sent in the StartupMessage, in insertion order. The server applies each as
     * {@code SET} would. The String forms are under "Value formats" in OPTIONS.md; parameters with an option of their
     * own, or that the driver sets, are refused.
     * <p>Default: none.
     */
    public Map<String, String> options() {
        return get(PgOptions.OPTIONS);
    }

    /**
     * The {@code search_path} sent at startup, as given. As r2dbc-postgresql's {@code schema}: a list of schema names
     * as PostgreSQL reads it, unquoted names folded to lower case, so quote a name with capitals or blanks
     * ({@code "My Schema"}). Same as {@code search_path} in {@code options}; both with different values is an error. An
     * empty value sets nothing.
     */
    public Optional<String> schema() {
        return Optional.ofNullable(get(PgOptions.SCHEMA));
    }

    /**
     * The session time zone sent as the {@code TimeZone} startup parameter. Null means the JVM's default zone when the
     * configuration is built.
     * <p>Default: the JVM's default zone.
     */
    public ZoneId timeZone() {
        return get(PgOptions.TIME_ZONE);
    }

    /**
     * Bound on the whole connection setup (TCP, TLS, authentication); zero means none. With several hosts, it bounds
     * each host's attempt.
     * <p>Default: {@code 10s}.
     */
    public Duration connectTimeout() {
        return get(PgOptions.CONNECT_TIMEOUT);
    }

    /**
     * How long the driver waits for the server's next bytes while it expects an answer; zero means never. pgjdbc's
     * option: when the server sends no byte for this long, the connection is closed and everything pending on it fails
     * with {@code R2dbcTimeoutException} (SQLSTATE 08006), but a COMMIT or an auto-commit statement already sent, whose
     * outcome is unknown: {@code R2dbcNonTransientResourceException} (SQLSTATE 08007), the timeout as its cause;
     * {@code validate} is false afterwards. An idle connection (nothing asked, e.g. only listening for notifications)
     * never times out, nor does a slow consumer or a COPY FROM STDIN whose data is still being produced. A statement
     * that sends nothing for longer ({@code pg_sleep}, a long sort or lock wait) is killed too, as with pgjdbc: set it
     * above your longest statement, or use {@code statementTimeout} to bound statements.
     * <p>Default: {@code 0}.
     */
    public Duration socketTimeout() {
        return get(PgOptions.SOCKET_TIMEOUT);
    }

    /**
     * {@code statement_timeout} for the session; absent leaves the server's setting, zero disables it. A statement
     * running longer fails with {@code R2dbcTimeoutException}. Millisecond precision.
     * <p>Default: server setting.
     */
    public Optional<Duration> statementTimeout() {
        return Optional.ofNullable(get(PgOptions.STATEMENT_TIMEOUT));
    }

    /**
     * {@code lock_timeout} for the session; absent leaves the server's setting, zero disables it. Millisecond
     * precision.
     * <p>Default: server setting.
     */
    public Optional<Duration> lockWaitTimeout() {
        return Optional.ofNullable(get(PgOptions.LOCK_WAIT_TIMEOUT));
    }

    /**
     * {@code SO_KEEPALIVE} on the socket: the kernel probes a silent connection and drops it when nobody answers. On by
     * default as in libpq, so an idle connection whose server vanished fails within about a minute. Off,
     * {@code tcpKeepAliveIdle}, {@code tcpKeepAliveInterval} and {@code tcpKeepAliveCount} are ignored. See "A dead
     * server within a minute" in OPTIONS.md.
     * <p>Default: {@code true}.
     */
    public boolean tcpKeepAlive() {
        return get(PgOptions.TCP_KEEP_ALIVE);
    }

    /**
     * How long a connection is silent before the first keepalive probe. 1 s to 32767 s. A live server's kernel answers
     * the probes whatever the server is doing, so they never end a long statement.
     * <p>Default: {@code 30s}.
     */
    public Duration tcpKeepAliveIdle() {
        return get(PgOptions.TCP_KEEP_ALIVE_IDLE);
    }

    /**
     * How long between unanswered keepalive probes. 1 s to 32767 s.
     * <p>Default: {@code 10s}.
     */
    public Duration tcpKeepAliveInterval() {
        return get(PgOptions.TCP_KEEP_ALIVE_INTERVAL);
    }

    /**
     * How many unanswered keepalive probes drop the connection. 1 to 127. With {@code tcpUserTimeout} set, Linux drops
     * it instead once probes have gone unanswered for that long since the last data received.
     * <p>Default: {@code 3}.
     */
    public int tcpKeepAliveCount() {
        return get(PgOptions.TCP_KEEP_ALIVE_COUNT);
    }

    /**
     * How long sent data may stay unacknowledged before the kernel drops the connection; zero means the system's.
     * {@code TCP_USER_TIMEOUT}, so that a statement sent to a vanished server fails within it; the system's is about 15
     * minutes on Linux. A statement that runs long on a live server is not affected: its kernel acknowledges at once.
     * libpq's {@code tcp_user_timeout} counts milliseconds where a bare number here is seconds: write {@code 5000ms}.
     * Set on the native epoll transport; the JDK's NIO sockets have no such option, which is logged once.
     * <p>Default: {@code 1m}.
     */
    public Duration tcpUserTimeout() {
        return get(PgOptions.TCP_USER_TIMEOUT);
    }

    /**
     * {@code TCP_NODELAY} on the socket.
     * <p>Default: {@code true}.
     */
    public boolean tcpNoDelay() {
        return get(PgOptions.TCP_NO_DELAY);
    }

    /**
     * How much TLS protection to insist on, as libpq. Null restores the default. See "TLS modes" in OPTIONS.md.
     * <p>Default: {@code prefer} ({@code verify-full} when {@code sslRootCert=system}).
     */
    public SslMode sslMode() {
        return get(PgOptions.SSL_MODE);
    }

    /**
     * A PEM file of trusted roots, or {@code system}; absent means libpq's default file. {@code system} takes the JVM's
     * default trust store, which, as in libpq, makes {@code verify-full} the default and forbids weaker modes.
     * <p>Default: {@code ~/.postgresql/root.crt}.
     */
    public Optional<String> sslRootCert() {
        return Optional.ofNullable(get(PgOptions.SSL_ROOT_CERT));
    }

    /**
     * The client certificate chain (PEM); present exactly when {@code sslKey} is. The certificate, then any
     * intermediates.
     * <p>Default: none.
     */
    public Optional<Path> sslCert() {
        return Optional.ofNullable(get(PgOptions.SSL_CERT));
    }

    /**
     * The client private key (PEM); present exactly when {@code sslCert} is. PKCS#8 ({@code BEGIN PRIVATE KEY}, or
     * {@code BEGIN ENCRYPTED PRIVATE KEY} with {@code sslPassword}), PKCS#1 ({@code BEGIN RSA PRIVATE KEY}) or SEC1
     * ({@code BEGIN EC PRIVATE KEY}).
     * <p>Default: none.
     */
    public Optional<Path> sslKey() {
        return Optional.ofNullable(get(PgOptions.SSL_KEY));
    }

    /**
     * The password of an encrypted {@code sslKey}. An encrypted key is PKCS#8. Never shown.
     * <p>Default: none.
     */
    public Optional<String> sslPassword() {
        return Optional.ofNullable(get(PgOptions.SSL_PASSWORD));
    }

    /**
     * Whether the TLS handshake names the host (Server Name Indication); never done for IP addresses.
     * <p>Default: {@code true}.
     */
    public boolean sslSni() {
        return get(PgOptions.SSL_SNI);
    }

    /**
     * How TLS starts: asked for ({@code postgres}), or at once ({@code direct}). {@code direct} starts TLS at once with
     * ALPN {@code postgresql} (PostgreSQL 17+, one round trip less); it needs {@code sslMode} {@code require} or
     * stronger.
     * <p>Default: {@code postgres}.
     */
    public SslNegotiation sslNegotiation() {
        return get(PgOptions.SSL_NEGOTIATION);
    }

    /**
     * SCRAM-SHA-256-PLUS channel binding over TLS. {@code require} refuses any authentication without it.
     * <p>Default: {@code prefer}.
     */
    public ChannelBindingMode channelBinding() {
        return get(PgOptions.CHANNEL_BINDING);
    }

    /**
     * When false, a server asking for a cleartext password is refused.
     * <p>Default: {@code true}.
     */
    public boolean allowCleartextPassword() {
        return get(PgOptions.ALLOW_CLEARTEXT_PASSWORD);
    }

    /**
     * The oldest protocol version accepted: 3.0, 3.2 or latest. {@code 3.2} refuses servers before PostgreSQL 18
     * (08004). When {@code maxProtocolVersion} is not given it is raised to this. See "Protocol version" in
     * docs/connecting.md.
     * <p>Default: {@code 3.0}.
     */
    public ProtocolVersionLimit minProtocolVersion() {
        return get(PgOptions.MIN_PROTOCOL_VERSION);
    }

    /**
     * The protocol version asked for: 3.0, 3.2 (PostgreSQL 18) or latest. As libpq's, the default is 3.0. With
     * {@code 3.2} a PostgreSQL 18 server hands out 32-byte cancel keys; older servers answer with 3.0.
     * {@code PgfastConnectionMetadata.protocolVersion()} says which is in use.
     * <p>Default: {@code 3.0}.
     */
    public ProtocolVersionLimit maxProtocolVersion() {
        return get(PgOptions.MAX_PROTOCOL_VERSION);
    }

    /**
     * GSS transport encryption (Kerberos) before TLS. {@code prefer} uses it when there are Kerberos credentials and
     * the server takes it, else goes on with {@code sslMode}; {@code require} fails without it. libpq's default is
     * {@code prefer}; here it is off unless asked for, so a connection never pays for a Kerberos login it does not use.
     * <p>Default: {@code disable}.
     */
    public GssEncMode gssEncMode() {
        return get(PgOptions.GSS_ENC_MODE);
    }

    /**
     * The service name of the server's Kerberos principal {@code <name>/<host>}. The host is the host as the connection
     * names it.
     * <p>Default: {@code postgres}.
     */
    public String kerberosServerName() {
        return get(PgOptions.KERBEROS_SERVER_NAME);
    }

    /**
     * The JAAS configuration entry of the Kerberos login. pgjdbc's default, so that its set-ups work unchanged; without
     * such an entry, the Kerberos ticket cache.
     * <p>Default: {@code pgjdbc}.
     */
    public String jaasApplicationName() {
        return get(PgOptions.JAAS_APPLICATION_NAME);
    }

    /**
     * Whether GSSAPI credentials come from a JAAS login. {@code false} uses only {@code gssSubject} or JGSS's own
     * credentials.
     * <p>Default: {@code true}.
     */
    public boolean jaasLogin() {
        return get(PgOptions.JAAS_LOGIN);
    }

    /**
     * Whether GSSAPI takes JGSS's default credentials instead of a JAAS login. The ticket cache, with
     * {@code -Djavax.security.auth.useSubjectCredsOnly=false}.
     * <p>Default: {@code false}.
     */
    public boolean gssUseDefaultCreds() {
        return get(PgOptions.GSS_USE_DEFAULT_CREDS);
    }

    /**
     * Whether GSSAPI negotiates its mechanism with SPNEGO instead of asking for Kerberos 5.
     * <p>Default: {@code false}.
     */
    public boolean useSpnego() {
        return get(PgOptions.USE_SPNEGO);
    }

    /**
     * Kerberos credentials the application holds, used before any login of the driver's. A
     * {@code javax.security.auth.Subject} with a ticket, from the application's own JAAS login. See "Kerberos (GSSAPI)"
     * in docs/connecting.md.
     * <p>Default: none.
     */
    public Optional<Subject> gssSubject() {
        return Optional.ofNullable(get(PgOptions.GSS_SUBJECT));
    }

    /**
     * Prepared statements kept per connection: 0 uses unnamed statements only, -1 means no limit.
     * <p>Default: {@code 256}.
     */
    public int preparedStatementCacheQueries() {
        return get(PgOptions.PREPARED_STATEMENT_CACHE_QUERIES);
    }

    /**
     * Rows per Execute of a portal; 0 fetches all rows at once. Each Execute is a round trip.
     * <p>Default: {@code 0}.
     */
    public int fetchSize() {
        return get(PgOptions.FETCH_SIZE);
    }

    /**
     * Whether {@code Statement.add()} batches of a plain {@code INSERT … VALUES (…)} run as multi-row inserts. Such a
     * batch (no {@code RETURNING}, {@code ON CONFLICT} or other clause after the row) runs as inserts of up to 128
     * rows, as pgjdbc's {@code reWriteBatchedInserts}: several times faster. It then yields one Result per rewritten
     * statement, whose update count covers its rows, instead of one per binding.
     * <p>Default: {@code false}.
     */
    public boolean rewriteBatchedInserts() {
        return get(PgOptions.REWRITE_BATCHED_INSERTS);
    }

    /**
     * Statements written to one connection before their results arrive, at most.
     * <p>Default: {@code 256}.
     */
    public int pipelineLimit() {
        return get(PgOptions.PIPELINE_LIMIT);
    }

    /**
     * The largest backend message accepted, in bytes, length word included. A larger one fails the connection instead
     * of exhausting memory. The default is 1 GiB + 1 MiB: a 1 GiB field value, PostgreSQL's limit, and the message
     * around it.
     * <p>Default: {@code 1074790400}.
     */
    public int maxMessageSize() {
        return get(PgOptions.MAX_MESSAGE_SIZE);
    }

    /**
     * Bytes of one result's rows read ahead for a statement waiting behind it on the same connection. When a statement
     * is issued on a connection while an earlier result on it is still being read and nobody asks for that result's
     * rows (a query run from inside the rows of another), the rows are read ahead into memory so that the statement's
     * turn comes. Past this many bytes the waiting statement fails with {@code R2dbcNonTransientResourceException}
     * (SQLSTATE 53000); {@code 0} reads nothing ahead. The default is 16 MiB. See "A statement inside another's rows"
     * in OPTIONS.md.
     * <p>Default: {@code 16777216}.
     */
    public int readAheadLimit() {
        return get(PgOptions.READ_AHEAD_LIMIT);
    }

    /**
     * Bytes of rows an early cancel discards before it sends a CancelRequest; 0 sends one at once. When the consumer of
     * a result stops early ({@code Mono.from}, {@code first()}, {@code next()}, {@code take(n)}) while rows still
     * arrive, the rest is discarded as it arrives, and a CancelRequest (a connection of its own to the server) stops
     * the statement only if it still runs after this many bytes of discarded rows. The default is 1 MiB. See "An early
     * cancel" in OPTIONS.md.
     * <p>Default: {@code 1048576}.
     */
    public int cancelDrainBytes() {
        return get(PgOptions.CANCEL_DRAIN_BYTES);
    }

    /**
     * How long an early cancel waits for the statement to end before it sends a CancelRequest; 0 sends one at once. The
     * same as {@code cancelDrainBytes}, in time: a statement still running this long after its consumer stopped early
     * is stopped by a CancelRequest. See "An early cancel" in OPTIONS.md.
     * <p>Default: {@code 100ms}.
     */
    public Duration cancelDrainTime() {
        return get(PgOptions.CANCEL_DRAIN_TIME);
    }

    /**
     * Whether codecs found through {@code ServiceLoader} are registered.
     * <p>Default: {@code true}.
     */
    public boolean autodetectExtensions() {
        return get(PgOptions.AUTODETECT_EXTENSIONS);
    }

    /**
     * The Micrometer {@code ObservationRegistry} statements and connections are observed with. Statements are observed
     * as {@code r2dbc.query} and connection setup as {@code r2dbc.connection}, see "Observability" in
     * docs/connecting.md. Typed {@code Object} so that micrometer-observation stays an optional dependency: anything
     * but an {@code io.micrometer.observation.ObservationRegistry}, a String from a URL included, is refused with an
     * {@code IllegalArgumentException}.
     * <p>Default: none.
     */
    public Optional<Object> observationRegistry() {
        return Optional.ofNullable(get(PgOptions.OBSERVATION_REGISTRY));
    }

    /**
     * The level at which notices no Result delivers are logged. Those of a Result consumed with {@code map} or
     * {@code getRowsUpdated}, and those during startup, while idle or after the last result, to the logger
     * {@code io.pgfast.notice}.
     * <p>Default: {@code INFO}.
     */
    public LogLevel noticeLogLevel() {
        return get(PgOptions.NOTICE_LOG_LEVEL);
    }

    /**
     * The level at which the server's error responses are logged. Each as it arrives, before it becomes an exception,
     * to the logger {@code io.pgfast.errorresponse}.
     * <p>Default: {@code DEBUG}.
     */
    public LogLevel errorResponseLogLevel() {
        return get(PgOptions.ERROR_RESPONSE_LOG_LEVEL);
    }

    /**
     * The event loops connections run on; absent for Reactor Netty's shared ones. As r2dbc-postgresql's
     * {@code loopResources}: connections and their CancelRequests run on them; the caller owns them and disposes of
     * them after the connections.
     * <p>Default: none.
     */
    public Optional<LoopResources> loopResources() {
        return Optional.ofNullable(get(PgOptions.LOOP_RESOURCES));
    }

    /**
     * Applied to Netty's {@code SslContextBuilder} after the TLS options. As r2dbc-postgresql's option of this name: it
     * changes the builder after the driver has applied the TLS options (trusted roots, client key, protocols
     * TLSv1.3/1.2), before it builds. Host name checking ({@code sslMode=verify-full}) stays the driver's.
     * <p>Default: none.
     */
    public Optional<Function<SslContextBuilder, SslContextBuilder>> sslContextBuilderCustomizer() {
        return Optional.ofNullable(get(PgOptions.SSL_CONTEXT_BUILDER_CUSTOMIZER));
    }

    /**
     * Replaces the built-in host name check of {@code sslMode=verify-full}. As r2dbc-postgresql's option of this name,
     * it decides after the handshake whether the server certificate fits the host, instead of the built-in check (DNS
     * or IP subject alternative names); other modes check no host name and ignore it. An object only: a class name in a
     * URL is refused, never loaded.
     * <p>Default: none.
     */
    public Optional<HostnameVerifier> sslHostnameVerifier() {
        return Optional.ofNullable(get(PgOptions.SSL_HOSTNAME_VERIFIER));
    }

    /**
     * Codecs registered in code, on top of the built-ins (and of {@code ServiceLoader} ones); they win over both. For
     * your own types (a Java type for a PostgreSQL enum, a JSON library's type) or in place of a built-in mapping.
     * Codecs found with {@code ServiceLoader} are listed in {@code META-INF/services/io.pgfast.codec.Codec}.
     * <p>Default: none.
     */
    public List<Codec> codecs() {
        return get(PgOptions.CODECS);
    }

    // END GENERATED
}
