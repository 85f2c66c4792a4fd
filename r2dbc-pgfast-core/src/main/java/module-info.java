/**
 * r2dbc-pgfast, the R2DBC driver. Exported: the R2DBC implementation and its PostgreSQL extras
 * ({@code io.pgfast.r2dbc}), the configuration ({@code io.pgfast.config}), the exceptions
 * ({@code io.pgfast.error}), logical replication ({@code io.pgfast.replication},
 * {@code .pgoutput}), the Micrometer observation contexts ({@code io.pgfast.observation.micrometer}) and the
 * driver's own connection pool ({@code io.pgfast.pool}).
 * The wire protocol, transport, flows and connection setup are internal and not exported.
 * Every Netty module the code uses is required by name.
 *
 * <p>reactor, reactor-netty, r2dbc-spi and Micrometer are automatic modules (named in their manifests);
 * Micrometer (observation and core) is optional, hence {@code static}.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.pgfast.r2dbc {
    requires transitive io.pgfast.codec;
    requires transitive r2dbc.spi;
    requires transitive org.reactivestreams;
    requires transitive reactor.core;
    requires transitive reactor.netty.core;
    requires transitive io.netty.buffer;
    requires io.netty.common;
    requires io.netty.transport;
    requires io.netty.transport.unix.common;
    // the keepalive times and user timeout of native epoll sockets; touched only for an epoll channel, which
    // Reactor Netty makes only where the module is there
    requires static io.netty.transport.classes.epoll;
    // the keepalive times of NIO sockets (jdk.net.ExtendedSocketOptions)
    requires jdk.net;
    requires io.netty.codec;
    requires transitive io.netty.handler;
    // GSSAPI (org.ietf.jgss, javax.security.auth.kerberos): Kerberos sign-on and GSS encryption
    requires java.security.jgss;
    // not transitive: javac would then require them of every application module, present or not;
    // an application using io.pgfast.observation.micrometer requires micrometer.observation itself
    requires static micrometer.observation;
    requires static micrometer.commons;
    requires static micrometer.core;

    exports io.pgfast.r2dbc;
    exports io.pgfast.config;
    exports io.pgfast.error;
    exports io.pgfast.replication;
    exports io.pgfast.replication.pgoutput;
    exports io.pgfast.observation.micrometer;
    exports io.pgfast.pool;

    provides io.r2dbc.spi.ConnectionFactoryProvider with io.pgfast.r2dbc.PgfastConnectionFactoryProvider,
            io.pgfast.pool.PgfastPoolConnectionFactoryProvider;
}
