package io.pgfast.connect;

import io.pgfast.error.SqlState;
import io.pgfast.config.HostSpec;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.SslMode;
import io.pgfast.config.TargetServerType;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.handler.ssl.SslHandler;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.flow.StartupFlow;
import io.pgfast.flow.StartupParameters;
import io.pgfast.gss.GssClient;
import io.pgfast.gss.GssTarget;
import io.pgfast.config.GssEncMode;
import io.pgfast.transport.GssEncryptionException;
import io.pgfast.protocol.ProtocolVersion;
import io.pgfast.transport.Connector;
import io.pgfast.transport.TlsPolicy;
import io.pgfast.transport.Transport;
import io.pgfast.transport.ChannelToOpen;
import io.pgfast.transport.TransportSettings;
import io.pgfast.transport.tls.ClientTls;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcTimeoutException;
import reactor.core.publisher.Mono;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import reactor.core.scheduler.Schedulers;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import java.net.SocketAddress;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Turns a configuration into an open, authenticated {@link Session}: TCP or Unix socket, TLS as
 * {@code sslMode} asks (with libpq's {@code allow} retry), the startup message, authentication.
 * {@code connectTimeout} bounds all of it, as libpq's {@code connect_timeout} does; with several hosts
 * (or a {@code targetServerType}) {@link MultiHostConnector} picks the host, the timeout applying to each.
 */
public final class ConnectionBootstrap {

    private final PgfastConnectionConfiguration configuration;
    private final CodecRegistry codecs;
    /** Null for a single host with targetServerType=any: then nothing differs from a plain connect. */
    private final MultiHostConnector multiHost;
    /** A replication connection ({@code replication=database}): see {@link #forReplication}. */
    private final boolean replication;
    private volatile ClientTls tls;
    /** The options the transport uses, derived once. */
    private final TransportSettings transportSettings;
    /** The factory's codecs, extended by discovery on the first connection and by later lookups. */
    private final RuntimeTypes types;
    private volatile boolean discovered;

    public ConnectionBootstrap(PgfastConnectionConfiguration configuration, CodecRegistry codecs) {
        this(configuration, codecs, true);
    }

    /** @param roleFromParameterStatus false asks every server {@code SHOW transaction_read_only} (as before PostgreSQL 14) */
    public ConnectionBootstrap(PgfastConnectionConfiguration configuration, CodecRegistry codecs, boolean roleFromParameterStatus) {
        this(configuration, codecs, roleFromParameterStatus, System::nanoTime);
    }

    /** @param nanoClock the monotonic clock that ages what the host-status cache found ({@code hostRecheckSeconds}) */
    public ConnectionBootstrap(PgfastConnectionConfiguration configuration, CodecRegistry codecs, boolean roleFromParameterStatus,
                        LongSupplier nanoClock) {
        this(configuration, codecs, roleFromParameterStatus, nanoClock, false);
    }

    /**
     * @param replication true for a logical replication connection: {@code replication=database} in the
     *                    startup message, and no type lookup (see {@link #forReplication})
     */
    private ConnectionBootstrap(PgfastConnectionConfiguration configuration, CodecRegistry codecs, boolean roleFromParameterStatus,
                                LongSupplier nanoClock, boolean replication) {
        this.configuration = configuration;
        this.replication = replication;
        this.codecs = codecs;
        this.types = new RuntimeTypes(codecs);
        this.transportSettings = TransportSettingsMapping.of(configuration, replication);
        List<HostSpec> hosts = configuration.hosts();
        this.multiHost = hosts.size() == 1 && configuration.targetServerType() == TargetServerType.ANY ? null
                : new MultiHostConnector(hosts, configuration.targetServerType(),
                        new HostStatusCache(Duration.ofSeconds(configuration.hostRecheckSeconds()), nanoClock),
                        configuration.loadBalanceHosts() ? new Random() : null, roleFromParameterStatus, this::endpoint);
    }

    /**
     * Opens logical replication connections (protocol 55.4) for {@code io.pgfast.replication}: the same host
     * choice, TLS, authentication and {@code connectTimeout}, with {@code replication=database} in the
     * startup message and no type lookup (a walsender runs replication commands and simple queries only;
     * the session's codecs are {@code codecs}). The startup parameter is set here only: {@code options}
     * still refuses it, so a configuration cannot turn an ordinary connection into a walsender.
     */
    public static ConnectionBootstrap forReplication(PgfastConnectionConfiguration configuration, CodecRegistry codecs) {
        return new ConnectionBootstrap(configuration, codecs, true, System::nanoTime, true);
    }

    /** The TLS setup, built on first use (a bad certificate file fails that connection attempt, not the factory). */
    private ClientTls tls() {
        ClientTls t = tls;
        if (t == null) {
            t = ClientTls.create(TlsSettingsMapping.of(configuration));
            tls = t;
        }
        return t;
    }

    public Mono<Session> connect() {
        if (multiHost == null) {
            return connect(configuration.hosts().get(0), null);
        }
        return multiHost.connect(this::connect);
    }

    /**
     * One host; {@code connectTimeout} bounds it all. {@code check} (may be null) runs once the
     * server is ready, before the type lookup; its error closes the connection.
     */
    private Mono<Session> connect(HostSpec host, Function<Transport, Mono<Void>> check) {
        Mono<Session> attempt = Mono.defer(() -> attempt(host, check));
        if (configuration.connectTimeout().isZero()) {
            return attempt;
        }
        return attempt.timeout(configuration.connectTimeout())
                .onErrorMap(TimeoutException.class, e -> new R2dbcTimeoutException("connection to " + endpoint(host)
                        + " not established within connectTimeout " + configuration.connectTimeout(), SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION, e));
    }

    private Mono<Session> attempt(HostSpec host, Function<Transport, Mono<Void>> check) {
        Mono<Session> attempt;
        SslMode mode = configuration.sslMode();
        if (mode == SslMode.ALLOW) {
            // libpq: plaintext first; TLS only when the server refuses the plaintext connection
            attempt = connect(host, TlsPolicy.DISABLED, check)
                    .onErrorResume(e -> isAuthenticationRejection(e), e -> connect(host, TlsPolicy.REQUIRED, check));
        } else {
            attempt = connect(host, mode == SslMode.DISABLE ? TlsPolicy.DISABLED : mode.requiresTls() ? TlsPolicy.REQUIRED
                    : TlsPolicy.PREFERRED, check);
        }
        return attempt;
    }

    private static boolean isAuthenticationRejection(Throwable e) {
        return e instanceof R2dbcException && ((R2dbcException) e).getSqlState() != null && ((R2dbcException) e).getSqlState().startsWith("28");
    }

    private Mono<Session> connect(HostSpec host, TlsPolicy tls, Function<Transport, Mono<Void>> check) {
        return configuration.password()
                .map(CharSequence.class::cast)
                .map(java.util.Optional::of)
                .defaultIfEmpty(java.util.Optional.empty())
                .flatMap(password -> connect(host, tls, check, password.orElse(null)));
    }

    /**
     * With {@code gssEncMode} prefer or require, GSS encryption first: the credentials are found off the event
     * loop; prefer goes on without it when there are none, and connects again without it when the server
     * accepted it but the attempt then failed (libpq does both).
     */
    private Mono<Session> connect(HostSpec host, TlsPolicy tls, Function<Transport, Mono<Void>> check, CharSequence password) {
        GssEncMode mode = configuration.gssEncMode();
        if (mode == GssEncMode.DISABLE) {
            return connect(host, tls, check, password, null);
        }
        if (configuration.socketFile().isPresent()) {
            return mode == GssEncMode.REQUIRE
                    ? Mono.error(new R2dbcNonTransientResourceException("gssEncMode=require, but GSS encryption is not available over a"
                            + " Unix-domain socket; connect over TCP or set gssEncMode=prefer", SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION))
                    : connect(host, tls, check, password, null);
        }
        Mono<GssClient> context = Mono.fromCallable(() -> GssClient.open(gssTarget(host, password), true))
                .subscribeOn(Schedulers.boundedElastic());
        if (mode == GssEncMode.REQUIRE) {
            return context.flatMap(c -> connect(host, tls, check, password, new ChannelToOpen.GssEncryption(c, true)));
        }
        return context
                .map(java.util.Optional::of)
                .onErrorResume(R2dbcException.class, noCredentials -> Mono.just(java.util.Optional.empty()))
                .flatMap(c -> c.isEmpty() ? connect(host, tls, check, password, null)
                        : connect(host, tls, check, password, new ChannelToOpen.GssEncryption(c.get(), false))
                                .onErrorResume(GssEncryptionException.class, e -> connect(host, tls, check, password, null)));
    }

    private Mono<Session> connect(HostSpec host, TlsPolicy tls, Function<Transport, Mono<Void>> check, CharSequence password,
                                  ChannelToOpen.GssEncryption gss) {
        return addresses(host)
                .flatMap(addresses -> connectFirst(addresses, 0, tls, host, gss))
                // until the channel's codec owns it (then the channel's close disposes it)
                .doOnError(e -> dispose(gss))
                .doOnCancel(() -> dispose(gss))
                .flatMap(transport -> checkTls(transport, host)
                        .then(StartupFlow.run(transport, startupParameters(host, password)))
                        .then(check == null ? Mono.empty() : check.apply(transport))
                        .then(replication ? Mono.fromSupplier(() -> new Session(transport, codecs, null)) : withDatabaseTypes(transport))
                        .onErrorResume(e -> transport.close().onErrorResume(x -> Mono.empty())
                                .then(Mono.error(gss != null && !gss.required() && transport.session().isGssEncrypted() && e instanceof R2dbcException
                                        // gssEncMode=prefer: the attempt with GSS encryption failed, the caller tries without
                                        ? new GssEncryptionException((R2dbcException) e) : e)))
                        .doOnCancel(() -> transport.close().subscribe(v -> { }, x -> { })));
    }

    /**
     * The addresses to try, in the resolver's order: a host name may resolve to several (localhost to
     * ::1 and 127.0.0.1), and libpq tries each until one accepts the connection.
     */
    private Mono<List<SocketAddress>> addresses(HostSpec spec) {
        if (configuration.socketFile().isPresent()) {
            return Mono.just(List.of(new DomainSocketAddress(configuration.socketFile().get().toString())));
        }
        String host = spec.host();
        int port = spec.port();
        return Mono.fromCallable(() -> {
                    List<SocketAddress> list = new ArrayList<>();
                    for (InetAddress a : InetAddress.getAllByName(host)) {
                        list.add(new InetSocketAddress(a, port));
                    }
                    return list;
                })
                .subscribeOn(Schedulers.boundedElastic())
                .onErrorMap(UnknownHostException.class, e -> new R2dbcNonTransientResourceException(
                        "cannot resolve host \"" + host + "\": " + e.getMessage(), SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION, e));
    }

    private static void dispose(ChannelToOpen.GssEncryption gss) {
        if (gss != null) {
            gss.context().dispose();
        }
    }

    /** Connects to the first address that accepts a TCP connection; TLS and authentication errors are final. */
    private Mono<Transport> connectFirst(List<SocketAddress> addresses, int i, TlsPolicy tls, HostSpec host,
                                         ChannelToOpen.GssEncryption gss) {
        Mono<Transport> attempt = Connector.connect(channelToOpen(addresses.get(i), tls, host, gss));
        if (i + 1 >= addresses.size()) {
            return attempt;
        }
        // the GSS context is still unused when the TCP connection itself failed
        return attempt.onErrorResume(Connector::isConnectFailure, e -> connectFirst(addresses, i + 1, tls, host, gss));
    }

    /**
     * For sslNegotiation=direct: the server must have chosen ALPN "postgresql" (as libpq checks); with an
     * sslHostnameVerifier, it must accept the certificate for the host.
     */
    private Mono<Void> checkTls(Transport transport, HostSpec host) {
        SslHandler handler = transport.channel().pipeline().get(SslHandler.class);
        if (handler == null) {
            return Mono.empty();
        }
        return Mono.fromRunnable(() -> {
            tls().checkNegotiatedProtocol(handler);
            tls().checkHostName(handler, host.host());
        });
    }

    /**
     * The first connection of the factory looks up the database's own types; the others reuse the
     * result. Concurrent first connections may both look: harmless, the last result wins. Types the server
     * names later are looked up through {@link RuntimeTypes}.
     */
    private Mono<Session> withDatabaseTypes(Transport transport) {
        return Mono.defer(() -> discovered ? Mono.just(new Session(transport, types.registry(), types)) : discoverTypes(transport));
    }

    private Mono<Session> discoverTypes(Transport transport) {
        int major = TypeDiscovery.major(transport.session().parameters().getOrDefault("server_version", "0"));
        return TypeDiscovery.discover(transport, codecs, major).flatMap(registry -> {
            if (!transport.isConnected()) {
                // the lookup failed because the connection did: never hand out a closed connection, and say why
                // it ended (a socketTimeout stays an R2dbcTimeoutException, as it is anywhere else)
                Throwable lost = transport.lostWith();
                return Mono.error(lost instanceof R2dbcException ? lost
                        : new R2dbcNonTransientResourceException("the connection was lost while looking up the database's types", SqlState.CONNECTION_FAILURE, lost));
            }
            types.replace(registry);
            discovered = true;
            return Mono.just(new Session(transport, registry, types));
        });
    }

    private String endpoint(HostSpec host) {
        return configuration.socketFile().map(Object::toString).orElse(host.host() + ":" + host.port());
    }

    private ChannelToOpen channelToOpen(SocketAddress address, TlsPolicy tls, HostSpec host, ChannelToOpen.GssEncryption gss) {
        boolean unix = address instanceof DomainSocketAddress;
        Function<ByteBufAllocator, SslHandler> sslHandlers = null;
        if (!unix && tls != TlsPolicy.DISABLED) {
            ClientTls clientTls = tls();
            sslHandlers = alloc -> clientTls.newHandler(alloc, host.host(), host.port());
        }
        return new ChannelToOpen(address, unix, tls, sslHandlers, transportSettings, unix ? null : gss);
    }

    private StartupParameters startupParameters(HostSpec host, CharSequence password) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("user", configuration.username());
        configuration.database().ifPresent(db -> p.put("database", db));
        p.put("application_name", configuration.applicationName());
        p.put("client_encoding", "UTF8");
        p.put("DateStyle", "ISO");
        p.put("IntervalStyle", "postgres");
        p.put("extra_float_digits", "3");
        p.put("TimeZone", timeZone(configuration.timeZone()));
        configuration.statementTimeout().ifPresent(d -> p.put("statement_timeout", Long.toString(d.toMillis())));
        configuration.lockWaitTimeout().ifPresent(d -> p.put("lock_timeout", Long.toString(d.toMillis())));
        p.putAll(configuration.options());
        if (replication) {
            // never from options (RESERVED_PARAMETERS refuses it there): only a replication connection asks
            p.put("replication", "database");
        }
        StartupParameters.ChannelBindingPolicy binding = StartupParameters.ChannelBindingPolicy.valueOf(configuration.channelBinding().name());
        return new StartupParameters(p, configuration.username(), password, binding, configuration.allowCleartextPassword(),
                new ProtocolVersion(3, configuration.maxProtocolVersion().minor()),
                new ProtocolVersion(3, configuration.minProtocolVersion().minor()),
                gssTarget(host, password));
    }

    /** The GSSAPI sign-on to {@code host}: its service principal is {@code <kerberosServerName>/<host name as given>}. */
    private GssTarget gssTarget(HostSpec host, CharSequence password) {
        return new GssTarget(configuration.kerberosServerName(), host.host(), configuration.jaasApplicationName(),
                configuration.jaasLogin(), configuration.gssUseDefaultCreds(), configuration.useSpnego(),
                configuration.gssSubject().orElse(null), configuration.username(), password);
    }

    /**
     * The TimeZone GUC for a Java zone. Fixed offsets are written POSIX-style, whose sign is the opposite
     * of ISO 8601 (PostgreSQL docs, 8.5.3): UTC+01:00 east of Greenwich is {@code <+01:00>-01:00}.
     */
    static String timeZone(ZoneId zone) {
        ZoneId normalized = zone.normalized();
        if (normalized instanceof ZoneOffset) {
            int seconds = ((ZoneOffset) normalized).getTotalSeconds();
            if (seconds == 0) {
                return "UTC";
            }
            String iso = ((ZoneOffset) normalized).getId();
            int abs = Math.abs(seconds);
            String posix = String.format("%s%02d:%02d:%02d", seconds > 0 ? "-" : "+", abs / 3600, (abs / 60) % 60, abs % 60);
            return "<" + iso + ">" + posix;
        }
        return normalized.getId();
    }
}
