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
import java.util.function.Function;
import java.util.function.Supplier;
import javax.net.ssl.HostnameVerifier;
import javax.security.auth.Subject;

import io.netty.handler.ssl.SslContextBuilder;
import io.pgfast.codec.Codec;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;

/**
 * Collects and checks options. Each setter rejects a bad value at once with an
 * {@link IllegalArgumentException} naming the option; {@link #build()} checks the combinations.
 *
 * <p>The plain setters, one per option of {@link PgOptions}, are generated from the declarations (at the end);
 * written here are the ones that take other types or do more than store a value.
 */
public final class PgfastConnectionConfigurationBuilder implements ConfigurationBuilder {

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
    @Override
    public <T> PgfastConnectionConfigurationBuilder set(PgOption<T> option, T value) {
        values.put(option.name(), option.check(value));
        return this;
    }

    /** The value set so far, or the option's default. */
    <T> T get(PgOption<T> option) {
        return option.valueIn(values);
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
            values.remove(PgOptions.HOST.name());
            return this;
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
        return set(PgOptions.HOST, values.containsKey(PgOptions.HOST.name()) ? get(PgOptions.HOST).plus(host.trim(), port)
                : HostList.of(host.trim(), port));
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

    /** As {@code sslRootCert(String)}, given as a path. */
    public PgfastConnectionConfigurationBuilder sslRootCert(Path sslRootCert) {
        return sslRootCert(sslRootCert == null ? null : sslRootCert.toString());
    }

    /** As {@code sslCert(Path)}, given as a String. */
    public PgfastConnectionConfigurationBuilder sslCert(String sslCert) {
        return sslCert(sslCert == null ? null : OptionChecks.path("sslCert", sslCert));
    }

    /** As {@code sslKey(Path)}, given as a String. */
    public PgfastConnectionConfigurationBuilder sslKey(String sslKey) {
        return sslKey(sslKey == null ? null : OptionChecks.path("sslKey", sslKey));
    }

    /** Password of an encrypted {@code sslKey}; null means the key is not encrypted. */
    public PgfastConnectionConfigurationBuilder sslPassword(CharSequence sslPassword) {
        return set(PgOptions.SSL_PASSWORD, sslPassword == null ? null : sslPassword.toString());
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

    // BEGIN GENERATED from the declarations of PgOptions by OptionSourcesTest: edit those, not these lines

    /**
     * The port of hosts given without one, and of the Unix socket file. The socket file is named
     * {@code .s.PGSQL.<port>}. Default: {@code 5432}.
     */
    public PgfastConnectionConfigurationBuilder port(int port) {
        return set(PgOptions.PORT, port);
    }

    /**
     * The directory holding the server's Unix-domain socket; when set, connect there instead of TCP. Such a connection
     * never uses TLS. Null clears it. Default: none.
     */
    public PgfastConnectionConfigurationBuilder socket(String socket) {
        return set(PgOptions.SOCKET, socket);
    }

    /**
     * Which role the server of a connection must have. As pgjdbc's, it picks the server of the host list by its role;
     * checked only when it is not {@code any} or there are several hosts. Also accepted: {@code secondary},
     * {@code preferSecondary}, and libpq's {@code read-write} (as {@code primary}), {@code read-only} (as
     * {@code standby}), {@code prefer-standby}. Default: {@code any}.
     */
    public PgfastConnectionConfigurationBuilder targetServerType(TargetServerType targetServerType) {
        return set(PgOptions.TARGET_SERVER_TYPE, targetServerType);
    }

    /**
     * Whether every connection attempt tries the hosts in a random order. Spreads connections over the hosts. libpq's
     * values {@code random} and {@code disable} are accepted too. Default: {@code false}.
     */
    public PgfastConnectionConfigurationBuilder loadBalanceHosts(boolean loadBalanceHosts) {
        return set(PgOptions.LOAD_BALANCE_HOSTS, loadBalanceHosts);
    }

    /**
     * How long, in seconds, what a connection attempt found about a host steers the next ones; 0 never. What an attempt
     * finds: the host is down, a primary or a standby. r2dbc-postgresql's {@code hostRecheckTime} (a duration, rounded
     * up to whole seconds) is accepted too. Default: {@code 10}.
     */
    public PgfastConnectionConfigurationBuilder hostRecheckSeconds(int hostRecheckSeconds) {
        return set(PgOptions.HOST_RECHECK_SECONDS, hostRecheckSeconds);
    }

    /** The database; when absent the server uses the user name. Default: the user name. */
    public PgfastConnectionConfigurationBuilder database(String database) {
        return set(PgOptions.DATABASE, database);
    }

    /** The role to connect as; required. Default: required. */
    public PgfastConnectionConfigurationBuilder username(String username) {
        return set(PgOptions.USER, username);
    }

    /**
     * The {@code application_name} the server shows in {@code pg_stat_activity}. Null restores the default. Default:
     * {@code r2dbc-pgfast}.
     */
    public PgfastConnectionConfigurationBuilder applicationName(String applicationName) {
        return set(PgOptions.APPLICATION_NAME, applicationName);
    }

    /**
     * Extra configuration parameters sent in the StartupMessage, in insertion order. The server applies each as
     * {@code SET} would. The String forms are under "Value formats" in OPTIONS.md; parameters with an option of their
     * own, or that the driver sets, are refused. Default: none.
     */
    public PgfastConnectionConfigurationBuilder options(Map<String, String> options) {
        return set(PgOptions.OPTIONS, options);
    }

    /**
     * The session time zone sent as the {@code TimeZone} startup parameter. Null means the JVM's default zone when the
     * configuration is built. Default: the JVM's default zone.
     */
    public PgfastConnectionConfigurationBuilder timeZone(ZoneId timeZone) {
        return set(PgOptions.TIME_ZONE, timeZone);
    }

    /**
     * Bound on the whole connection setup (TCP, TLS, authentication); zero means none. With several hosts, it bounds
     * each host's attempt. Default: {@code 10s}.
     */
    public PgfastConnectionConfigurationBuilder connectTimeout(Duration connectTimeout) {
        return set(PgOptions.CONNECT_TIMEOUT, connectTimeout);
    }

    /**
     * How long the driver waits for the server's next bytes while it expects an answer; zero means never. pgjdbc's
     * option: when the server sends no byte for this long, the connection is closed and everything pending on it fails
     * with {@code R2dbcTimeoutException} (SQLSTATE 08006), but a COMMIT or an auto-commit statement already sent, whose
     * outcome is unknown: {@code R2dbcNonTransientResourceException} (SQLSTATE 08007), the timeout as its cause;
     * {@code validate} is false afterwards. An idle connection (nothing asked, e.g. only listening for notifications)
     * never times out, nor does a slow consumer or a COPY FROM STDIN whose data is still being produced. A statement
     * that sends nothing for longer ({@code pg_sleep}, a long sort or lock wait) is killed too, as with pgjdbc: set it
     * above your longest statement, or use {@code statementTimeout} to bound statements. Default: {@code 0}.
     */
    public PgfastConnectionConfigurationBuilder socketTimeout(Duration socketTimeout) {
        return set(PgOptions.SOCKET_TIMEOUT, socketTimeout);
    }

    /**
     * {@code statement_timeout} for the session; absent leaves the server's setting, zero disables it. A statement
     * running longer fails with {@code R2dbcTimeoutException}. Millisecond precision. Default: server setting.
     */
    public PgfastConnectionConfigurationBuilder statementTimeout(Duration statementTimeout) {
        return set(PgOptions.STATEMENT_TIMEOUT, statementTimeout);
    }

    /**
     * {@code lock_timeout} for the session; absent leaves the server's setting, zero disables it. Millisecond
     * precision. Default: server setting.
     */
    public PgfastConnectionConfigurationBuilder lockWaitTimeout(Duration lockWaitTimeout) {
        return set(PgOptions.LOCK_WAIT_TIMEOUT, lockWaitTimeout);
    }

    /**
     * {@code SO_KEEPALIVE} on the socket: the kernel probes a silent connection and drops it when nobody answers. On by
     * default as in libpq, so an idle connection whose server vanished fails within about a minute. Off,
     * {@code tcpKeepAliveIdle}, {@code tcpKeepAliveInterval} and {@code tcpKeepAliveCount} are ignored. See "A dead
     * server within a minute" in OPTIONS.md. Default: {@code true}.
     */
    public PgfastConnectionConfigurationBuilder tcpKeepAlive(boolean tcpKeepAlive) {
        return set(PgOptions.TCP_KEEP_ALIVE, tcpKeepAlive);
    }

    /**
     * How long a connection is silent before the first keepalive probe. 1 s to 32767 s. A live server's kernel answers
     * the probes whatever the server is doing, so they never end a long statement. Default: {@code 30s}.
     */
    public PgfastConnectionConfigurationBuilder tcpKeepAliveIdle(Duration tcpKeepAliveIdle) {
        return set(PgOptions.TCP_KEEP_ALIVE_IDLE, tcpKeepAliveIdle);
    }

    /** How long between unanswered keepalive probes. 1 s to 32767 s. Default: {@code 10s}. */
    public PgfastConnectionConfigurationBuilder tcpKeepAliveInterval(Duration tcpKeepAliveInterval) {
        return set(PgOptions.TCP_KEEP_ALIVE_INTERVAL, tcpKeepAliveInterval);
    }

    /**
     * How many unanswered keepalive probes drop the connection. 1 to 127. With {@code tcpUserTimeout} set, Linux drops
     * it instead once probes have gone unanswered for that long since the last data received. Default: {@code 3}.
     */
    public PgfastConnectionConfigurationBuilder tcpKeepAliveCount(int tcpKeepAliveCount) {
        return set(PgOptions.TCP_KEEP_ALIVE_COUNT, tcpKeepAliveCount);
    }

    /**
     * How long sent data may stay unacknowledged before the kernel drops the connection; zero means the system's.
     * {@code TCP_USER_TIMEOUT}, so that a statement sent to a vanished server fails within it; the system's is about 15
     * minutes on Linux. A statement that runs long on a live server is not affected: its kernel acknowledges at once.
     * libpq's {@code tcp_user_timeout} counts milliseconds where a bare number here is seconds: write {@code 5000ms}.
     * Set on the native epoll transport; the JDK's NIO sockets have no such option, which is logged once. Default:
     * {@code 1m}.
     */
    public PgfastConnectionConfigurationBuilder tcpUserTimeout(Duration tcpUserTimeout) {
        return set(PgOptions.TCP_USER_TIMEOUT, tcpUserTimeout);
    }

    /** {@code TCP_NODELAY} on the socket. Default: {@code true}. */
    public PgfastConnectionConfigurationBuilder tcpNoDelay(boolean tcpNoDelay) {
        return set(PgOptions.TCP_NO_DELAY, tcpNoDelay);
    }

    /**
     * How much TLS protection to insist on, as libpq. Null restores the default. See "TLS modes" in OPTIONS.md.
     * Default: {@code prefer} ({@code verify-full} when {@code sslRootCert=system}).
     */
    public PgfastConnectionConfigurationBuilder sslMode(SslMode sslMode) {
        return set(PgOptions.SSL_MODE, sslMode);
    }

    /**
     * A PEM file of trusted roots, or {@code system}; absent means libpq's default file. {@code system} takes the JVM's
     * default trust store, which, as in libpq, makes {@code verify-full} the default and forbids weaker modes. Default:
     * {@code ~/.postgresql/root.crt}.
     */
    public PgfastConnectionConfigurationBuilder sslRootCert(String sslRootCert) {
        return set(PgOptions.SSL_ROOT_CERT, sslRootCert);
    }

    /**
     * The client certificate chain (PEM); present exactly when {@code sslKey} is. The certificate, then any
     * intermediates. Default: none.
     */
    public PgfastConnectionConfigurationBuilder sslCert(Path sslCert) {
        return set(PgOptions.SSL_CERT, sslCert);
    }

    /**
     * The client private key (PEM); present exactly when {@code sslCert} is. PKCS#8 ({@code BEGIN PRIVATE KEY}, or
     * {@code BEGIN ENCRYPTED PRIVATE KEY} with {@code sslPassword}), PKCS#1 ({@code BEGIN RSA PRIVATE KEY}) or SEC1
     * ({@code BEGIN EC PRIVATE KEY}). Default: none.
     */
    public PgfastConnectionConfigurationBuilder sslKey(Path sslKey) {
        return set(PgOptions.SSL_KEY, sslKey);
    }

    /**
     * Whether the TLS handshake names the host (Server Name Indication); never done for IP addresses. Default:
     * {@code true}.
     */
    public PgfastConnectionConfigurationBuilder sslSni(boolean sslSni) {
        return set(PgOptions.SSL_SNI, sslSni);
    }

    /**
     * How TLS starts: asked for ({@code postgres}), or at once ({@code direct}). {@code direct} starts TLS at once with
     * ALPN {@code postgresql} (PostgreSQL 17+, one round trip less); it needs {@code sslMode} {@code require} or
     * stronger. Default: {@code postgres}.
     */
    public PgfastConnectionConfigurationBuilder sslNegotiation(SslNegotiation sslNegotiation) {
        return set(PgOptions.SSL_NEGOTIATION, sslNegotiation);
    }

    /**
     * SCRAM-SHA-256-PLUS channel binding over TLS. {@code require} refuses any authentication without it. Default:
     * {@code prefer}.
     */
    public PgfastConnectionConfigurationBuilder channelBinding(ChannelBindingMode channelBinding) {
        return set(PgOptions.CHANNEL_BINDING, channelBinding);
    }

    /** When false, a server asking for a cleartext password is refused. Default: {@code true}. */
    public PgfastConnectionConfigurationBuilder allowCleartextPassword(boolean allowCleartextPassword) {
        return set(PgOptions.ALLOW_CLEARTEXT_PASSWORD, allowCleartextPassword);
    }

    /**
     * The oldest protocol version accepted: 3.0, 3.2 or latest. {@code 3.2} refuses servers before PostgreSQL 18
     * (08004). When {@code maxProtocolVersion} is not given it is raised to this. See "Protocol version" in
     * docs/connecting.md. Default: {@code 3.0}.
     */
    public PgfastConnectionConfigurationBuilder minProtocolVersion(ProtocolVersionLimit minProtocolVersion) {
        return set(PgOptions.MIN_PROTOCOL_VERSION, minProtocolVersion);
    }

    /**
     * The protocol version asked for: 3.0, 3.2 (PostgreSQL 18) or latest. As libpq's, the default is 3.0. With
     * {@code 3.2} a PostgreSQL 18 server hands out 32-byte cancel keys; older servers answer with 3.0.
     * {@code PgfastConnectionMetadata.protocolVersion()} says which is in use. Default: {@code 3.0}.
     */
    public PgfastConnectionConfigurationBuilder maxProtocolVersion(ProtocolVersionLimit maxProtocolVersion) {
        return set(PgOptions.MAX_PROTOCOL_VERSION, maxProtocolVersion);
    }

    /**
     * GSS transport encryption (Kerberos) before TLS. {@code prefer} uses it when there are Kerberos credentials and
     * the server takes it, else goes on with {@code sslMode}; {@code require} fails without it. libpq's default is
     * {@code prefer}; here it is off unless asked for, so a connection never pays for a Kerberos login it does not use.
     * Default: {@code disable}.
     */
    public PgfastConnectionConfigurationBuilder gssEncMode(GssEncMode gssEncMode) {
        return set(PgOptions.GSS_ENC_MODE, gssEncMode);
    }

    /**
     * The service name of the server's Kerberos principal {@code <name>/<host>}. The host is the host as the connection
     * names it. Default: {@code postgres}.
     */
    public PgfastConnectionConfigurationBuilder kerberosServerName(String kerberosServerName) {
        return set(PgOptions.KERBEROS_SERVER_NAME, kerberosServerName);
    }

    /**
     * The JAAS configuration entry of the Kerberos login. pgjdbc's default, so that its set-ups work unchanged; without
     * such an entry, the Kerberos ticket cache. Default: {@code pgjdbc}.
     */
    public PgfastConnectionConfigurationBuilder jaasApplicationName(String jaasApplicationName) {
        return set(PgOptions.JAAS_APPLICATION_NAME, jaasApplicationName);
    }

    /**
     * Whether GSSAPI credentials come from a JAAS login. {@code false} uses only {@code gssSubject} or JGSS's own
     * credentials. Default: {@code true}.
     */
    public PgfastConnectionConfigurationBuilder jaasLogin(boolean jaasLogin) {
        return set(PgOptions.JAAS_LOGIN, jaasLogin);
    }

    /**
     * Whether GSSAPI takes JGSS's default credentials instead of a JAAS login. The ticket cache, with
     * {@code -Djavax.security.auth.useSubjectCredsOnly=false}. Default: {@code false}.
     */
    public PgfastConnectionConfigurationBuilder gssUseDefaultCreds(boolean gssUseDefaultCreds) {
        return set(PgOptions.GSS_USE_DEFAULT_CREDS, gssUseDefaultCreds);
    }

    /**
     * Whether GSSAPI negotiates its mechanism with SPNEGO instead of asking for Kerberos 5. Default: {@code false}.
     */
    public PgfastConnectionConfigurationBuilder useSpnego(boolean useSpnego) {
        return set(PgOptions.USE_SPNEGO, useSpnego);
    }

    /**
     * Kerberos credentials the application holds, used before any login of the driver's. A
     * {@code javax.security.auth.Subject} with a ticket, from the application's own JAAS login. See "Kerberos (GSSAPI)"
     * in docs/connecting.md. Default: none.
     */
    public PgfastConnectionConfigurationBuilder gssSubject(Subject gssSubject) {
        return set(PgOptions.GSS_SUBJECT, gssSubject);
    }

    /**
     * Prepared statements kept per connection: 0 uses unnamed statements only, -1 means no limit. Default: {@code 256}.
     */
    public PgfastConnectionConfigurationBuilder preparedStatementCacheQueries(int preparedStatementCacheQueries) {
        return set(PgOptions.PREPARED_STATEMENT_CACHE_QUERIES, preparedStatementCacheQueries);
    }

    /** Rows per Execute of a portal; 0 fetches all rows at once. Each Execute is a round trip. Default: {@code 0}. */
    public PgfastConnectionConfigurationBuilder fetchSize(int fetchSize) {
        return set(PgOptions.FETCH_SIZE, fetchSize);
    }

    /**
     * Whether {@code Statement.add()} batches of a plain {@code INSERT … VALUES (…)} run as multi-row inserts. Such a
     * batch (no {@code RETURNING}, {@code ON CONFLICT} or other clause after the row) runs as inserts of up to 128
     * rows, as pgjdbc's {@code reWriteBatchedInserts}: several times faster. It then yields one Result per rewritten
     * statement, whose update count covers its rows, instead of one per binding. Default: {@code false}.
     */
    public PgfastConnectionConfigurationBuilder rewriteBatchedInserts(boolean rewriteBatchedInserts) {
        return set(PgOptions.REWRITE_BATCHED_INSERTS, rewriteBatchedInserts);
    }

    /** Statements written to one connection before their results arrive, at most. Default: {@code 256}. */
    public PgfastConnectionConfigurationBuilder pipelineLimit(int pipelineLimit) {
        return set(PgOptions.PIPELINE_LIMIT, pipelineLimit);
    }

    /**
     * The largest backend message accepted, in bytes, length word included. A larger one fails the connection instead
     * of exhausting memory. The default is 1 GiB + 1 MiB: a 1 GiB field value, PostgreSQL's limit, and the message
     * around it. Default: {@code 1074790400}.
     */
    public PgfastConnectionConfigurationBuilder maxMessageSize(int maxMessageSize) {
        return set(PgOptions.MAX_MESSAGE_SIZE, maxMessageSize);
    }

    /**
     * Bytes of one result's rows read ahead for a statement waiting behind it on the same connection. When a statement
     * is issued on a connection while an earlier result on it is still being read and nobody asks for that result's
     * rows (a query run from inside the rows of another), the rows are read ahead into memory so that the statement's
     * turn comes. Past this many bytes the waiting statement fails with {@code R2dbcNonTransientResourceException}
     * (SQLSTATE 53000); {@code 0} reads nothing ahead. The default is 16 MiB. See "A statement inside another's rows"
     * in OPTIONS.md. Default: {@code 16777216}.
     */
    public PgfastConnectionConfigurationBuilder readAheadLimit(int readAheadLimit) {
        return set(PgOptions.READ_AHEAD_LIMIT, readAheadLimit);
    }

    /**
     * Bytes of rows an early cancel discards before it sends a CancelRequest; 0 sends one at once. When the consumer of
     * a result stops early ({@code Mono.from}, {@code first()}, {@code next()}, {@code take(n)}) while rows still
     * arrive, the rest is discarded as it arrives, and a CancelRequest (a connection of its own to the server) stops
     * the statement only if it still runs after this many bytes of discarded rows. The default is 1 MiB. See "An early
     * cancel" in OPTIONS.md. Default: {@code 1048576}.
     */
    public PgfastConnectionConfigurationBuilder cancelDrainBytes(int cancelDrainBytes) {
        return set(PgOptions.CANCEL_DRAIN_BYTES, cancelDrainBytes);
    }

    /**
     * How long an early cancel waits for the statement to end before it sends a CancelRequest; 0 sends one at once. The
     * same as {@code cancelDrainBytes}, in time: a statement still running this long after its consumer stopped early
     * (after its answer began, when an earlier statement still ran) is stopped by a CancelRequest. See "An early
     * cancel" in OPTIONS.md. Default: {@code 100ms}.
     */
    public PgfastConnectionConfigurationBuilder cancelDrainTime(Duration cancelDrainTime) {
        return set(PgOptions.CANCEL_DRAIN_TIME, cancelDrainTime);
    }

    /** Whether codecs found through {@code ServiceLoader} are registered. Default: {@code true}. */
    public PgfastConnectionConfigurationBuilder autodetectExtensions(boolean autodetectExtensions) {
        return set(PgOptions.AUTODETECT_EXTENSIONS, autodetectExtensions);
    }

    /**
     * The Micrometer {@code ObservationRegistry} statements and connections are observed with. Statements are observed
     * as {@code r2dbc.query} and connection setup as {@code r2dbc.connection}, see "Observability" in
     * docs/connecting.md. Typed {@code Object} so that micrometer-observation stays an optional dependency: anything
     * but an {@code io.micrometer.observation.ObservationRegistry}, a String from a URL included, is refused with an
     * {@code IllegalArgumentException}. Default: none.
     */
    public PgfastConnectionConfigurationBuilder observationRegistry(Object observationRegistry) {
        return set(PgOptions.OBSERVATION_REGISTRY, observationRegistry);
    }

    /**
     * The level at which notices no Result delivers are logged. Those of a Result consumed with {@code map} or
     * {@code getRowsUpdated}, and those during startup, while idle or after the last result, to the logger
     * {@code io.pgfast.notice}. Default: {@code INFO}.
     */
    public PgfastConnectionConfigurationBuilder noticeLogLevel(LogLevel noticeLogLevel) {
        return set(PgOptions.NOTICE_LOG_LEVEL, noticeLogLevel);
    }

    /**
     * The level at which the server's error responses are logged. Each as it arrives, before it becomes an exception,
     * to the logger {@code io.pgfast.errorresponse}. Default: {@code DEBUG}.
     */
    public PgfastConnectionConfigurationBuilder errorResponseLogLevel(LogLevel errorResponseLogLevel) {
        return set(PgOptions.ERROR_RESPONSE_LOG_LEVEL, errorResponseLogLevel);
    }

    /**
     * The event loops connections run on; absent for Reactor Netty's shared ones. As r2dbc-postgresql's
     * {@code loopResources}: connections and their CancelRequests run on them; the caller owns them and disposes of
     * them after the connections. Default: none.
     */
    public PgfastConnectionConfigurationBuilder loopResources(LoopResources loopResources) {
        return set(PgOptions.LOOP_RESOURCES, loopResources);
    }

    /**
     * Applied to Netty's {@code SslContextBuilder} after the TLS options. As r2dbc-postgresql's option of this name: it
     * changes the builder after the driver has applied the TLS options (trusted roots, client key, protocols
     * TLSv1.3/1.2), before it builds. Host name checking ({@code sslMode=verify-full}) stays the driver's. Default:
     * none.
     */
    public PgfastConnectionConfigurationBuilder sslContextBuilderCustomizer(
            Function<SslContextBuilder, SslContextBuilder> sslContextBuilderCustomizer) {
        return set(PgOptions.SSL_CONTEXT_BUILDER_CUSTOMIZER, sslContextBuilderCustomizer);
    }

    /**
     * Replaces the built-in host name check of {@code sslMode=verify-full}. As r2dbc-postgresql's option of this name,
     * it decides after the handshake whether the server certificate fits the host, instead of the built-in check (DNS
     * or IP subject alternative names); other modes check no host name and ignore it. An object only: a class name in a
     * URL is refused, never loaded. Default: none.
     */
    public PgfastConnectionConfigurationBuilder sslHostnameVerifier(HostnameVerifier sslHostnameVerifier) {
        return set(PgOptions.SSL_HOSTNAME_VERIFIER, sslHostnameVerifier);
    }

    // END GENERATED
}
