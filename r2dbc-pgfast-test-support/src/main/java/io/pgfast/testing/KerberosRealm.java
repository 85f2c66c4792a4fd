package io.pgfast.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A throwaway MIT Kerberos realm: a KDC database made with {@code kdb5_util create -s} in a temporary directory,
 * principals and keytabs from {@code kadmin.local}, and {@code krb5kdc} in the foreground on a free port of
 * 127.0.0.1 (TCP and UDP; the client configuration asks for TCP). Every command sees only the generated
 * {@code krb5.conf} and {@code kdc.conf} ({@code KRB5_CONFIG}, {@code KRB5_KDC_PROFILE}); the machine's are
 * never read or changed. {@link #stop()} (and a shutdown hook) ends the KDC and deletes the directory.
 *
 * <p>The generated krb5.conf turns host name canonicalisation off ({@code rdns}, {@code dns_canonicalize_hostname}),
 * so {@code postgres/localhost} stays what the client asks for.
 *
 * @see <a href="https://web.mit.edu/kerberos/krb5-latest/doc/admin/conf_files/krb5_conf.html">krb5.conf</a>
 */
public final class KerberosRealm {
    public static final String REALM = "PGFAST.TEST";
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration KDC_START_TIMEOUT = Duration.ofSeconds(30);
    private static final List<String> SEARCH = List.of("/usr/sbin", "/usr/bin", "/sbin", "/bin", "/usr/local/sbin", "/usr/local/bin");

    private final Path dir;
    private final int port;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private Process kdc;

    private KerberosRealm(Path dir, int port) {
        this.dir = dir;
        this.port = port;
    }

    /** The MIT tools the realm needs, or empty with what is missing named. */
    static Optional<String> missingTools() {
        List<String> missing = new ArrayList<>();
        for (String tool : List.of("kdb5_util", "kadmin.local", "krb5kdc")) {
            if (tool(tool).isEmpty()) {
                missing.add(tool);
            }
        }
        return missing.isEmpty() ? Optional.empty()
                : Optional.of("no " + String.join(", ", missing) + " (Debian: apt-get install krb5-kdc krb5-admin-server)");
    }

    /** Creates the realm and starts its KDC; nothing is left running or on disk if that fails. */
    public static KerberosRealm start() {
        Path dir;
        try {
            dir = Files.createTempDirectory("pgfast-krb5-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the realm's directory", e);
        }
        KerberosRealm realm = new KerberosRealm(dir, Ports.free("127.0.0.1"));
        ShutdownActions.register(realm::stop);
        try {
            realm.create();
            return realm;
        } catch (RuntimeException | Error e) {
            realm.stop();
            throw e;
        }
    }

    /** The krb5.conf clients (the JVM's {@code java.security.krb5.conf}, libpq's {@code KRB5_CONFIG}) use. */
    public Path krb5Conf() {
        return dir.resolve("krb5.conf");
    }

    public int kdcPort() {
        return port;
    }

    /**
     * Adds {@code principal} with a random key and writes its keys to a new keytab (mode 0644: a test realm's
     * keys, readable by a server running as another user).
     */
    public Path addPrincipalWithKeytab(String principal) {
        kadmin("addprinc -randkey " + principal);
        Path keytab = dir.resolve(principal.replace('/', '_') + ".keytab");
        kadmin("ktadd -k " + keytab + " " + principal);
        try {
            Files.setPosixFilePermissions(keytab, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return keytab;
    }

    /**
     * Gets {@code principal} a ticket valid for {@code lifetime} with the keys of {@code keytab} and stores it in
     * the ticket cache file {@code cache} ({@code kinit -k -t keytab -l <seconds>s -c FILE:cache}, MIT's
     * {@code krb5-user}), as a user's kinit would.
     */
    public void kinit(String principal, Path keytab, Path cache, Duration lifetime) {
        run("kinit", List.of("-k", "-t", keytab.toString(), "-l", lifetime.toSeconds() + "s", "-c", "FILE:" + cache, principal));
    }

    /** A file path in the realm's directory, for a ticket cache or a JAAS file. */
    public Path file(String name) {
        return dir.resolve(name);
    }

    /** Ends the KDC and deletes the realm's files. Idempotent. */
    public void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        if (kdc != null) {
            kdc.destroy();
            try {
                if (!kdc.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                    kdc.destroyForcibly();
                }
            } catch (InterruptedException e) {
                kdc.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        FileTree.delete(dir);
    }

    private void create() {
        write("krb5.conf", "[libdefaults]\n"
                + "  default_realm = " + REALM + "\n"
                + "  dns_lookup_realm = false\n"
                + "  dns_lookup_kdc = false\n"
                + "  rdns = false\n"
                + "  dns_canonicalize_hostname = false\n"
                + "  udp_preference_limit = 1\n"
                + "  kdc_timeout = 5000\n"
                + "  max_retries = 1\n"
                + "  default_ccache_name = FILE:" + dir.resolve("default.ccache") + "\n"
                + "[realms]\n"
                + "  " + REALM + " = {\n"
                + "    kdc = 127.0.0.1:" + port + "\n"
                + "  }\n"
                + "[domain_realm]\n"
                + "  localhost = " + REALM + "\n"
                + "  127.0.0.1 = " + REALM + "\n");
        write("kdc.conf", "[kdcdefaults]\n"
                + "  kdc_listen = 127.0.0.1:" + port + "\n"
                + "  kdc_tcp_listen = 127.0.0.1:" + port + "\n"
                + "[realms]\n"
                + "  " + REALM + " = {\n"
                + "    database_name = " + dir.resolve("principal") + "\n"
                + "    key_stash_file = " + dir.resolve("stash") + "\n"
                + "    acl_file = " + dir.resolve("kadm5.acl") + "\n"
                + "    max_life = 1h\n"
                + "    supported_enctypes = aes256-cts-hmac-sha1-96:normal aes128-cts-hmac-sha1-96:normal\n"
                + "  }\n"
                + "[logging]\n"
                + "  kdc = FILE:" + dir.resolve("kdc.log") + "\n");
        run("kdb5_util", List.of("create", "-s", "-r", REALM, "-P", "pgfast-master-" + System.nanoTime()));
        List<String> command = new ArrayList<>(environment());
        command.add(tool("krb5kdc").orElseThrow().toString());
        command.add("-n");
        kdc = CommandRunner.start(command, dir.resolve("krb5kdc.out"));
        awaitKdc();
    }

    private void kadmin(String query) {
        run("kadmin.local", List.of("-r", REALM, "-q", query));
    }

    private void run(String tool, List<String> args) {
        List<String> command = new ArrayList<>(environment());
        command.add(tool(tool).orElseThrow(() -> new IllegalStateException(missingTools().orElse(tool))).toString());
        command.addAll(args);
        CommandRunner.Result result = CommandRunner.run(command, COMMAND_TIMEOUT, dir.resolve(tool + ".out"));
        if (!result.succeeded()) {
            throw new IllegalStateException(String.join(" ", command) + " exited " + result.exitCode() + ":\n" + result.output());
        }
    }

    /** {@code env KRB5_CONFIG=... KRB5_KDC_PROFILE=...}: the generated files, never the machine's. */
    private List<String> environment() {
        return List.of("env", "KRB5_CONFIG=" + krb5Conf(), "KRB5_KDC_PROFILE=" + dir.resolve("kdc.conf"));
    }

    private void awaitKdc() {
        long deadline = System.nanoTime() + KDC_START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!kdc.isAlive()) {
                throw new IllegalStateException("krb5kdc exited " + kdc.exitValue() + ":\n"
                        + CommandRunner.tail(dir.resolve("krb5kdc.out"), 20) + "\n" + CommandRunner.tail(dir.resolve("kdc.log"), 20));
            }
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port), 1000);
                return;
            } catch (IOException notYet) {
                Ports.pause(50, "krb5kdc");
            }
        }
        throw new IllegalStateException("krb5kdc does not accept connections on 127.0.0.1:" + port + " after " + KDC_START_TIMEOUT);
    }

    private void write(String name, String content) {
        try {
            Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Optional<Path> tool(String name) {
        List<String> dirs = new ArrayList<>(SEARCH);
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(0, List.of(path.split(java.io.File.pathSeparator)));
        }
        for (String d : dirs) {
            Path candidate = Path.of(d.isEmpty() ? "." : d, name);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
