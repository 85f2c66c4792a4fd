package io.pgfast.testing;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A PostgreSQL that signs clients on with Kerberos, for GSSAPI tests: a {@link KerberosRealm} with the user
 * principal {@value #GSS_USER} and the service principal {@code postgres/localhost}, and a throwaway cluster of
 * the machine's own PostgreSQL (Debian's is built with GSSAPI; the Maven Central builds are not) with
 * {@code krb_server_keyfile} and TLS on. One per JVM, started on first use.
 *
 * <p>pg_hba.conf, first lines:
 * <pre>
 * hostgssenc    all {@value #GSS_USER}   127.0.0.1/32 gss include_realm=0
 * hostnogssenc  all {@value #GSS_USER}   127.0.0.1/32 gss include_realm=0
 * hostnogssenc  all {@value #PASSWORD_USER} 127.0.0.1/32 scram-sha-256
 * </pre>
 * so {@value #GSS_USER} signs on with Kerberos over GSS encryption or without it, and {@value #PASSWORD_USER}
 * (password {@value #PASSWORD}) only without GSS encryption, with a password.
 *
 * <p>Without the MIT tools or a GSSAPI-enabled local PostgreSQL the tests are skipped, naming what is missing;
 * {@code -Dpgfast.test.kerberos=required} (as CI runs them) makes that a failure instead.
 */
public final class KerberosServer {
    public static final String GSS_USER = "alice";
    public static final String PASSWORD_USER = "carol";
    public static final String PASSWORD = "carol-pw";
    /** The host name clients use: the service principal is {@code postgres/localhost}. */
    public static final String HOST = "localhost";
    public static final String SERVICE = "postgres";
    private static final String REQUIRED_PROPERTY = "pgfast.test.kerberos";

    private static KerberosServer instance;
    private static String unavailable;

    private final KerberosRealm realm;
    private final LocalCluster cluster;
    private final Path userKeytab;

    private KerberosServer(KerberosRealm realm, LocalCluster cluster, Path userKeytab) {
        this.realm = realm;
        this.cluster = cluster;
        this.userKeytab = userKeytab;
    }

    /** The server, started on first use; skips (or, when required, fails) the calling test if it cannot run here. */
    public static synchronized KerberosServer get() {
        if (instance == null && unavailable == null) {
            Optional<String> missing = whatIsMissing();
            if (missing.isPresent()) {
                unavailable = missing.get();
            } else {
                instance = start();
            }
        }
        if (instance == null) {
            if ("required".equals(System.getProperty(REQUIRED_PROPERTY))) {
                throw new IllegalStateException("Kerberos tests required (-D" + REQUIRED_PROPERTY + "=required) but " + unavailable);
            }
            Assumptions.abort("Kerberos tests skipped: " + unavailable);
        }
        return instance;
    }

    private static Optional<String> whatIsMissing() {
        Optional<String> tools = KerberosRealm.missingTools();
        if (tools.isPresent()) {
            return tools;
        }
        return gssBinaries().isPresent() ? Optional.empty()
                : Optional.of("no local PostgreSQL built with GSSAPI (Debian: apt-get install postgresql-15)");
    }

    /** The newest local installation whose server links the GSSAPI library. */
    private static Optional<PgBinaries> gssBinaries() {
        return LocalBinaries.find(OptionalInt.empty(), new ArrayList<>()).filter(KerberosServer::linksGssapi);
    }

    private static boolean linksGssapi(PgBinaries binaries) {
        try {
            byte[] elf = Files.readAllBytes(binaries.tool("postgres"));
            return new String(elf, StandardCharsets.ISO_8859_1).contains("libgssapi_krb5.so");
        } catch (IOException e) {
            return false;
        }
    }

    private static KerberosServer start() {
        KerberosRealm realm = KerberosRealm.start();
        try {
            Path userKeytab = realm.addPrincipalWithKeytab(GSS_USER);
            Path serverKeytab = realm.addPrincipalWithKeytab(SERVICE + "/" + HOST);
            HbaConfig hba = new HbaConfig(List.of("127.0.0.1/32"), true).withLeadingLines(List.of(
                    "hostgssenc  all  " + GSS_USER + "  127.0.0.1/32  gss include_realm=0",
                    "hostnogssenc  all  " + GSS_USER + "  127.0.0.1/32  gss include_realm=0",
                    "hostnogssenc  all  " + PASSWORD_USER + "  127.0.0.1/32  scram-sha-256"));
            LocalCluster cluster = LocalCluster.start(gssBinaries().orElseThrow(), HbaConfig.SUPERUSER, hba, true,
                    Map.of("krb_server_keyfile", serverKeytab.toString()));
            KerberosServer server = new KerberosServer(realm, cluster, userKeytab);
            server.createRoles();
            System.out.println("[pgfast-test] Kerberos realm " + KerberosRealm.REALM + " (KDC 127.0.0.1:" + realm.kdcPort()
                    + ") and PostgreSQL with GSSAPI on " + HOST + ":" + server.port());
            return server;
        } catch (RuntimeException | Error e) {
            realm.stop();
            throw e;
        }
    }

    private void createRoles() {
        String url = Jdbc.url(LocalCluster.HOST, port(), "postgres", Map.of("user", HbaConfig.SUPERUSER,
                "password", HbaConfig.SUPERUSER + "_pw", "sslmode", "disable", "gssEncMode", "disable"));
        try (Connection c = Jdbc.connect(url)) {
            Jdbc.execute(c, "CREATE ROLE " + GSS_USER + " LOGIN",
                    "CREATE ROLE " + PASSWORD_USER + " LOGIN PASSWORD " + Jdbc.literal(PASSWORD));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the Kerberos test roles: " + e.getMessage() + "\n" + cluster.logTail(), e);
        }
    }

    public String host() {
        return HOST;
    }

    public int port() {
        return cluster.address().port();
    }

    public String database() {
        return "postgres";
    }

    public String realm() {
        return KerberosRealm.REALM;
    }

    /** The krb5.conf of the test realm, for {@code java.security.krb5.conf}. */
    public Path krb5Conf() {
        return realm.krb5Conf();
    }

    /** The keytab of {@value #GSS_USER}{@code @PGFAST.TEST}, for a JAAS entry with {@code useKeyTab=true}. */
    public Path userKeytab() {
        return userKeytab;
    }

    /** A path in the realm's directory where no ticket cache exists: a login from it finds no ticket. */
    public Path emptyTicketCache() {
        return realm.file("no-such.ccache");
    }

    /** The ticket cache file {@link #kinit()} writes, in the realm's directory (never the machine's default cache). */
    public Path ticketCache() {
        return realm.file(GSS_USER + ".ccache");
    }

    /**
     * Puts a fresh ticket of {@value #GSS_USER} valid for {@code lifetime} into {@link #ticketCache()}, with MIT's
     * kinit and the user's keytab.
     */
    public void kinit(Duration lifetime) {
        realm.kinit(GSS_USER + "@" + realm(), userKeytab, ticketCache(), lifetime);
    }

    /** The last lines of the server log, for failure messages. */
    public String logTail() {
        return cluster.logTail();
    }

    /** Writes a file into the realm's directory (a JAAS configuration, say) and returns its path. */
    public Path writeFile(String name, String content) {
        try {
            return Files.writeString(realm.file(name), content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
