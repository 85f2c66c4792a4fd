package io.pgfast.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finishes a server the harness started (cluster or container): creates the roles and the test database over
 * pgjdbc as superuser and reads the version.
 */
final class ServerSetup {
    static final String DATABASE = "pgfast";
    static final String MAINTENANCE_DATABASE = "postgres";

    private ServerSetup() {
    }

    static RunningServer configure(TestServer.Kind kind, ServerAddress address, HbaConfig hba,
                                   Optional<CertificateFiles> serverCertificates, CertificateFiles clientFiles) {
        TestRole superuser = new TestRole(HbaConfig.SUPERUSER, HbaConfig.SUPERUSER + "_pw");
        Set<AuthMethod> methods = EnumSet.noneOf(AuthMethod.class);
        Arrays.stream(AuthMethod.values()).filter(hba::allows).forEach(methods::add);
        try (Connection c = Jdbc.connect(url(address, superuser, MAINTENANCE_DATABASE))) {
            RoleSetup.apply(c, DATABASE, methods, db -> Jdbc.connect(url(address, superuser, db)));
            try (Connection db = Jdbc.connect(url(address, superuser, DATABASE))) {
                ReplicationRole.apply(c, db, DATABASE);
            }
            ServerVersion version = ServerVersion.of(c);
            Optional<Path> ca = serverCertificates.map(CertificateFiles::caCert);
            return new RunningServer(kind, address, version, DATABASE, superuser, serverCertificates.isPresent(),
                    ca, clientFiles, methods, "disable", ReplicationRole.unavailableReason(c));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot set up roles on the " + kind + " server at " + address.host()
                    + ':' + address.port() + ": " + e.getMessage(), e);
        }
    }

    private static String url(ServerAddress address, TestRole superuser, String database) {
        return Jdbc.url(address.host(), address.port(), database,
                Map.of("user", superuser.user(), "password", superuser.password(), "sslmode", "disable"));
    }
}
