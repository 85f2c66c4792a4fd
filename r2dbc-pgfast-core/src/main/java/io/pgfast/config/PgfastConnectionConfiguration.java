package io.pgfast.config;

import io.netty.handler.ssl.SslContextBuilder;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import org.reactivestreams.Publisher;
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

    private final String host;
    /** As given, ports not yet filled in (for {@link #mutate()}); null means the default host. */
    private final HostList hostList;
    private final List<HostSpec> hosts;
    private final TargetServerType targetServerType;
    private final boolean loadBalanceHosts;
    private final int hostRecheckSeconds;
    private final int port;
    private final String socket;
    private final String database;
    private final String username;
    private final Mono<CharSequence> password;
    private final boolean hasPassword;
    private final String applicationName;
    private final Map<String, String> options;
    private final ZoneId timeZone;
    private final Duration connectTimeout;
    private final Duration socketTimeout;
    private final Duration statementTimeout;
    private final Duration lockWaitTimeout;
    private final boolean tcpKeepAlive;
    private final boolean tcpNoDelay;
    private final SslMode sslMode;
    private final String sslRootCert;
    private final Path sslCert;
    private final Path sslKey;
    private final String sslPassword;
    private final boolean sslSni;
    private final SslNegotiation sslNegotiation;
    private final ChannelBindingMode channelBinding;
    private final boolean allowCleartextPassword;
    private final ProtocolVersionLimit minProtocolVersion;
    private final ProtocolVersionLimit maxProtocolVersion;
    private final GssSettings gss;
    private final int preparedStatementCacheQueries;
    private final int fetchSize;
    private final boolean rewriteBatchedInserts;
    private final int pipelineLimit;
    private final int maxMessageSize;
    private final int readAheadLimit;
    private final boolean autodetectExtensions;
    private final java.util.List<io.pgfast.codec.Codec> codecs;
    private final Object observationRegistry;
    private final LogLevel noticeLogLevel;
    private final LogLevel errorResponseLogLevel;
    private final reactor.netty.resources.LoopResources loopResources;
    private final Function<SslContextBuilder, SslContextBuilder> sslContextBuilderCustomizer;
    private final javax.net.ssl.HostnameVerifier sslHostnameVerifier;

    PgfastConnectionConfiguration(PgfastConnectionConfigurationBuilder b, SslMode sslMode) {
        this.hostList = b.hosts;
        this.hosts = b.hosts != null ? b.hosts.resolve(b.port) : List.of(new HostSpec(DEFAULT_HOST, b.port));
        this.host = hosts.get(0).host();
        this.targetServerType = b.targetServerType;
        this.loadBalanceHosts = b.loadBalanceHosts;
        this.hostRecheckSeconds = b.hostRecheckSeconds;
        this.port = b.port;
        this.socket = b.socket;
        this.database = b.database;
        this.username = b.username;
        this.password = b.password;
        this.hasPassword = b.hasPassword;
        this.applicationName = b.applicationName;
        this.options = Collections.unmodifiableMap(new LinkedHashMap<>(b.options));
        this.timeZone = b.timeZone != null ? b.timeZone : ZoneId.systemDefault();
        this.connectTimeout = b.connectTimeout;
        this.socketTimeout = b.socketTimeout;
        this.statementTimeout = b.statementTimeout;
        this.lockWaitTimeout = b.lockWaitTimeout;
        this.tcpKeepAlive = b.tcpKeepAlive;
        this.tcpNoDelay = b.tcpNoDelay;
        this.sslMode = sslMode;
        this.sslRootCert = b.sslRootCert;
        this.sslCert = b.sslCert;
        this.sslKey = b.sslKey;
        this.sslPassword = b.sslPassword;
        this.sslSni = b.sslSni;
        this.sslNegotiation = b.sslNegotiation;
        this.channelBinding = b.channelBinding;
        this.allowCleartextPassword = b.allowCleartextPassword;
        this.minProtocolVersion = b.minProtocolVersion;
        this.maxProtocolVersion = b.maxProtocolVersion;
        this.gss = b.gss;
        this.preparedStatementCacheQueries = b.preparedStatementCacheQueries;
        this.fetchSize = b.fetchSize;
        this.rewriteBatchedInserts = b.rewriteBatchedInserts;
        this.pipelineLimit = b.pipelineLimit;
        this.maxMessageSize = b.maxMessageSize;
        this.readAheadLimit = b.readAheadLimit;
        this.autodetectExtensions = b.autodetectExtensions;
        this.codecs = java.util.List.copyOf(b.codecs);
        this.observationRegistry = b.observationRegistry;
        this.noticeLogLevel = b.noticeLogLevel;
        this.errorResponseLogLevel = b.errorResponseLogLevel;
        this.loopResources = b.loopResources;
        this.sslContextBuilderCustomizer = b.sslContextBuilderCustomizer;
        this.sslHostnameVerifier = b.sslHostnameVerifier;
    }

    public static PgfastConnectionConfigurationBuilder builder() {
        return new PgfastConnectionConfigurationBuilder();
    }

    /** A builder holding this configuration's values, to derive a changed copy. */
    public PgfastConnectionConfigurationBuilder mutate() {
        PgfastConnectionConfigurationBuilder b = new PgfastConnectionConfigurationBuilder();
        b.hosts = hostList;
        b.targetServerType = targetServerType;
        b.loadBalanceHosts = loadBalanceHosts;
        b.hostRecheckSeconds = hostRecheckSeconds;
        b.port = port;
        b.socket = socket;
        b.database = database;
        b.username = username;
        b.password = password;
        b.hasPassword = hasPassword;
        b.applicationName = applicationName;
        b.options.putAll(options);
        b.timeZone = timeZone;
        b.connectTimeout = connectTimeout;
        b.socketTimeout = socketTimeout;
        b.statementTimeout = statementTimeout;
        b.lockWaitTimeout = lockWaitTimeout;
        b.tcpKeepAlive = tcpKeepAlive;
        b.tcpNoDelay = tcpNoDelay;
        b.sslMode = sslMode;
        b.sslRootCert = sslRootCert;
        b.sslCert = sslCert;
        b.sslKey = sslKey;
        b.sslPassword = sslPassword;
        b.sslSni = sslSni;
        b.sslNegotiation = sslNegotiation;
        b.channelBinding = channelBinding;
        b.allowCleartextPassword = allowCleartextPassword;
        b.minProtocolVersion = minProtocolVersion;
        b.maxProtocolVersion = maxProtocolVersion;
        b.gss = gss;
        b.preparedStatementCacheQueries = preparedStatementCacheQueries;
        b.fetchSize = fetchSize;
        b.rewriteBatchedInserts = rewriteBatchedInserts;
        b.pipelineLimit = pipelineLimit;
        b.maxMessageSize = maxMessageSize;
        b.readAheadLimit = readAheadLimit;
        b.autodetectExtensions = autodetectExtensions;
        b.codecs.addAll(codecs);
        b.observationRegistry = observationRegistry;
        b.noticeLogLevel = noticeLogLevel;
        b.errorResponseLogLevel = errorResponseLogLevel;
        b.loopResources = loopResources;
        b.sslContextBuilderCustomizer = sslContextBuilderCustomizer;
        b.sslHostnameVerifier = sslHostnameVerifier;
        return b;
    }

    /**
     * The TCP host name or IP address (brackets of an IPv6 literal removed), the first of
     * {@link #hosts()}. Unused when {@link #socket()} is set.
     */
    public String host() {
        return host;
    }

    /** Every host to try, in the configured order, each with its port; at least one; unmodifiable. */
    public List<HostSpec> hosts() {
        return hosts;
    }

    /** Which role the server of a connection must have (checked only when it is not ANY or there are several hosts). */
    public TargetServerType targetServerType() {
        return targetServerType;
    }

    /** Whether every connection attempt tries the hosts in a random order. */
    public boolean loadBalanceHosts() {
        return loadBalanceHosts;
    }

    /** How long, in seconds, what a connection attempt found about a host steers the next ones; 0 never. */
    public int hostRecheckSeconds() {
        return hostRecheckSeconds;
    }

    /** The port of hosts given without one, and of the Unix socket file. */
    public int port() {
        return port;
    }

    /** The directory holding the server's Unix-domain socket; when present, connect there instead of TCP. */
    public Optional<String> socket() {
        return Optional.ofNullable(socket);
    }

    /** The socket file itself, {@code <socket>/.s.PGSQL.<port>}, as the server names it. */
    public Optional<Path> socketFile() {
        return socket().map(dir -> Path.of(dir, socketFileName(port)));
    }

    /** The database; when empty the server uses the user name. */
    public Optional<String> database() {
        return Optional.ofNullable(database);
    }

    public String username() {
        return username;
    }

    /**
     * The password, resolved anew on every subscription (so a {@code Supplier} or {@code Publisher}
     * given to the builder can rotate credentials); empty when none was configured.
     */
    public Mono<CharSequence> password() {
        return password;
    }

    public String applicationName() {
        return applicationName;
    }

    /** Extra configuration parameters sent in the StartupMessage, in insertion order, unmodifiable. */
    public Map<String, String> options() {
        return options;
    }

    /** The session time zone sent as the {@code TimeZone} startup parameter. */
    public ZoneId timeZone() {
        return timeZone;
    }

    /** Bound on the whole connection setup (TCP, TLS, authentication); {@link Duration#ZERO} means none. */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /**
     * How long the driver waits for the server's next bytes while it expects an answer before it fails the
     * connection (pgjdbc's {@code socketTimeout}); {@link Duration#ZERO} means never.
     */
    public Duration socketTimeout() {
        return socketTimeout;
    }

    /** {@code statement_timeout} for the session; empty leaves the server's setting, zero disables it. */
    public Optional<Duration> statementTimeout() {
        return Optional.ofNullable(statementTimeout);
    }

    /** {@code lock_timeout} for the session; empty leaves the server's setting, zero disables it. */
    public Optional<Duration> lockWaitTimeout() {
        return Optional.ofNullable(lockWaitTimeout);
    }

    public boolean tcpKeepAlive() {
        return tcpKeepAlive;
    }

    public boolean tcpNoDelay() {
        return tcpNoDelay;
    }

    public SslMode sslMode() {
        return sslMode;
    }

    /** A PEM file of trusted roots, or {@link #SSL_ROOT_CERT_SYSTEM}; empty means libpq's default file. */
    public Optional<String> sslRootCert() {
        return Optional.ofNullable(sslRootCert);
    }

    /** The client certificate chain (PEM); present exactly when {@link #sslKey()} is. */
    public Optional<Path> sslCert() {
        return Optional.ofNullable(sslCert);
    }

    /** The client private key (PEM, PKCS#8 or PKCS#1/SEC1; encrypted PKCS#8 needs {@link #sslPassword()}). */
    public Optional<Path> sslKey() {
        return Optional.ofNullable(sslKey);
    }

    /** The password of an encrypted {@link #sslKey()}. */
    public Optional<String> sslPassword() {
        return Optional.ofNullable(sslPassword);
    }

    /** Whether the TLS handshake names the host (SNI); never done for IP addresses. */
    public boolean sslSni() {
        return sslSni;
    }

    public SslNegotiation sslNegotiation() {
        return sslNegotiation;
    }

    /** The oldest protocol version the connection accepts ({@code minProtocolVersion}). */
    public ProtocolVersionLimit minProtocolVersion() {
        return minProtocolVersion;
    }

    /** The protocol version the connection asks for ({@code maxProtocolVersion}). */
    public ProtocolVersionLimit maxProtocolVersion() {
        return maxProtocolVersion;
    }

    /** GSSAPI (Kerberos) sign-on and GSS encryption. */
    public GssSettings gss() {
        return gss;
    }

    public ChannelBindingMode channelBinding() {
        return channelBinding;
    }

    /** When false, a server asking for a cleartext password (AuthenticationCleartextPassword) is refused. */
    public boolean allowCleartextPassword() {
        return allowCleartextPassword;
    }

    /** Prepared statements kept per connection: 0 uses unnamed statements only, -1 means no limit. */
    public int preparedStatementCacheQueries() {
        return preparedStatementCacheQueries;
    }

    /** Rows per Execute of a portal; 0 fetches all rows at once. */
    public int fetchSize() {
        return fetchSize;
    }

    /** Whether {@code Statement.add()} batches of a plain {@code INSERT … VALUES (…)} run as multi-row inserts. */
    public boolean rewriteBatchedInserts() {
        return rewriteBatchedInserts;
    }

    /** Statements written to one connection before their results arrive, at most. */
    public int pipelineLimit() {
        return pipelineLimit;
    }

    /** The largest backend message accepted, in bytes, length word included; a larger one fails the connection. */
    public int maxMessageSize() {
        return maxMessageSize;
    }

    /**
     * Bytes of one result's rows the driver may read ahead into memory when a statement waits behind that
     * result on the same connection and nobody asks for its rows; past it the waiting statement fails.
     */
    public int readAheadLimit() {
        return readAheadLimit;
    }

    /** Whether codecs found through {@code ServiceLoader} are registered. */
    public boolean autodetectExtensions() {
        return autodetectExtensions;
    }

    /** The {@code search_path} sent at startup ({@code schema} option), if any. */
    public Optional<String> schema() {
        return Optional.ofNullable(options.get(PgfastConnectionConfigurationBuilder.SEARCH_PATH));
    }

    /** The level at which notices no Result delivers are logged (logger {@code io.pgfast.notice}). */
    public LogLevel noticeLogLevel() {
        return noticeLogLevel;
    }

    /** The level at which the server's error responses are logged (logger {@code io.pgfast.errorresponse}). */
    public LogLevel errorResponseLogLevel() {
        return errorResponseLogLevel;
    }

    /** Applied to Netty's SslContextBuilder after the TLS options; empty for none. */
    public Optional<Function<SslContextBuilder, SslContextBuilder>> sslContextBuilderCustomizer() {
        return Optional.ofNullable(sslContextBuilderCustomizer);
    }

    /** Replaces the built-in host name check of sslMode=verify-full; empty for the built-in one. */
    public Optional<javax.net.ssl.HostnameVerifier> sslHostnameVerifier() {
        return Optional.ofNullable(sslHostnameVerifier);
    }

    /** The event loops connections run on; empty for Reactor Netty's shared ones. */
    public Optional<reactor.netty.resources.LoopResources> loopResources() {
        return Optional.ofNullable(loopResources);
    }

    /** Codecs registered in code, on top of the built-ins (and of ServiceLoader ones); they win over both. */
    public java.util.List<io.pgfast.codec.Codec> codecs() {
        return codecs;
    }

    /**
     * The Micrometer {@code ObservationRegistry} statements and connections are observed with; typed
     * {@code Object} so that micrometer-observation stays optional. Empty: nothing is observed.
     */
    public Optional<Object> observationRegistry() {
        return Optional.ofNullable(observationRegistry);
    }

    @Override
    public String toString() {
        return "PgfastConnectionConfiguration{"
                + "host=" + (hosts.size() == 1 ? host : hosts.toString())
                + ", port=" + port
                + ", targetServerType=" + targetServerType.optionName()
                + ", loadBalanceHosts=" + loadBalanceHosts
                + ", hostRecheckSeconds=" + hostRecheckSeconds
                + ", socket=" + socket
                + ", database=" + database
                + ", username=" + username
                + ", password=" + (hasPassword ? "<hidden>" : "<none>")
                + ", applicationName=" + applicationName
                + ", options=" + options
                + ", timeZone=" + timeZone
                + ", connectTimeout=" + connectTimeout
                + ", socketTimeout=" + socketTimeout
                + ", statementTimeout=" + statementTimeout
                + ", lockWaitTimeout=" + lockWaitTimeout
                + ", tcpKeepAlive=" + tcpKeepAlive
                + ", tcpNoDelay=" + tcpNoDelay
                + ", sslMode=" + sslMode
                + ", sslRootCert=" + sslRootCert
                + ", sslCert=" + sslCert
                + ", sslKey=" + sslKey
                + ", sslPassword=" + (sslPassword != null ? "<hidden>" : "<none>")
                + ", sslSni=" + sslSni
                + ", sslNegotiation=" + sslNegotiation
                + ", channelBinding=" + channelBinding
                + ", protocolVersion=" + minProtocolVersion + ".." + maxProtocolVersion
                + ", gss=" + gss
                + ", allowCleartextPassword=" + allowCleartextPassword
                + ", preparedStatementCacheQueries=" + preparedStatementCacheQueries
                + ", fetchSize=" + fetchSize
                + ", rewriteBatchedInserts=" + rewriteBatchedInserts
                + ", pipelineLimit=" + pipelineLimit
                + ", maxMessageSize=" + maxMessageSize
                + ", readAheadLimit=" + readAheadLimit
                + ", autodetectExtensions=" + autodetectExtensions
                + ", noticeLogLevel=" + noticeLogLevel
                + ", errorResponseLogLevel=" + errorResponseLogLevel
                + '}';
    }

    static String socketFileName(int port) {
        return ".s.PGSQL." + port;
    }
}
