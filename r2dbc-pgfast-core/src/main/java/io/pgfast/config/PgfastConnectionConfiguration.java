package io.pgfast.config;

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
    private static final Pattern PARAMETER_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*");
    /** sizeof(sockaddr_un.sun_path) on Linux is 108, including the terminating NUL. */
    private static final int MAX_SOCKET_PATH_BYTES = 107;
    /** statement_timeout and lock_timeout are int GUCs in milliseconds. */
    private static final long MAX_TIMEOUT_MILLIS = Integer.MAX_VALUE;

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
    private final int preparedStatementCacheQueries;
    private final int fetchSize;
    private final boolean rewriteBatchedInserts;
    private final int pipelineLimit;
    private final int maxMessageSize;
    private final boolean autodetectExtensions;
    private final java.util.List<io.pgfast.codec.Codec> codecs;
    private final Object observationRegistry;

    private PgfastConnectionConfiguration(Builder b, SslMode sslMode) {
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
        this.preparedStatementCacheQueries = b.preparedStatementCacheQueries;
        this.fetchSize = b.fetchSize;
        this.rewriteBatchedInserts = b.rewriteBatchedInserts;
        this.pipelineLimit = b.pipelineLimit;
        this.maxMessageSize = b.maxMessageSize;
        this.autodetectExtensions = b.autodetectExtensions;
        this.codecs = java.util.List.copyOf(b.codecs);
        this.observationRegistry = b.observationRegistry;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this configuration's values, to derive a changed copy. */
    public Builder mutate() {
        Builder b = new Builder();
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
        b.preparedStatementCacheQueries = preparedStatementCacheQueries;
        b.fetchSize = fetchSize;
        b.rewriteBatchedInserts = rewriteBatchedInserts;
        b.pipelineLimit = pipelineLimit;
        b.maxMessageSize = maxMessageSize;
        b.autodetectExtensions = autodetectExtensions;
        b.codecs.addAll(codecs);
        b.observationRegistry = observationRegistry;
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

    /** Whether codecs found through {@code ServiceLoader} are registered. */
    public boolean autodetectExtensions() {
        return autodetectExtensions;
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
                + ", allowCleartextPassword=" + allowCleartextPassword
                + ", preparedStatementCacheQueries=" + preparedStatementCacheQueries
                + ", fetchSize=" + fetchSize
                + ", rewriteBatchedInserts=" + rewriteBatchedInserts
                + ", pipelineLimit=" + pipelineLimit
                + ", maxMessageSize=" + maxMessageSize
                + ", autodetectExtensions=" + autodetectExtensions
                + '}';
    }

    private static String socketFileName(int port) {
        return ".s.PGSQL." + port;
    }

    /**
     * Collects and checks options. Each setter rejects a bad value at once with an
     * {@link IllegalArgumentException} naming the option; {@link #build()} checks the combinations.
     */
    public static final class Builder {

        /** Null: {@link #DEFAULT_HOST}. */
        private HostList hosts;
        private TargetServerType targetServerType = TargetServerType.ANY;
        private boolean loadBalanceHosts;
        private int hostRecheckSeconds = DEFAULT_HOST_RECHECK_SECONDS;
        private int port = DEFAULT_PORT;
        private String socket;
        private String database;
        private String username;
        private Mono<CharSequence> password = Mono.empty();
        private boolean hasPassword;
        private String applicationName = DEFAULT_APPLICATION_NAME;
        private final Map<String, String> options = new LinkedHashMap<>();
        private ZoneId timeZone;
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        private Duration socketTimeout = Duration.ZERO;
        private Duration statementTimeout;
        private Duration lockWaitTimeout;
        private boolean tcpKeepAlive;
        private boolean tcpNoDelay = true;
        /** Null until set: the default depends on sslRootCert (libpq makes "system" imply verify-full). */
        private SslMode sslMode;
        private String sslRootCert;
        private Path sslCert;
        private Path sslKey;
        private String sslPassword;
        private boolean sslSni = true;
        private SslNegotiation sslNegotiation = SslNegotiation.POSTGRES;
        private ChannelBindingMode channelBinding = ChannelBindingMode.PREFER;
        private boolean allowCleartextPassword = true;
        private int preparedStatementCacheQueries = DEFAULT_PREPARED_STATEMENT_CACHE_QUERIES;
        private int fetchSize;
        private boolean rewriteBatchedInserts;
        private int pipelineLimit = DEFAULT_PIPELINE_LIMIT;
        private int maxMessageSize = DEFAULT_MAX_MESSAGE_SIZE;
        private boolean autodetectExtensions = true;
        private final java.util.List<io.pgfast.codec.Codec> codecs = new java.util.ArrayList<>();
        private Object observationRegistry;

        private Builder() {
        }

        /**
         * Host name or IP address, or a comma-separated list of them, each optionally with a port:
         * {@code h1:5432,h2,[::1]:5433} (an IPv6 literal with a port needs its brackets); hosts
         * without a port take {@link #port(int)}. Replaces earlier hosts. A value starting with
         * {@code /} is a Unix-domain socket directory, as in libpq, and sets {@link #socket(String)}.
         */
        public Builder host(String host) {
            String h = requireText("host", host).trim();
            if (h.startsWith("/")) {
                this.socket = h;
                this.hosts = null;
                return this;
            }
            this.hosts = HostList.parse(h);
            return this;
        }

        /** Replaces the hosts by {@code hosts}, in this order (at least one). */
        public Builder hosts(List<HostSpec> hosts) {
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
        public Builder addHost(String host, int port) {
            requireText("host", host);
            this.hosts = this.hosts == null ? HostList.of(host.trim(), port) : this.hosts.plus(host.trim(), port);
            return this;
        }

        /** Which role the server must have; {@link TargetServerType#ANY} (the default) takes any. */
        public Builder targetServerType(TargetServerType targetServerType) {
            if (targetServerType == null) {
                throw new IllegalArgumentException("targetServerType must not be null");
            }
            this.targetServerType = targetServerType;
            return this;
        }

        /** Whether each connection attempt shuffles the hosts (spreading connections over them). */
        public Builder loadBalanceHosts(boolean loadBalanceHosts) {
            this.loadBalanceHosts = loadBalanceHosts;
            return this;
        }

        /** Seconds a host's status (down, primary, standby) steers the host order; 0 keeps none. */
        public Builder hostRecheckSeconds(int hostRecheckSeconds) {
            if (hostRecheckSeconds < 0) {
                throw new IllegalArgumentException("hostRecheckSeconds must not be negative, got " + hostRecheckSeconds);
            }
            this.hostRecheckSeconds = hostRecheckSeconds;
            return this;
        }

        public Builder port(int port) {
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("port must be between 1 and 65535, got " + port);
            }
            this.port = port;
            return this;
        }

        /** Directory of the server's Unix-domain socket (such as {@code /var/run/postgresql}); null clears it. */
        public Builder socket(String directory) {
            if (directory == null) {
                this.socket = null;
                return this;
            }
            String d = requireText("socket", directory).trim();
            requireNoNul("socket", d);
            this.socket = d;
            return this;
        }

        /** The database name; null means the server default (the user name). */
        public Builder database(String database) {
            if (database == null) {
                this.database = null;
                return this;
            }
            requireNoNul("database", requireText("database", database));
            this.database = database;
            return this;
        }

        /** The role to connect as (URL option {@code user}); required. */
        public Builder username(String username) {
            requireNoNul("username", requireText("username", username));
            this.username = username;
            return this;
        }

        /** A fixed password; null means none. */
        public Builder password(CharSequence password) {
            this.password = password == null ? Mono.empty() : Mono.just(password);
            this.hasPassword = password != null;
            return this;
        }

        /** A password looked up for every new connection (a supplier returning null means none). */
        public Builder password(Supplier<? extends CharSequence> password) {
            this.password = password == null ? Mono.empty() : Mono.fromSupplier(password);
            this.hasPassword = password != null;
            return this;
        }

        /**
         * A password resolved for every new connection by subscribing to the publisher and taking
         * its first element (for rotating credentials, such as a cloud IAM token).
         */
        public Builder password(Publisher<? extends CharSequence> password) {
            this.password = password == null ? Mono.empty() : Mono.from(password);
            this.hasPassword = password != null;
            return this;
        }

        /** The {@code application_name} the server shows in pg_stat_activity; null restores the default. */
        public Builder applicationName(String applicationName) {
            if (applicationName == null) {
                this.applicationName = DEFAULT_APPLICATION_NAME;
                return this;
            }
            requireNoNul("applicationName", applicationName);
            this.applicationName = applicationName;
            return this;
        }

        /** Replaces the extra startup parameters (see {@link #option(String, String)}). */
        public Builder options(Map<String, String> options) {
            if (options == null) {
                throw new IllegalArgumentException("options must not be null");
            }
            Map<String, String> checked = new LinkedHashMap<>();
            for (Map.Entry<String, String> e : options.entrySet()) {
                checkParameter(e.getKey(), e.getValue());
                checked.put(e.getKey(), e.getValue());
            }
            this.options.clear();
            this.options.putAll(checked);
            return this;
        }

        /**
         * Adds one configuration parameter sent in the StartupMessage, such as
         * {@code search_path=myschema}; the server applies it as {@code SET} would. Parameters with
         * their own option ({@link #RESERVED_PARAMETERS}) are refused.
         */
        public Builder option(String name, String value) {
            checkParameter(name, value);
            this.options.put(name, value);
            return this;
        }

        /** The session time zone; null means the JVM's default zone at {@link #build()} time. */
        public Builder timeZone(ZoneId timeZone) {
            this.timeZone = timeZone;
            return this;
        }

        /** Bound on TCP connect + TLS + authentication; {@link Duration#ZERO} waits forever. */
        public Builder connectTimeout(Duration connectTimeout) {
            if (connectTimeout == null) {
                throw new IllegalArgumentException("connectTimeout must not be null (use Duration.ZERO for no limit)");
            }
            this.connectTimeout = requireTimeout("connectTimeout", connectTimeout, Long.MAX_VALUE);
            return this;
        }

        /**
         * While the driver waits for an answer and the server sends nothing for this long, the connection
         * is closed and everything pending on it fails with {@code R2dbcTimeoutException} (SQLSTATE 08006);
         * an idle connection (nothing asked, e.g. only listening) never times out. A statement that runs
         * longer without sending rows (a {@code pg_sleep}, a large sort) is killed too, as with pgjdbc: set
         * it above your longest statement. {@link Duration#ZERO} (the default) turns it off.
         */
        public Builder socketTimeout(Duration socketTimeout) {
            if (socketTimeout == null) {
                throw new IllegalArgumentException("socketTimeout must not be null (use Duration.ZERO for no limit)");
            }
            this.socketTimeout = requireTimeout("socketTimeout", socketTimeout, Long.MAX_VALUE);
            return this;
        }

        /** Session {@code statement_timeout}; null keeps the server's, zero disables it. Millisecond precision. */
        public Builder statementTimeout(Duration statementTimeout) {
            this.statementTimeout = statementTimeout == null ? null
                    : requireTimeout("statementTimeout", statementTimeout, MAX_TIMEOUT_MILLIS);
            return this;
        }

        /** Session {@code lock_timeout}; null keeps the server's, zero disables it. Millisecond precision. */
        public Builder lockWaitTimeout(Duration lockWaitTimeout) {
            this.lockWaitTimeout = lockWaitTimeout == null ? null
                    : requireTimeout("lockWaitTimeout", lockWaitTimeout, MAX_TIMEOUT_MILLIS);
            return this;
        }

        public Builder tcpKeepAlive(boolean tcpKeepAlive) {
            this.tcpKeepAlive = tcpKeepAlive;
            return this;
        }

        public Builder tcpNoDelay(boolean tcpNoDelay) {
            this.tcpNoDelay = tcpNoDelay;
            return this;
        }

        /** Null restores the default: PREFER, or VERIFY_FULL when {@code sslRootCert} is {@code system}. */
        public Builder sslMode(SslMode sslMode) {
            this.sslMode = sslMode;
            return this;
        }

        /**
         * PEM file of trusted root certificates, or {@code system} for the JVM's default trust
         * store (which, as in libpq, makes VERIFY_FULL the default and forbids weaker modes). Null
         * means libpq's default {@code ~/.postgresql/root.crt}.
         */
        public Builder sslRootCert(String sslRootCert) {
            if (sslRootCert == null) {
                this.sslRootCert = null;
                return this;
            }
            requireNoNul("sslRootCert", requireText("sslRootCert", sslRootCert));
            this.sslRootCert = sslRootCert;
            return this;
        }

        public Builder sslRootCert(Path sslRootCert) {
            return sslRootCert(sslRootCert == null ? null : sslRootCert.toString());
        }

        /** PEM file with the client certificate (and any intermediates); needs {@link #sslKey(Path)}. */
        public Builder sslCert(Path sslCert) {
            this.sslCert = sslCert;
            return this;
        }

        public Builder sslCert(String sslCert) {
            return sslCert(sslCert == null ? null : path("sslCert", sslCert));
        }

        /** PEM file with the client private key; needs {@link #sslCert(Path)}. */
        public Builder sslKey(Path sslKey) {
            this.sslKey = sslKey;
            return this;
        }

        public Builder sslKey(String sslKey) {
            return sslKey(sslKey == null ? null : path("sslKey", sslKey));
        }

        /** Password of an encrypted {@code sslKey}; null means the key is not encrypted. */
        public Builder sslPassword(CharSequence sslPassword) {
            this.sslPassword = sslPassword == null ? null : sslPassword.toString();
            return this;
        }

        public Builder sslSni(boolean sslSni) {
            this.sslSni = sslSni;
            return this;
        }

        public Builder sslNegotiation(SslNegotiation sslNegotiation) {
            if (sslNegotiation == null) {
                throw new IllegalArgumentException("sslNegotiation must not be null");
            }
            this.sslNegotiation = sslNegotiation;
            return this;
        }

        public Builder channelBinding(ChannelBindingMode channelBinding) {
            if (channelBinding == null) {
                throw new IllegalArgumentException("channelBinding must not be null");
            }
            this.channelBinding = channelBinding;
            return this;
        }

        public Builder allowCleartextPassword(boolean allowCleartextPassword) {
            this.allowCleartextPassword = allowCleartextPassword;
            return this;
        }

        /** Prepared statements cached per connection: 0 = unnamed statements only, -1 = unbounded. */
        public Builder preparedStatementCacheQueries(int preparedStatementCacheQueries) {
            if (preparedStatementCacheQueries < -1) {
                throw new IllegalArgumentException("preparedStatementCacheQueries must be -1 (unbounded), 0 (off) or positive, got "
                        + preparedStatementCacheQueries);
            }
            this.preparedStatementCacheQueries = preparedStatementCacheQueries;
            return this;
        }

        /** Rows fetched per round trip; 0 fetches all rows at once. */
        public Builder fetchSize(int fetchSize) {
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
        public Builder rewriteBatchedInserts(boolean rewriteBatchedInserts) {
            this.rewriteBatchedInserts = rewriteBatchedInserts;
            return this;
        }

        /** Statements in flight per connection, at least 1. */
        public Builder pipelineLimit(int pipelineLimit) {
            if (pipelineLimit < 1) {
                throw new IllegalArgumentException("pipelineLimit must be at least 1, got " + pipelineLimit);
            }
            this.pipelineLimit = pipelineLimit;
            return this;
        }

        /** Largest backend message accepted, in bytes; must be positive. */
        public Builder maxMessageSize(int maxMessageSize) {
            if (maxMessageSize < 1) {
                throw new IllegalArgumentException("maxMessageSize must be positive, got " + maxMessageSize);
            }
            this.maxMessageSize = maxMessageSize;
            return this;
        }

        /**
         * Registers codecs for your own types (or to replace a built-in mapping), e.g. a Java enum for a
         * PostgreSQL enum or a JSON library's type. Code-only: not a URL option.
         */
        public Builder codecs(io.pgfast.codec.Codec... codecs) {
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
        public Builder observationRegistry(Object registry) {
            this.observationRegistry = io.pgfast.observation.Observability.requireRegistry(registry);
            return this;
        }

        public Builder autodetectExtensions(boolean autodetectExtensions) {
            this.autodetectExtensions = autodetectExtensions;
            return this;
        }

        /**
         * @throws IllegalArgumentException if {@code username} is missing or options contradict each other
         */
        public PgfastConnectionConfiguration build() {
            if (username == null) {
                throw new IllegalArgumentException("username is required");
            }
            SslMode mode = sslMode;
            boolean systemRoots = SSL_ROOT_CERT_SYSTEM.equals(sslRootCert);
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
            if ((sslCert == null) != (sslKey == null)) {
                throw new IllegalArgumentException("sslCert and sslKey must be given together (got only "
                        + (sslCert != null ? "sslCert" : "sslKey") + ")");
            }
            if (socket != null && hosts != null && hosts.size() > 1) {
                throw new IllegalArgumentException("socket and a list of " + hosts.size()
                        + " hosts cannot be combined: a Unix socket is one server; give the socket or the host list");
            }
            if (socket != null) {
                int bytes = Path.of(socket, socketFileName(port)).toString().getBytes(StandardCharsets.UTF_8).length;
                if (bytes > MAX_SOCKET_PATH_BYTES) {
                    throw new IllegalArgumentException("socket path " + Path.of(socket, socketFileName(port)) + " is " + bytes
                            + " bytes; Unix-domain socket paths are limited to " + MAX_SOCKET_PATH_BYTES);
                }
            }
            return new PgfastConnectionConfiguration(this, mode);
        }

        private static void checkParameter(String name, String value) {
            if (name == null || !PARAMETER_NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("options: '" + name + "' is not a configuration parameter name");
            }
            if (name.startsWith("_pq_.")) {
                throw new IllegalArgumentException("options: " + name + " is a protocol option, not a configuration parameter");
            }
            if (RESERVED_PARAMETERS.contains(name.toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException("options: " + name + " cannot be set through options; "
                        + reservedHint(name.toLowerCase(Locale.ROOT)));
            }
            if (value == null) {
                throw new IllegalArgumentException("options: the value of " + name + " must not be null");
            }
            requireNoNul("options." + name, value);
        }

        private static String reservedHint(String name) {
            switch (name) {
                case "user": return "use the username option";
                case "database": return "use the database option";
                case "application_name": return "use the applicationName option";
                case "timezone": return "use the timeZone option";
                case "statement_timeout": return "use the statementTimeout option";
                case "lock_timeout": return "use the lockWaitTimeout option";
                default: return "the driver sets it";
            }
        }

        private static Duration requireTimeout(String name, Duration d, long maxMillis) {
            if (d.isNegative()) {
                throw new IllegalArgumentException(name + " must not be negative, got " + d);
            }
            if (!d.isZero() && d.compareTo(Duration.ofMillis(1)) < 0) {
                throw new IllegalArgumentException(name + " must be zero or at least 1 ms, got " + d);
            }
            if (maxMillis != Long.MAX_VALUE && d.compareTo(Duration.ofMillis(maxMillis)) > 0) {
                throw new IllegalArgumentException(name + " must be at most " + Duration.ofMillis(maxMillis) + ", got " + d);
            }
            return d;
        }

        private static String requireText(String name, String value) {
            if (value == null || value.trim().isEmpty()) {
                throw new IllegalArgumentException(name + " must not be empty");
            }
            return value;
        }

        private static String requireNoNul(String name, String value) {
            if (value.indexOf('\0') >= 0) {
                throw new IllegalArgumentException(name + " must not contain a NUL character");
            }
            return value;
        }

        private static Path path(String name, String value) {
            requireNoNul(name, requireText(name, value));
            try {
                return Path.of(value);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(name + " is not a valid path: " + value, e);
            }
        }
    }
}
