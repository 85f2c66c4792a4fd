package io.pgfast.config;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

/**
 * Collects and checks options. Each setter rejects a bad value at once with an
 * {@link IllegalArgumentException} naming the option; {@link #build()} checks the combinations.
 */
public final class PgfastConnectionConfigurationBuilder {

    /** The options set so far, by name; an option absent here has its default. */
    final Map<String, Object> values = new HashMap<>();

    /** The configuration parameter {@link #schema} sets. */
    static final String SEARCH_PATH = "search_path";

    PgfastConnectionConfigurationBuilder() {
    }

    /**
     * Sets any option declared in {@link PgOptions}; every typed method below comes here. The value
     * passes the option's check (null restores the default where the option allows it).
     *
     * @throws IllegalArgumentException naming the option if the value is refused
     */
    public <T> PgfastConnectionConfigurationBuilder set(PgOption<T> option, T value) {
        values.put(option.name(), option.check(value));
        return this;
    }

    /** The value set so far, or the option's default. */
    @SuppressWarnings("unchecked")
    <T> T get(PgOption<T> option) {
        return values.containsKey(option.name()) ? (T) values.get(option.name()) : option.defaultValue();
    }

    /**
     * Host name or IP address, or a comma-separated list of them, each optionally with a port:
     * {@code h1:5432,h2,[::1]:5433} (an IPv6 literal with a port needs its brackets); hosts
     * without a port take {@link #port(int)}. Replaces earlier hosts. A value starting with
     * {@code /} is a Unix-domain socket directory, as in libpq, and sets {@link #socket(String)}.
     */
    public PgfastConnectionConfigurationBuilder host(String host) {
        String h = OptionChecks.requireText("host", host).trim();
        if (h.startsWith("/")) {
            set(PgOptions.SOCKET, h);
            return set(PgOptions.HOST, null);
        }
        return set(PgOptions.HOST, HostList.parse(h));
    }

    /** Replaces the hosts by {@code hosts}, in this order (at least one). */
    public PgfastConnectionConfigurationBuilder hosts(List<HostSpec> hosts) {
        if (hosts == null || hosts.isEmpty()) {
            throw new IllegalArgumentException("hosts must not be empty");
        }
        HostList list = null;
        for (HostSpec h : hosts) {
            if (h == null) {
                throw new IllegalArgumentException("hosts must not contain null");
            }
            list = list == null ? HostList.of(h.host(), h.port()) : list.plus(h.host(), h.port());
        }
        return set(PgOptions.HOST, list);
    }

    /** Appends a host to the list (the first call replaces the default {@code localhost}). */
    public PgfastConnectionConfigurationBuilder addHost(String host, int port) {
        OptionChecks.requireText("host", host);
        HostList hosts = get(PgOptions.HOST);
        return set(PgOptions.HOST, hosts == null ? HostList.of(host.trim(), port) : hosts.plus(host.trim(), port));
    }

    /** Which role the server must have; {@link TargetServerType#ANY} (the default) takes any. */
    public PgfastConnectionConfigurationBuilder targetServerType(TargetServerType targetServerType) {
        return set(PgOptions.TARGET_SERVER_TYPE, targetServerType);
    }

    /** Whether each connection attempt shuffles the hosts (spreading connections over them). */
    public PgfastConnectionConfigurationBuilder loadBalanceHosts(boolean loadBalanceHosts) {
        return set(PgOptions.LOAD_BALANCE_HOSTS, loadBalanceHosts);
    }

    /** Seconds a host's status (down, primary, standby) steers the host order; 0 keeps none. */
    public PgfastConnectionConfigurationBuilder hostRecheckSeconds(int hostRecheckSeconds) {
        return set(PgOptions.HOST_RECHECK_SECONDS, hostRecheckSeconds);
    }

    public PgfastConnectionConfigurationBuilder port(int port) {
        return set(PgOptions.PORT, port);
    }

    /** Directory of the server's Unix-domain socket (such as {@code /var/run/postgresql}); null clears it. */
    public PgfastConnectionConfigurationBuilder socket(String directory) {
        return set(PgOptions.SOCKET, directory);
    }

    /** The database name; null means the server default (the user name). */
    public PgfastConnectionConfigurationBuilder database(String database) {
        return set(PgOptions.DATABASE, database);
    }

    /** The role to connect as (URL option {@code user}); required. */
    public PgfastConnectionConfigurationBuilder username(String username) {
        return set(PgOptions.USER, username);
    }

    /** A fixed password; null means none. */
    public PgfastConnectionConfigurationBuilder password(CharSequence password) {
        return set(PgOptions.PASSWORD, password == null ? null : Mono.just(password));
    }

    /** A password looked up for every new connection (a supplier returning null means none). */
    public PgfastConnectionConfigurationBuilder password(Supplier<? extends CharSequence> password) {
        return set(PgOptions.PASSWORD, password == null ? null : Mono.fromSupplier(password));
    }

    /**
     * A password resolved for every new connection by subscribing to the publisher and taking
     * its first element (for rotating credentials, such as a cloud IAM token).
     */
    public PgfastConnectionConfigurationBuilder password(Publisher<? extends CharSequence> password) {
        return set(PgOptions.PASSWORD, password == null ? null : Mono.from(password));
    }

    /** The {@code application_name} the server shows in pg_stat_activity; null restores the default. */
    public PgfastConnectionConfigurationBuilder applicationName(String applicationName) {
        return set(PgOptions.APPLICATION_NAME, applicationName);
    }

    /** Replaces the extra startup parameters (see {@link #option(String, String)}). */
    public PgfastConnectionConfigurationBuilder options(Map<String, String> options) {
        return set(PgOptions.OPTIONS, options);
    }

    /**
     * Adds one configuration parameter sent in the StartupMessage, such as
     * {@code search_path=myschema}; the server applies it as {@code SET} would. Parameters with
     * their own option ({@link PgfastConnectionConfiguration#RESERVED_PARAMETERS}) are refused.
     */
    public PgfastConnectionConfigurationBuilder option(String name, String value) {
        OptionChecks.checkParameter(name, value);
        Map<String, String> options = new LinkedHashMap<>(get(PgOptions.OPTIONS));
        options.put(name, value);
        return set(PgOptions.OPTIONS, options);
    }

    /** The session time zone; null means the JVM's default zone at {@link #build()} time. */
    public PgfastConnectionConfigurationBuilder timeZone(ZoneId timeZone) {
        return set(PgOptions.TIME_ZONE, timeZone);
    }

    /** Bound on TCP connect + TLS + authentication; {@link Duration#ZERO} waits forever. */
    public PgfastConnectionConfigurationBuilder connectTimeout(Duration connectTimeout) {
        return set(PgOptions.CONNECT_TIMEOUT, connectTimeout);
    }

    /**
     * While the driver waits for an answer and the server sends nothing for this long, the connection
     * is closed and everything pending on it fails with {@code R2dbcTimeoutException} (SQLSTATE 08006);
     * an idle connection (nothing asked, e.g. only listening) never times out. A statement that runs
     * longer without sending rows (a {@code pg_sleep}, a large sort) is killed too, as with pgjdbc: set
     * it above your longest statement. {@link Duration#ZERO} (the default) turns it off.
     */
    public PgfastConnectionConfigurationBuilder socketTimeout(Duration socketTimeout) {
        return set(PgOptions.SOCKET_TIMEOUT, socketTimeout);
    }

    /** Session {@code statement_timeout}; null keeps the server's, zero disables it. Millisecond precision. */
    public PgfastConnectionConfigurationBuilder statementTimeout(Duration statementTimeout) {
        return set(PgOptions.STATEMENT_TIMEOUT, statementTimeout);
    }

    /** Session {@code lock_timeout}; null keeps the server's, zero disables it. Millisecond precision. */
    public PgfastConnectionConfigurationBuilder lockWaitTimeout(Duration lockWaitTimeout) {
        return set(PgOptions.LOCK_WAIT_TIMEOUT, lockWaitTimeout);
    }

    /**
     * {@code SO_KEEPALIVE} (default on, as libpq): the kernel probes a silent connection and drops it when nobody
     * answers. Off, {@link #tcpKeepAliveIdle}, {@link #tcpKeepAliveInterval} and {@link #tcpKeepAliveCount} are ignored.
     */
    public PgfastConnectionConfigurationBuilder tcpKeepAlive(boolean tcpKeepAlive) {
        return set(PgOptions.TCP_KEEP_ALIVE, tcpKeepAlive);
    }

    /** How long a connection is silent before the first keepalive probe: whole seconds, 1 s to 32767 s (default 30 s). */
    public PgfastConnectionConfigurationBuilder tcpKeepAliveIdle(Duration tcpKeepAliveIdle) {
        return set(PgOptions.TCP_KEEP_ALIVE_IDLE, tcpKeepAliveIdle);
    }

    /** How long between unanswered keepalive probes: whole seconds, 1 s to 32767 s (default 10 s). */
    public PgfastConnectionConfigurationBuilder tcpKeepAliveInterval(Duration tcpKeepAliveInterval) {
        return set(PgOptions.TCP_KEEP_ALIVE_INTERVAL, tcpKeepAliveInterval);
    }

    /** How many unanswered keepalive probes drop the connection: 1 to 127 (default 3). */
    public PgfastConnectionConfigurationBuilder tcpKeepAliveCount(int tcpKeepAliveCount) {
        return set(PgOptions.TCP_KEEP_ALIVE_COUNT, tcpKeepAliveCount);
    }

    /**
     * How long data sent may stay unacknowledged by the server's kernel before the connection is dropped
     * ({@code TCP_USER_TIMEOUT}; default 60 s); {@link Duration#ZERO} leaves the system's default (about 15 minutes on
     * Linux). A statement that runs long on a live server is not affected: its kernel acknowledges at once.
     */
    public PgfastConnectionConfigurationBuilder tcpUserTimeout(Duration tcpUserTimeout) {
        return set(PgOptions.TCP_USER_TIMEOUT, tcpUserTimeout);
    }

    public PgfastConnectionConfigurationBuilder tcpNoDelay(boolean tcpNoDelay) {
        return set(PgOptions.TCP_NO_DELAY, tcpNoDelay);
    }

    /** Null restores the default: PREFER, or VERIFY_FULL when {@code sslRootCert} is {@code system}. */
    public PgfastConnectionConfigurationBuilder sslMode(SslMode sslMode) {
        return set(PgOptions.SSL_MODE, sslMode);
    }

    /**
     * PEM file of trusted root certificates, or {@code system} for the JVM's default trust
     * store (which, as in libpq, makes VERIFY_FULL the default and forbids weaker modes). Null
     * means libpq's default {@code ~/.postgresql/root.crt}.
     */
    public PgfastConnectionConfigurationBuilder sslRootCert(String sslRootCert) {
        return set(PgOptions.SSL_ROOT_CERT, sslRootCert);
    }

    public PgfastConnectionConfigurationBuilder sslRootCert(Path sslRootCert) {
        return sslRootCert(sslRootCert == null ? null : sslRootCert.toString());
    }

    /** PEM file with the client certificate (and any intermediates); needs {@link #sslKey(Path)}. */
    public PgfastConnectionConfigurationBuilder sslCert(Path sslCert) {
        return set(PgOptions.SSL_CERT, sslCert);
    }

    public PgfastConnectionConfigurationBuilder sslCert(String sslCert) {
        return sslCert(sslCert == null ? null : OptionChecks.path("sslCert", sslCert));
    }

    /** PEM file with the client private key; needs {@link #sslCert(Path)}. */
    public PgfastConnectionConfigurationBuilder sslKey(Path sslKey) {
        return set(PgOptions.SSL_KEY, sslKey);
    }

    public PgfastConnectionConfigurationBuilder sslKey(String sslKey) {
        return sslKey(sslKey == null ? null : OptionChecks.path("sslKey", sslKey));
    }

    /** Password of an encrypted {@code sslKey}; null means the key is not encrypted. */
    public PgfastConnectionConfigurationBuilder sslPassword(CharSequence sslPassword) {
        return set(PgOptions.SSL_PASSWORD, sslPassword == null ? null : sslPassword.toString());
    }

    public PgfastConnectionConfigurationBuilder sslSni(boolean sslSni) {
        return set(PgOptions.SSL_SNI, sslSni);
    }

    public PgfastConnectionConfigurationBuilder sslNegotiation(SslNegotiation sslNegotiation) {
        return set(PgOptions.SSL_NEGOTIATION, sslNegotiation);
    }

    public PgfastConnectionConfigurationBuilder channelBinding(ChannelBindingMode channelBinding) {
        return set(PgOptions.CHANNEL_BINDING, channelBinding);
    }

    /**
     * The oldest protocol version to accept (libpq's {@code min_protocol_version}); default 3.0. With 3.2 a
     * server older than PostgreSQL 18 is refused.
     */
    public PgfastConnectionConfigurationBuilder minProtocolVersion(ProtocolVersionLimit minProtocolVersion) {
        return set(PgOptions.MIN_PROTOCOL_VERSION, minProtocolVersion);
    }

    /**
     * The protocol version to ask for (libpq's {@code max_protocol_version}); default 3.0, as libpq. With 3.2 a
     * PostgreSQL 18 server hands out 32-byte cancel keys; older servers answer with 3.0.
     */
    public PgfastConnectionConfigurationBuilder maxProtocolVersion(ProtocolVersionLimit maxProtocolVersion) {
        return set(PgOptions.MAX_PROTOCOL_VERSION, maxProtocolVersion);
    }

    /** The service name of the server's Kerberos principal {@code <name>/<host>}; default {@code postgres} (libpq's {@code krbsrvname}). */
    public PgfastConnectionConfigurationBuilder kerberosServerName(String kerberosServerName) {
        return set(PgOptions.KERBEROS_SERVER_NAME, kerberosServerName);
    }

    /** The JAAS login configuration entry for the Kerberos login; default {@code pgjdbc}. */
    public PgfastConnectionConfigurationBuilder jaasApplicationName(String jaasApplicationName) {
        return set(PgOptions.JAAS_APPLICATION_NAME, jaasApplicationName);
    }

    /** Whether to log in through JAAS for GSSAPI; default true. */
    public PgfastConnectionConfigurationBuilder jaasLogin(boolean jaasLogin) {
        return set(PgOptions.JAAS_LOGIN, jaasLogin);
    }

    /** Use JGSS's default credentials for GSSAPI instead of a JAAS login; default false. */
    public PgfastConnectionConfigurationBuilder gssUseDefaultCreds(boolean gssUseDefaultCreds) {
        return set(PgOptions.GSS_USE_DEFAULT_CREDS, gssUseDefaultCreds);
    }

    /** Negotiate the GSSAPI mechanism with SPNEGO; default false (Kerberos 5). */
    public PgfastConnectionConfigurationBuilder useSpnego(boolean useSpnego) {
        return set(PgOptions.USE_SPNEGO, useSpnego);
    }

    /** GSS transport encryption (libpq's {@code gssencmode}); default {@code disable}. */
    public PgfastConnectionConfigurationBuilder gssEncMode(GssEncMode gssEncMode) {
        return set(PgOptions.GSS_ENC_MODE, gssEncMode);
    }

    /**
     * Kerberos credentials the application holds already (a {@code Subject} with a ticket, e.g. from its own
     * JAAS login); used before any login of the driver's.
     */
    public PgfastConnectionConfigurationBuilder gssSubject(javax.security.auth.Subject subject) {
        return set(PgOptions.GSS_SUBJECT, subject);
    }

    public PgfastConnectionConfigurationBuilder allowCleartextPassword(boolean allowCleartextPassword) {
        return set(PgOptions.ALLOW_CLEARTEXT_PASSWORD, allowCleartextPassword);
    }

    /** Prepared statements cached per connection: 0 = unnamed statements only, -1 = unbounded. */
    public PgfastConnectionConfigurationBuilder preparedStatementCacheQueries(int preparedStatementCacheQueries) {
        return set(PgOptions.PREPARED_STATEMENT_CACHE_QUERIES, preparedStatementCacheQueries);
    }

    /** Rows fetched per round trip; 0 fetches all rows at once. */
    public PgfastConnectionConfigurationBuilder fetchSize(int fetchSize) {
        return set(PgOptions.FETCH_SIZE, fetchSize);
    }

    /**
     * Runs {@code Statement.add()} batches of a plain {@code INSERT … VALUES (…)} as multi-row inserts of
     * up to 128 rows (as pgjdbc's {@code reWriteBatchedInserts}); such a batch then yields one Result per
     * rewritten statement, whose update count covers its rows, instead of one per binding.
     */
    public PgfastConnectionConfigurationBuilder rewriteBatchedInserts(boolean rewriteBatchedInserts) {
        return set(PgOptions.REWRITE_BATCHED_INSERTS, rewriteBatchedInserts);
    }

    /** Statements in flight per connection, at least 1. */
    public PgfastConnectionConfigurationBuilder pipelineLimit(int pipelineLimit) {
        return set(PgOptions.PIPELINE_LIMIT, pipelineLimit);
    }

    /** Largest backend message accepted, in bytes; must be positive. */
    public PgfastConnectionConfigurationBuilder maxMessageSize(int maxMessageSize) {
        return set(PgOptions.MAX_MESSAGE_SIZE, maxMessageSize);
    }

    /**
     * Bytes of one result's rows that may be read ahead into memory so that a statement issued on the same
     * connection while that result is still being read (e.g. from inside its rows) does not wait for ever; past
     * it the waiting statement fails with an {@code R2dbcNonTransientResourceException}. {@code 0} reads
     * nothing ahead: such a statement fails at once. Default 16 MiB.
     */
    public PgfastConnectionConfigurationBuilder readAheadLimit(int readAheadLimit) {
        return set(PgOptions.READ_AHEAD_LIMIT, readAheadLimit);
    }

    /**
     * When the consumer of a result gives up while its rows still arrive ({@code Mono.from}, {@code first()},
     * {@code take(n)}), the rest is discarded as it arrives; past this many bytes of discarded rows, with the statement
     * still running, a CancelRequest stops it. {@code 0} sends the CancelRequest at once. Default 1 MiB.
     */
    public PgfastConnectionConfigurationBuilder cancelDrainBytes(int cancelDrainBytes) {
        return set(PgOptions.CANCEL_DRAIN_BYTES, cancelDrainBytes);
    }

    /**
     * How long, after the consumer of a result gave up, the driver waits for the statement to end, discarding its rows,
     * before a CancelRequest stops it. {@code 0} sends the CancelRequest at once. Default 100 ms.
     */
    public PgfastConnectionConfigurationBuilder cancelDrainTime(Duration cancelDrainTime) {
        return set(PgOptions.CANCEL_DRAIN_TIME, cancelDrainTime);
    }

    /**
     * Registers codecs for your own types (or to replace a built-in mapping), e.g. a Java enum for a
     * PostgreSQL enum or a JSON library's type. Code-only: not a URL option.
     */
    public PgfastConnectionConfigurationBuilder codecs(io.pgfast.codec.Codec... codecs) {
        if (codecs == null) {
            throw new IllegalArgumentException("codecs must not be null");
        }
        List<io.pgfast.codec.Codec> all = new ArrayList<>(get(PgOptions.CODECS));
        for (io.pgfast.codec.Codec c : codecs) {
            if (c == null) {
                throw new IllegalArgumentException("codecs must not contain null");
            }
            all.add(c);
        }
        return set(PgOptions.CODECS, all);
    }

    /**
     * Observes statements ({@code r2dbc.query}) and connection setup ({@code r2dbc.connection}) with
     * Micrometer: {@code registry} must be an {@code io.micrometer.observation.ObservationRegistry}
     * (typed {@code Object} so that micrometer-observation stays an optional dependency). Code-only:
     * not a URL option.
     *
     * @throws IllegalArgumentException if {@code registry} is null or not an ObservationRegistry, or
     *                                  micrometer-observation is not on the class path
     */
    public PgfastConnectionConfigurationBuilder observationRegistry(Object registry) {
        return set(PgOptions.OBSERVATION_REGISTRY, registry);
    }

    public PgfastConnectionConfigurationBuilder autodetectExtensions(boolean autodetectExtensions) {
        return set(PgOptions.AUTODETECT_EXTENSIONS, autodetectExtensions);
    }

    /**
     * Sets the session's {@code search_path}, sent as that startup parameter exactly as given (as
     * r2dbc-postgresql's {@code schema}): a list of schema names as PostgreSQL reads it, unquoted
     * names folded to lower case, so {@code app,public} or {@code "My Schema"} (quotes included).
     * Same as {@code option("search_path", schema)}; an empty value sets nothing.
     *
     * @throws IllegalArgumentException if {@code options} already holds a different search_path
     */
    public PgfastConnectionConfigurationBuilder schema(String schema) {
        if (schema == null) {
            throw new IllegalArgumentException("schema must not be null");
        }
        if (schema.isEmpty()) {
            return this;
        }
        String given = get(PgOptions.OPTIONS).get(SEARCH_PATH);
        if (given != null && !given.equals(schema)) {
            throw new IllegalArgumentException("schema and options.search_path are both given, with different values; give one");
        }
        return option(SEARCH_PATH, schema);
    }

    /** The level for notices no Result delivers: OFF, DEBUG, INFO (default), WARN or ERROR. */
    public PgfastConnectionConfigurationBuilder noticeLogLevel(LogLevel level) {
        return set(PgOptions.NOTICE_LOG_LEVEL, level);
    }

    /** The level for the server's error responses, logged as they arrive: OFF, DEBUG (default), INFO, WARN or ERROR. */
    public PgfastConnectionConfigurationBuilder errorResponseLogLevel(LogLevel level) {
        return set(PgOptions.ERROR_RESPONSE_LOG_LEVEL, level);
    }

    /**
     * The Reactor Netty event loops connections run on (as r2dbc-postgresql's {@code loopResources});
     * the caller owns them and disposes of them after the connections. Cancel requests still use the
     * shared loops.
     */
    public PgfastConnectionConfigurationBuilder loopResources(reactor.netty.resources.LoopResources loopResources) {
        return set(PgOptions.LOOP_RESOURCES, loopResources);
    }

    /**
     * Changes Netty's {@code SslContextBuilder} after the driver has applied the TLS options (trusted
     * roots, client key, protocols TLSv1.3/1.2), before it builds, as r2dbc-postgresql's option of
     * this name. Host name checking (sslMode=verify-full) stays the driver's.
     */
    public PgfastConnectionConfigurationBuilder sslContextBuilderCustomizer(
            java.util.function.Function<io.netty.handler.ssl.SslContextBuilder, io.netty.handler.ssl.SslContextBuilder> customizer) {
        return set(PgOptions.SSL_CONTEXT_BUILDER_CUSTOMIZER, customizer);
    }

    /**
     * With sslMode=verify-full, decides after the handshake whether the server certificate fits the
     * host, instead of the built-in check (DNS or IP subject alternative names), as r2dbc-postgresql's
     * option of this name. Other modes check no host name and ignore it.
     */
    public PgfastConnectionConfigurationBuilder sslHostnameVerifier(javax.net.ssl.HostnameVerifier verifier) {
        return set(PgOptions.SSL_HOSTNAME_VERIFIER, verifier);
    }

    /**
     * R2DBC's {@code ssl}: sets sslMode verify-full (true) or disable (false), or, when sslMode was set,
     * must agree with it.
     */
    void ssl(boolean ssl) {
        SslMode sslMode = get(PgOptions.SSL_MODE);
        if (sslMode == null) {
            set(PgOptions.SSL_MODE, ssl ? SslMode.VERIFY_FULL : SslMode.DISABLE);
        } else if (ssl != sslMode.requiresTls()) {
            throw new IllegalArgumentException("ssl=" + ssl + " contradicts sslMode=" + sslMode.libpqName()
                    + "; give only sslMode");
        }
    }

    /**
     * @throws IllegalArgumentException if {@code username} is missing or options contradict each other
     */
    public PgfastConnectionConfiguration build() {
        if (get(PgOptions.USER) == null) {
            throw new IllegalArgumentException("username is required");
        }
        SslMode mode = get(PgOptions.SSL_MODE);
        String sslRootCert = get(PgOptions.SSL_ROOT_CERT);
        boolean systemRoots = PgfastConnectionConfiguration.SSL_ROOT_CERT_SYSTEM.equals(sslRootCert);
        if (mode == null) {
            mode = systemRoots ? SslMode.VERIFY_FULL : SslMode.PREFER;
        } else if (systemRoots && mode != SslMode.VERIFY_FULL) {
            throw new IllegalArgumentException("sslRootCert=system requires sslMode verify-full (got " + mode.libpqName()
                    + "): any certificate a public CA issued would pass a weaker check");
        }
        if (get(PgOptions.SSL_NEGOTIATION) == SslNegotiation.DIRECT && !mode.requiresTls()) {
            throw new IllegalArgumentException("sslNegotiation=direct requires sslMode require, verify-ca or verify-full (got "
                    + mode.libpqName() + "), so a server without direct TLS cannot cause a plaintext fallback");
        }
        if (get(PgOptions.CHANNEL_BINDING) == ChannelBindingMode.REQUIRE && mode == SslMode.DISABLE) {
            throw new IllegalArgumentException("channelBinding=require needs TLS, but sslMode is disable");
        }
        ProtocolVersionLimit minProtocol = get(PgOptions.MIN_PROTOCOL_VERSION);
        ProtocolVersionLimit maxProtocol = get(PgOptions.MAX_PROTOCOL_VERSION);
        if (!values.containsKey(PgOptions.MAX_PROTOCOL_VERSION.name()) && minProtocol.compareTo(maxProtocol) > 0) {
            // a minimum above the default maximum asks for that version (resolved below, the builder unchanged)
            maxProtocol = minProtocol;
        }
        if (minProtocol.compareTo(maxProtocol) > 0) {
            throw new IllegalArgumentException("minProtocolVersion " + minProtocol + " is above maxProtocolVersion "
                    + maxProtocol + "; set maxProtocolVersion=" + minProtocol + " (or latest) too");
        }
        Path sslCert = get(PgOptions.SSL_CERT);
        if ((sslCert == null) != (get(PgOptions.SSL_KEY) == null)) {
            throw new IllegalArgumentException("sslCert and sslKey must be given together (got only "
                    + (sslCert != null ? "sslCert" : "sslKey") + ")");
        }
        String socket = get(PgOptions.SOCKET);
        HostList hosts = get(PgOptions.HOST);
        if (socket != null && hosts != null && hosts.size() > 1) {
            throw new IllegalArgumentException("socket and a list of " + hosts.size()
                    + " hosts cannot be combined: a Unix socket is one server; give the socket or the host list");
        }
        if (socket != null) {
            Path file = Path.of(socket, PgfastConnectionConfiguration.socketFileName(get(PgOptions.PORT)));
            int bytes = file.toString().getBytes(StandardCharsets.UTF_8).length;
            if (bytes > PgfastConnectionConfiguration.MAX_SOCKET_PATH_BYTES) {
                throw new IllegalArgumentException("socket path " + file + " is " + bytes
                        + " bytes; Unix-domain socket paths are limited to " + PgfastConnectionConfiguration.MAX_SOCKET_PATH_BYTES);
            }
        }
        Map<String, Object> built = new HashMap<>(values);
        built.put(PgOptions.SSL_MODE.name(), mode);
        built.put(PgOptions.MAX_PROTOCOL_VERSION.name(), maxProtocol);
        ZoneId timeZone = get(PgOptions.TIME_ZONE);
        built.put(PgOptions.TIME_ZONE.name(), timeZone != null ? timeZone : ZoneId.systemDefault());
        return new PgfastConnectionConfiguration(built);
    }
}
