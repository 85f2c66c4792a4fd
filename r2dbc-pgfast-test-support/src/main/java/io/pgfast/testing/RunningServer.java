package io.pgfast.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The {@link TestServer} of every kind: what was found out and set up, immutable. */
final class RunningServer implements TestServer {
    private final Kind kind;
    private final ServerAddress address;
    private final ServerVersion version;
    private final String database;
    private final TestRole superuser;
    private final boolean tls;
    private final Optional<Path> serverCa;
    private final CertificateFiles clientFiles;
    private final Set<AuthMethod> supported;
    private final String superuserSslMode;
    /** Null when {@link #replicationRole()} is usable; else why not. */
    private final String replicationUnavailable;

    /**
     * @param serverCa         the CA that signed the server's certificate, if known
     * @param clientFiles      client certificate, keys and the unrelated CA
     * @param superuserSslMode pgjdbc sslmode of {@link #jdbcUrl()}
     */
    RunningServer(Kind kind, ServerAddress address, ServerVersion version, String database, TestRole superuser,
                  boolean tls, Optional<Path> serverCa, CertificateFiles clientFiles, Set<AuthMethod> supported,
                  String superuserSslMode) {
        this(kind, address, version, database, superuser, tls, serverCa, clientFiles, supported, superuserSslMode,
                Optional.of("the replication role was not set up on this server"));
    }

    /** @param replicationUnavailable empty when the replication role is set up and the server allows logical replication */
    RunningServer(Kind kind, ServerAddress address, ServerVersion version, String database, TestRole superuser,
                  boolean tls, Optional<Path> serverCa, CertificateFiles clientFiles, Set<AuthMethod> supported,
                  String superuserSslMode, Optional<String> replicationUnavailable) {
        this.replicationUnavailable = replicationUnavailable.orElse(null);
        this.kind = kind;
        this.address = address;
        this.version = version;
        this.database = database;
        this.superuser = superuser;
        this.tls = tls;
        this.serverCa = serverCa;
        this.clientFiles = clientFiles;
        this.supported = supported.isEmpty() ? EnumSet.noneOf(AuthMethod.class) : EnumSet.copyOf(supported);
        this.superuserSslMode = superuserSslMode;
    }

    /** The client certificate files, shared with a second cluster started for the same run. */
    CertificateFiles clientFiles() {
        return clientFiles;
    }

    @Override
    public Kind kind() {
        return kind;
    }

    @Override
    public String host() {
        return address.host();
    }

    @Override
    public int port() {
        return address.port();
    }

    @Override
    public Optional<Path> socketDirectory() {
        return address.socketDirectory();
    }

    @Override
    public int majorVersion() {
        return version.major();
    }

    @Override
    public String serverVersion() {
        return version.version();
    }

    @Override
    public String database() {
        return database;
    }

    @Override
    public String superuser() {
        return superuser.user();
    }

    @Override
    public String superuserPassword() {
        return superuser.password();
    }

    @Override
    public boolean tlsEnabled() {
        return tls;
    }

    @Override
    public boolean tlsVerifiable() {
        return tls && serverCa.isPresent();
    }

    @Override
    public boolean supports(AuthMethod m) {
        return supported.contains(m);
    }

    @Override
    public TestRole role(AuthMethod m) {
        if (!supports(m)) {
            throw new UnsupportedOperationException(m + " login is not set up on this " + kind
                    + " server (supported: " + supported + "); use a server the harness starts itself");
        }
        return new TestRole(m.roleName(), m.password());
    }

    @Override
    public TestRole replicationRole() {
        if (replicationUnavailable != null) {
            throw new UnsupportedOperationException("logical replication tests cannot run on this " + kind + " server: "
                    + replicationUnavailable);
        }
        return ReplicationRole.role();
    }

    @Override
    public Path caCert() {
        return serverCa.orElseThrow(() -> new UnsupportedOperationException(
                "the CA of this " + kind + " server is unknown; set PGFAST_TEST_SSLROOTCERT (or -Dpgfast.test.sslrootcert)"));
    }

    @Override
    public Path wrongCaCert() {
        return clientFiles.wrongCaCert();
    }

    @Override
    public Path clientCert() {
        return clientFiles.clientCert();
    }

    @Override
    public Path clientKey() {
        return clientFiles.clientKey();
    }

    @Override
    public Path clientKeyPk8() {
        return clientFiles.clientKeyPk8();
    }

    @Override
    public Path clientKeyEncrypted() {
        return clientFiles.clientKeyEncrypted();
    }

    @Override
    public String clientKeyPassword() {
        return CertificateFiles.CLIENT_KEY_PASSWORD;
    }

    @Override
    public String jdbcUrl() {
        return Jdbc.url(host(), port(), database, Map.of(
                "user", superuser.user(), "password", superuser.password(), "sslmode", superuserSslMode));
    }

    @Override
    public Connection jdbc() throws SQLException {
        return Jdbc.connect(jdbcUrl());
    }

    @Override
    public void execute(String... sql) {
        try (Connection c = jdbc()) {
            c.setAutoCommit(true);
            Jdbc.execute(c, sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "PostgreSQL " + version.version() + " (" + kind + ") at " + host() + ':' + port()
                + ", TLS " + (tls ? "on" : "off");
    }
}
