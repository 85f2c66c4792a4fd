package io.pgfast.it;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.config.SslMode;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.PgBouncer;
import io.pgfast.testing.TestDb;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;

/**
 * The driver's configuration for the harness's server, for every test that connects to it; the SQL shortcuts
 * are the harness's {@link TestDb}. This half stays with the driver's tests: the harness module cannot depend on
 * the driver, whose tests depend on it.
 */
public final class Pg {

    private Pg() {
    }

    /** The SCRAM role on the test server, TLS off. */
    public static PgfastConnectionConfigurationBuilder config() {
        return config(AuthMethod.SCRAM);
    }

    /** {@code role} on the test server, TLS off. */
    public static PgfastConnectionConfigurationBuilder config(AuthMethod role) {
        TestServer s = TestDb.server();
        return config(s.role(role), s.host(), s.port(), s.database());
    }

    /** {@code role} on the test server at {@code host:port}: a proxy in front of it, TLS off. */
    public static PgfastConnectionConfigurationBuilder config(AuthMethod role, String host, int port) {
        TestServer s = TestDb.server();
        return config(s.role(role), host, port, s.database());
    }

    /** The SCRAM role through {@code bouncer}, TLS off. */
    public static PgfastConnectionConfigurationBuilder config(PgBouncer bouncer) {
        return config(bouncer, AuthMethod.SCRAM);
    }

    /** {@code role} through {@code bouncer}, TLS off. */
    public static PgfastConnectionConfigurationBuilder config(PgBouncer bouncer, AuthMethod role) {
        TestServer s = bouncer.server();
        return config(s.role(role), bouncer.host(), bouncer.port(), s.database());
    }

    /** The replication role on the test server, TLS off: for replication connections, and owns the tests' tables. */
    public static PgfastConnectionConfigurationBuilder replication() {
        TestServer s = TestDb.server();
        return config(s.replicationRole(), s.host(), s.port(), s.database());
    }

    private static PgfastConnectionConfigurationBuilder config(TestRole role, String host, int port, String database) {
        return PgfastConnectionConfiguration.builder()
                .host(host).port(port).database(database)
                .username(role.user()).password(role.password())
                .sslMode(SslMode.DISABLE);
    }

    public static PgfastConnectionFactory factory() {
        return new PgfastConnectionFactory(config().build());
    }

    /** A connection as the SCRAM role. */
    public static PgfastConnection connect() {
        return connect(config().build());
    }

    public static PgfastConnection connect(PgfastConnectionConfiguration config) {
        return (PgfastConnection) TestDb.connect(new PgfastConnectionFactory(config));
    }
}
