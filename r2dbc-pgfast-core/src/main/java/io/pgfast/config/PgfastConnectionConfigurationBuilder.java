package io.pgfast.config;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
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

    /** Null: {@link PgfastConnectionConfiguration#DEFAULT_HOST}. */
    HostList hosts;
    TargetServerType targetServerType = TargetServerType.ANY;
    boolean loadBalanceHosts;
    int hostRecheckSeconds = PgfastConnectionConfiguration.DEFAULT_HOST_RECHECK_SECONDS;
    int port = PgfastConnectionConfiguration.DEFAULT_PORT;
    String socket;
    String database;
    String username;
    Mono<CharSequence> password = Mono.empty();
    boolean hasPassword;
    String applicationName = PgfastConnectionConfiguration.DEFAULT_APPLICATION_NAME;
    final Map<String, String> options = new LinkedHashMap<>();
    ZoneId timeZone;
    Duration connectTimeout = PgfastConnectionConfiguration.DEFAULT_CONNECT_TIMEOUT;
    Duration socketTimeout = Duration.ZERO;
    Duration statementTimeout;
    Duration lockWaitTimeout;
    boolean tcpKeepAlive;
    boolean tcpNoDelay = true;
    /** Null until set: the default depends on sslRootCert (libpq makes "system" imply verify-full). */
    SslMode sslMode;
    String sslRootCert;
    Path sslCert;
    Path sslKey;
    String sslPassword;
    boolean sslSni = true;
    SslNegotiation sslNegotiation = SslNegotiation.POSTGRES;
    ChannelBindingMode channelBinding = ChannelBindingMode.PREFER;
    boolean allowCleartextPassword = true;
    ProtocolVersionLimit minProtocolVersion = ProtocolVersionLimit.V3_0;
    ProtocolVersionLimit maxProtocolVersion = ProtocolVersionLimit.V3_0;
    GssSettings gss = GssSettings.DEFAULT;
    int preparedStatementCacheQueries = PgfastConnectionConfiguration.DEFAULT_PREPARED_STATEMENT_CACHE_QUERIES;
    int fetchSize;
    boolean rewriteBatchedInserts;
    int pipelineLimit = PgfastConnectionConfiguration.DEFAULT_PIPELINE_LIMIT;
    int maxMessageSize = PgfastConnectionConfiguration.DEFAULT_MAX_MESSAGE_SIZE;
    int readAheadLimit = PgfastConnectionConfiguration.DEFAULT_READ_AHEAD_LIMIT;
    boolean autodetectExtensions = true;
    LogLevel noticeLogLevel = LogLevel.INFO;
    LogLevel errorResponseLogLevel = LogLevel.DEBUG;
    reactor.netty.resources.LoopResources loopResources;
    java.util.function.Function<io.netty.handler.ssl.SslContextBuilder, io.netty.handler.ssl.SslContextBuilder> sslContextBuilderCustomizer;
    javax.net.ssl.HostnameVerifier sslHostnameVerifier;

    /** The configuration parameter {@link #schema} sets. */
    static final String SEARCH_PATH = "search_path";
    final java.util.List<io.pgfast.codec.Codec> codecs = new java.util.ArrayList<>();
    Object observationRegistry;

    PgfastConnectionConfigurationBuilder() {
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
            this.socket = h;
            this.hosts = null;
            return this;
        }
        this.hosts = HostList.parse(h);
        return this;
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
        this.hosts = list;
        return this;
    }

    /** Appends a host to the list (the first call replaces the default {@code localhost}). */
    public PgfastConnectionConfigurationBuilder addHost(String host, int port) {
        OptionChecks.requireText("host", host);
        this.hosts = this.hosts == null ? HostList.of(host.trim(), port) : this.hosts.plus(host.trim(), port);
        return this;
    }

    /** Which role the server must have; {@link TargetServerType#ANY} (the default) takes any. */
    public PgfastConnectionConfigurationBuilder targetServerType(TargetServerType targetServerType) {
        if (targetServerType == null) {
            throw new IllegalArgumentException("targetServerType must not be null");
        }
        this.targetServerType = targetServerType;
        return this;
    }

    /** Whether each connection attempt shuffles the hosts (spreading connections over them). */
    public PgfastConnectionConfigurationBuilder loadBalanceHosts(boolean loadBalanceHosts) {
        this.loadBalanceHosts = loadBalanceHosts;
        return this;
    }

    /** Seconds a host's status (down, primary, standby) steers the host order; 0 keeps none. */
    public PgfastConnectionConfigurationBuilder hostRecheckSeconds(int hostRecheckSeconds) {
        if (hostRecheckSeconds < 0) {
            throw new IllegalArgumentException("hostRecheckSeconds must not be negative, got " + hostRecheckSeconds);
        }
        this.hostRecheckSeconds = hostRecheckSeconds;
        return this;
    }

    public PgfastConnectionConfigurationBuilder port(int port) {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be between 1 and 65535, got " + port);
        }
        this.port = port;
        return this;
    }

    /** Directory of the server's Unix-domain socket (such as {@code /var/run/postgresql}); null clears it. */
    public PgfastConnectionConfigurationBuilder socket(String directory) {
        if (directory == null) {
            this.socket = null;
            return this;
        }
        String d = OptionChecks.requireText("socket", directory).trim();
        OptionChecks.requireNoNul("socket", d);
        this.socket = d;
        return this;
    }

    /** The database name; null means the server default (the user name). */
    public PgfastConnectionConfigurationBuilder database(String database) {
        if (database == null) {
            this.database = null;
            return this;
        }
        OptionChecks.requireNoNul("database", OptionChecks.requireText("database", database));
        this.database = database;
        return this;
    }

    /** The role to connect as (URL option {@code user}); required. */
    public PgfastConnectionConfigurationBuilder username(String username) {
        OptionChecks.requireNoNul("username", OptionChecks.requireText("username", username));
        this.username = username;
        return this;
    }

    /** A fixed password; null means none. */
    public PgfastConnectionConfigurationBuilder password(CharSequence password) {
        this.password = password == null ? Mono.empty() : Mono.just(password);
        this.hasPassword = password != null;
        return this;
    }

    /** A password looked up for every new connection (a supplier returning null means none). */
    public PgfastConnectionConfigurationBuilder password(Supplier<? extends CharSequence> password) {
        this.password = password == null ? Mono.empty() : Mono.fromSupplier(password);
        this.hasPassword = password != null;
        return this;
    }

    /**
     * A password resolved for every new connection by subscribing to the publisher and taking
     * its first element (for rotating credentials, such as a cloud IAM token).
     */
    public PgfastConnectionConfigurationBuilder password(Publisher<? extends CharSequence> password) {
        this.password = password == null ? Mono.empty() : Mono.from(password);
        this.hasPassword = password != null;
        return this;
    }

    /** The {@code application_name} the server shows in pg_stat_activity; null restores the default. */
    public PgfastConnectionConfigurationBuilder applicationName(String applicationName) {
        if (applicationName == null) {
            this.applicationName = PgfastConnectionConfiguration.DEFAULT_APPLICATION_NAME;
            return this;
        }
        OptionChecks.requireNoNul("applicationName", applicationName);
        this.applicationName = applicationName;
        return this;
    }

    /** Replaces the extra startup parameters (see {@link #option(String, String)}). */
    public PgfastConnectionConfigurationBuilder options(Map<String, String> options) {
        if (options == null) {
            throw new IllegalArgumentException("options must not be null");
        }
        Map<String, String> checked = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : options.entrySet()) {
            OptionChecks.checkParameter(e.getKey(), e.getValue());
            checked.put(e.getKey(), e.getValue());
        }
        this.options.clear();
        this.options.putAll(checked);
        return this;
    }

    /**
     * Adds one configuration parameter sent in the StartupMessage, such as
     * {@code search_path=myschema}; the server applies it as {@code SET} would. Parameters with
     * their own option ({@link PgfastConnectionConfiguration#RESERVED_PARAMETERS}) are refused.
     */
    public PgfastConnectionConfigurationBuilder option(String name, String value) {
        OptionChecks.checkParameter(name, value);
        this.options.put(name, value);
        return this;
    }

    /** The session time zone; null means the JVM's default zone at {@link #build()} time. */
    public PgfastConnectionConfigurationBuilder timeZone(ZoneId timeZone) {
        this.timeZone = timeZone;
        return this;
    }

    /** Bound on TCP connect + TLS + authentication; {@link Duration#ZERO} waits forever. */
    public PgfastConnectionConfigurationBuilder connectTimeout(Duration connectTimeout) {
        if (connectTimeout == null) {
            throw new IllegalArgumentException("connectTimeout must not be null (use Duration.ZERO for no limit)");
        }
        this.connectTimeout = OptionChecks.requireTimeout("connectTimeout", connectTimeout, Long.MAX_VALUE);
        return this;
    }

    /**
     * While the driver waits for an answer and the server sends nothing for this long, the connection
     * is closed and everything pending on it fails with {@code R2dbcTimeoutException} (SQLSTATE 08006);
     * an idle connection (nothing asked, e.g. only listening) never times out. A statement that runs
     * longer without sending rows (a {@code pg_sleep}, a large sort) is killed too, as with pgjdbc: set
     * it above your longest statement. {@link Duration#ZERO} (the default) turns it off.
     */
    public PgfastConnectionConfigurationBuilder socketTimeout(Duration socketTimeout) {
        if (socketTimeout == null) {
            throw new IllegalArgumentException("socketTimeout must not be null (use Duration.ZERO for no limit)");
        }
        this.socketTimeout = OptionChecks.requireTimeout("socketTimeout", socketTimeout, Long.MAX_VALUE);
        return this;
    }

    /** Session {@code statement_timeout}; null keeps the server's, zero disables it. Millisecond precision. */
    public PgfastConnectionConfigurationBuilder statementTimeout(Duration statementTimeout) {
        this.statementTimeout = statementTimeout == null ? null
                : OptionChecks.requireTimeout("statementTimeout", statementTimeout, PgfastConnectionConfiguration.MAX_TIMEOUT_MILLIS);
        return this;
    }

    /** Session {@code lock_timeout}; null keeps the server's, zero disables it. Millisecond precision. */
    public PgfastConnectionConfigurationBuilder lockWaitTimeout(Duration lockWaitTimeout) {
        this.lockWaitTimeout = lockWaitTimeout == null ? null
                : OptionChecks.requireTimeout("lockWaitTimeout", lockWaitTimeout, PgfastConnectionConfiguration.MAX_TIMEOUT_MILLIS);
        return this;
    }

    public PgfastConnectionConfigurationBuilder tcpKeepAlive(boolean tcpKeepAlive) {
        this.tcpKeepAlive = tcpKeepAlive;
        return this;
    }

    public PgfastConnectionConfigurationBuilder tcpNoDelay(boolean tcpNoDelay) {
        this.tcpNoDelay = tcpNoDelay;
        return this;
    }

    /** Null restores the default: PREFER, or VERIFY_FULL when {@code sslRootCert} is {@code system}. */
    public PgfastConnectionConfigurationBuilder sslMode(SslMode sslMode) {
        this.sslMode = sslMode;
        return this;
    }

    /**
     * PEM file of trusted root certificates, or {@code system} for the JVM's default trust
     * store (which, as in libpq, makes VERIFY_FULL the default and forbids weaker modes). Null
     * means libpq's default {@code ~/.postgresql/root.crt}.
     */
    public PgfastConnectionConfigurationBuilder sslRootCert(String sslRootCert) {
        if (sslRootCert == null) {
            this.sslRootCert = null;
            return this;
        }
        OptionChecks.requireNoNul("sslRootCert", OptionChecks.requireText("sslRootCert", sslRootCert));
        this.sslRootCert = sslRootCert;
        return this;
    }

    public PgfastConnectionConfigurationBuilder sslRootCert(Path sslRootCert) {
        return sslRootCert(sslRootCert == null ? null : sslRootCert.toString());
    }

    /** PEM file with the client certificate (and any intermediates); needs {@link #sslKey(Path)}. */
    public PgfastConnectionConfigurationBuilder sslCert(Path sslCert) {
        this.sslCert = sslCert;
        return this;
    }

    public PgfastConnectionConfigurationBuilder sslCert(String sslCert) {
        return sslCert(sslCert == null ? null : OptionChecks.path("sslCert", sslCert));
    }

    /** PEM file with the client private key; needs {@link #sslCert(Path)}. */
    public PgfastConnectionConfigurationBuilder sslKey(Path sslKey) {
        this.sslKey = sslKey;
        return this;
    }

    public PgfastConnectionConfigurationBuilder sslKey(String sslKey) {
        return sslKey(sslKey == null ? null : OptionChecks.path("sslKey", sslKey));
    }

    /** Password of an encrypted {@code sslKey}; null means the key is not encrypted. */
    public PgfastConnectionConfigurationBuilder sslPassword(CharSequence sslPassword) {
        this.sslPassword = sslPassword == null ? null : sslPassword.toString();
        return this;
    }

    public PgfastConnectionConfigurationBuilder sslSni(boolean sslSni) {
        this.sslSni = sslSni;
        return this;
    }

    public PgfastConnectionConfigurationBuilder sslNegotiation(SslNegotiation sslNegotiation) {
        if (sslNegotiation == null) {
            throw new IllegalArgumentException("sslNegotiation must not be null");
        }
        this.sslNegotiation = sslNegotiation;
        return this;
    }

    public PgfastConnectionConfigurationBuilder channelBinding(ChannelBindingMode channelBinding) {
        if (channelBinding == null) {
            throw new IllegalArgumentException("channelBinding must not be null");
        }
        this.channelBinding = channelBinding;
        return this;
    }

    /**
     * The oldest protocol version to accept (libpq's {@code min_protocol_version}); default 3.0. With 3.2 a
     * server older than PostgreSQL 18 is refused.
     */
    public PgfastConnectionConfigurationBuilder minProtocolVersion(ProtocolVersionLimit minProtocolVersion) {
        if (minProtocolVersion == null) {
            throw new IllegalArgumentException("minProtocolVersion must not be null");
        }
        this.minProtocolVersion = minProtocolVersion;
        return this;
    }

    /**
     * The protocol version to ask for (libpq's {@code max_protocol_version}); default 3.0, as libpq. With 3.2 a
     * PostgreSQL 18 server hands out 32-byte cancel keys; older servers answer with 3.0.
     */
    public PgfastConnectionConfigurationBuilder maxProtocolVersion(ProtocolVersionLimit maxProtocolVersion) {
        if (maxProtocolVersion == null) {
            throw new IllegalArgumentException("maxProtocolVersion must not be null");
        }
        this.maxProtocolVersion = maxProtocolVersion;
        return this;
    }

    /** The service name of the server's Kerberos principal {@code <name>/<host>}; default {@code postgres} (libpq's {@code krbsrvname}). */
    public PgfastConnectionConfigurationBuilder kerberosServerName(String kerberosServerName) {
        this.gss = gss.withKerberosServerName(kerberosServerName);
        return this;
    }

    /** The JAAS login configuration entry for the Kerberos login; default {@code pgjdbc}. */
    public PgfastConnectionConfigurationBuilder jaasApplicationName(String jaasApplicationName) {
        this.gss = gss.withJaasApplicationName(jaasApplicationName);
        return this;
    }

    /** Whether to log in through JAAS for GSSAPI; default true. */
    public PgfastConnectionConfigurationBuilder jaasLogin(boolean jaasLogin) {
        this.gss = gss.withJaasLogin(jaasLogin);
        return this;
    }

    /** Use JGSS's default credentials for GSSAPI instead of a JAAS login; default false. */
    public PgfastConnectionConfigurationBuilder gssUseDefaultCreds(boolean gssUseDefaultCreds) {
        this.gss = gss.withUseDefaultCredentials(gssUseDefaultCreds);
        return this;
    }

    /** Negotiate the GSSAPI mechanism with SPNEGO; default false (Kerberos 5). */
    public PgfastConnectionConfigurationBuilder useSpnego(boolean useSpnego) {
        this.gss = gss.withUseSpnego(useSpnego);
        return this;
    }

    /** GSS transport encryption (libpq's {@code gssencmode}); default {@code disable}. */
    public PgfastConnectionConfigurationBuilder gssEncMode(GssEncMode gssEncMode) {
        this.gss = gss.withEncMode(gssEncMode);
        return this;
    }

    /**
     * Kerberos credentials the application has already (a {@code Subject} holding a ticket, e.g. from its own
     * JAAS login); used before any login of the driver's. Builder only.
     */
    public PgfastConnectionConfigurationBuilder gssSubject(javax.security.auth.Subject subject) {
        this.gss = gss.withSubject(subject);
        return this;
    }

    public PgfastConnectionConfigurationBuilder allowCleartextPassword(boolean allowCleartextPassword) {
        this.allowCleartextPassword = allowCleartextPassword;
        return this;
    }

    /** Prepared statements cached per connection: 0 = unnamed statements only, -1 = unbounded. */
    public PgfastConnectionConfigurationBuilder preparedStatementCacheQueries(int preparedStatementCacheQueries) {
        if (preparedStatementCacheQueries < -1) {
            throw new IllegalArgumentException("preparedStatementCacheQueries must be -1 (unbounded), 0 (off) or positive, got "
                    + preparedStatementCacheQueries);
        }
        this.preparedStatementCacheQueries = preparedStatementCacheQueries;
        return this;
    }

    /** Rows fetched per round trip; 0 fetches all rows at once. */
    public PgfastConnectionConfigurationBuilder fetchSize(int fetchSize) {
        if (fetchSize < 0) {
            throw new IllegalArgumentException("fetchSize must be 0 (all rows) or positive, got " + fetchSize);
        }
        this.fetchSize = fetchSize;
        return this;
    }

    /**
     * Runs {@code Statement.add()} batches of a plain {@code INSERT … VALUES (…)} as multi-row inserts of
     * up to 128 rows (as pgjdbc's {@code reWriteBatchedInserts}); such a batch then yields one Result per
     * rewritten statement, whose update count covers its rows, instead of one per binding.
     */
    public PgfastConnectionConfigurationBuilder rewriteBatchedInserts(boolean rewriteBatchedInserts) {
        this.rewriteBatchedInserts = rewriteBatchedInserts;
        return this;
    }

    /** Statements in flight per connection, at least 1. */
    public PgfastConnectionConfigurationBuilder pipelineLimit(int pipelineLimit) {
        if (pipelineLimit < 1) {
            throw new IllegalArgumentException("pipelineLimit must be at least 1, got " + pipelineLimit);
        }
        this.pipelineLimit = pipelineLimit;
        return this;
    }

    /** Largest backend message accepted, in bytes; must be positive. */
    public PgfastConnectionConfigurationBuilder maxMessageSize(int maxMessageSize) {
        if (maxMessageSize < 1) {
            throw new IllegalArgumentException("maxMessageSize must be positive, got " + maxMessageSize);
        }
        this.maxMessageSize = maxMessageSize;
        return this;
    }

    /**
     * Bytes of one result's rows that may be read ahead into memory so that a statement issued on the same
     * connection while that result is still being read (e.g. from inside its rows) does not wait for ever; past
     * it the waiting statement fails with an {@code R2dbcNonTransientResourceException}. {@code 0} reads
     * nothing ahead: such a statement fails at once. Default 16 MiB.
     */
    public PgfastConnectionConfigurationBuilder readAheadLimit(int readAheadLimit) {
        if (readAheadLimit < 0) {
            throw new IllegalArgumentException("readAheadLimit must not be negative, got " + readAheadLimit);
        }
        this.readAheadLimit = readAheadLimit;
        return this;
    }

    /**
     * Registers codecs for your own types (or to replace a built-in mapping), e.g. a Java enum for a
     * PostgreSQL enum or a JSON library's type. Code-only: not a URL option.
     */
    public PgfastConnectionConfigurationBuilder codecs(io.pgfast.codec.Codec... codecs) {
        if (codecs == null) {
            throw new IllegalArgumentException("codecs must not be null");
        }
        for (io.pgfast.codec.Codec c : codecs) {
            if (c == null) {
                throw new IllegalArgumentException("codecs must not contain null");
            }
            this.codecs.add(c);
        }
        return this;
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
        this.observationRegistry = io.pgfast.observation.Observability.requireRegistry(registry);
        return this;
    }

    public PgfastConnectionConfigurationBuilder autodetectExtensions(boolean autodetectExtensions) {
        this.autodetectExtensions = autodetectExtensions;
        return this;
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
        String given = options.get(SEARCH_PATH);
        if (given != null && !given.equals(schema)) {
            throw new IllegalArgumentException("schema and options.search_path are both given, with different values; give one");
        }
        return option(SEARCH_PATH, schema);
    }

    /** The level for notices no Result delivers: OFF, DEBUG, INFO (default), WARN or ERROR. */
    public PgfastConnectionConfigurationBuilder noticeLogLevel(LogLevel level) {
        this.noticeLogLevel = requireLevel("noticeLogLevel", level);
        return this;
    }

    /** The level for the server's error responses, logged as they arrive: OFF, DEBUG (default), INFO, WARN or ERROR. */
    public PgfastConnectionConfigurationBuilder errorResponseLogLevel(LogLevel level) {
        this.errorResponseLogLevel = requireLevel("errorResponseLogLevel", level);
        return this;
    }

    /**
     * The Reactor Netty event loops connections run on (as r2dbc-postgresql's {@code loopResources});
     * the caller owns them and disposes of them after the connections. Cancel requests still use the
     * shared loops.
     */
    public PgfastConnectionConfigurationBuilder loopResources(reactor.netty.resources.LoopResources loopResources) {
        if (loopResources == null) {
            throw new IllegalArgumentException("loopResources must not be null");
        }
        this.loopResources = loopResources;
        return this;
    }

    /**
     * Changes Netty's {@code SslContextBuilder} after the driver has applied the TLS options (trusted
     * roots, client key, protocols TLSv1.3/1.2), before it builds, as r2dbc-postgresql's option of
     * this name. Host name checking (sslMode=verify-full) stays the driver's.
     */
    public PgfastConnectionConfigurationBuilder sslContextBuilderCustomizer(
            java.util.function.Function<io.netty.handler.ssl.SslContextBuilder, io.netty.handler.ssl.SslContextBuilder> customizer) {
        if (customizer == null) {
            throw new IllegalArgumentException("sslContextBuilderCustomizer must not be null");
        }
        this.sslContextBuilderCustomizer = customizer;
        return this;
    }

    /**
     * With sslMode=verify-full, decides after the handshake whether the server certificate fits the
     * host, instead of the built-in check (DNS or IP subject alternative names), as r2dbc-postgresql's
     * option of this name. Other modes check no host name and ignore it.
     */
    public PgfastConnectionConfigurationBuilder sslHostnameVerifier(javax.net.ssl.HostnameVerifier verifier) {
        if (verifier == null) {
            throw new IllegalArgumentException("sslHostnameVerifier must not be null");
        }
        this.sslHostnameVerifier = verifier;
        return this;
    }

    private static LogLevel requireLevel(String name, LogLevel level) {
        if (level == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return level;
    }

    /**
     * @throws IllegalArgumentException if {@code username} is missing or options contradict each other
     */
    public PgfastConnectionConfiguration build() {
        if (username == null) {
            throw new IllegalArgumentException("username is required");
        }
        SslMode mode = sslMode;
        boolean systemRoots = PgfastConnectionConfiguration.SSL_ROOT_CERT_SYSTEM.equals(sslRootCert);
        if (mode == null) {
            mode = systemRoots ? SslMode.VERIFY_FULL : SslMode.PREFER;
        } else if (systemRoots && mode != SslMode.VERIFY_FULL) {
            throw new IllegalArgumentException("sslRootCert=system requires sslMode verify-full (got " + mode.libpqName()
                    + "): any certificate a public CA issued would pass a weaker check");
        }
        if (sslNegotiation == SslNegotiation.DIRECT && !mode.requiresTls()) {
            throw new IllegalArgumentException("sslNegotiation=direct requires sslMode require, verify-ca or verify-full (got "
                    + mode.libpqName() + "), so a server without direct TLS cannot cause a plaintext fallback");
        }
        if (channelBinding == ChannelBindingMode.REQUIRE && mode == SslMode.DISABLE) {
            throw new IllegalArgumentException("channelBinding=require needs TLS, but sslMode is disable");
        }
        if (minProtocolVersion.compareTo(maxProtocolVersion) > 0) {
            throw new IllegalArgumentException("minProtocolVersion " + minProtocolVersion + " is above maxProtocolVersion "
                    + maxProtocolVersion + "; set maxProtocolVersion=" + minProtocolVersion + " (or latest) too");
        }
        if ((sslCert == null) != (sslKey == null)) {
            throw new IllegalArgumentException("sslCert and sslKey must be given together (got only "
                    + (sslCert != null ? "sslCert" : "sslKey") + ")");
        }
        if (socket != null && hosts != null && hosts.size() > 1) {
            throw new IllegalArgumentException("socket and a list of " + hosts.size()
                    + " hosts cannot be combined: a Unix socket is one server; give the socket or the host list");
        }
        if (socket != null) {
            int bytes = Path.of(socket, PgfastConnectionConfiguration.socketFileName(port)).toString().getBytes(StandardCharsets.UTF_8).length;
            if (bytes > PgfastConnectionConfiguration.MAX_SOCKET_PATH_BYTES) {
                throw new IllegalArgumentException("socket path " + Path.of(socket, PgfastConnectionConfiguration.socketFileName(port)) + " is " + bytes
                        + " bytes; Unix-domain socket paths are limited to " + PgfastConnectionConfiguration.MAX_SOCKET_PATH_BYTES);
            }
        }
        return new PgfastConnectionConfiguration(this, mode);
    }
}
