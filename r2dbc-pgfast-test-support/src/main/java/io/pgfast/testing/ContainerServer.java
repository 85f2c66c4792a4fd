package io.pgfast.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * A {@code postgres:<major>} container with the same roles, TLS files and pg_hba.conf as a local cluster.
 *
 * <p>Files copied into a container belong to root, but PostgreSQL reads its key as user postgres and demands
 * that a key it owns be mode 0600. So the files are copied world-readable to {@value #FILES}, and the entrypoint
 * is wrapped: as root it installs the key owned by postgres with mode 0600, then runs the image's own entrypoint.
 */
final class ContainerServer {
    private static final String FILES = "/pgfast";
    private static final String KEY = "/var/lib/postgresql/pgfast-server.key";
    private static final int POSTGRES_PORT = 5432;
    private static final String ENTRYPOINT = "install -o postgres -g postgres -m 0600 " + FILES + "/server.key " + KEY
            + " && exec docker-entrypoint.sh \"$@\"";

    private ContainerServer() {
    }

    /** @param scratch a directory for the certificates (deleted at JVM exit by the caller) */
    static RunningServer start(int major, Path scratch) {
        String dockerHost = DockerClientFactory.instance().dockerHostIpAddress();
        Set<String> names = new LinkedHashSet<>(List.of("localhost", LocalCluster.HOST, dockerHost));
        CertificateFiles certs = Certificates.generate(scratch.resolve("tls"), List.copyOf(names));
        HbaConfig hba = new HbaConfig(List.of("0.0.0.0/0", "::/0"), true);

        @SuppressWarnings("resource") // stopped by the shutdown hook registered below
        PostgreSQLContainer container = new PostgreSQLContainer(DockerImageName.parse("postgres:" + major))
                .withDatabaseName(ServerSetup.DATABASE)
                .withUsername(HbaConfig.SUPERUSER)
                .withPassword(HbaConfig.SUPERUSER + "_pw")
                // PostgreSQL 12 and 13 would store the superuser's password as MD5, which scram-sha-256 lines reject
                .withEnv("POSTGRES_INITDB_ARGS", "--auth-host=scram-sha-256 --auth-local=trust")
                .withCopyToContainer(readable(certs.serverCert()), FILES + "/server.crt")
                .withCopyToContainer(readable(certs.serverKey()), FILES + "/server.key")
                .withCopyToContainer(readable(certs.caCert()), FILES + "/ca.crt")
                .withCopyToContainer(Transferable.of(hba.render().getBytes(StandardCharsets.UTF_8), 0644),
                        FILES + "/pg_hba.conf")
                .withCreateContainerCmdModifier(cmd -> cmd.withEntrypoint("sh", "-c", ENTRYPOINT, "pgfast-entrypoint"))
                .withCommand("postgres", "-c", "fsync=off", "-c", "ssl=on",
                        "-c", "wal_level=" + ReplicationRole.WAL_LEVEL,
                        "-c", "max_replication_slots=" + ReplicationRole.MAX_REPLICATION_SLOTS,
                        "-c", "max_wal_senders=" + ReplicationRole.MAX_WAL_SENDERS,
                        "-c", "max_prepared_transactions=" + ReplicationRole.MAX_PREPARED_TRANSACTIONS,
                        "-c", "ssl_cert_file=" + FILES + "/server.crt", "-c", "ssl_key_file=" + KEY,
                        "-c", "ssl_ca_file=" + FILES + "/ca.crt", "-c", "hba_file=" + FILES + "/pg_hba.conf")
                .withStartupTimeout(Duration.ofMinutes(2));
        ShutdownActions.register(container::stop);
        try {
            container.start();
            ServerAddress address = new ServerAddress(container.getHost(), container.getMappedPort(POSTGRES_PORT),
                    Optional.empty());
            return ServerSetup.configure(TestServer.Kind.TESTCONTAINERS, address, hba, Optional.of(certs), certs);
        } catch (RuntimeException e) {
            container.stop();
            throw e;
        }
    }

    private static Transferable readable(Path file) {
        try {
            return Transferable.of(Files.readAllBytes(file), 0644);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
