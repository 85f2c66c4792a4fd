package io.pgfast.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The three files of one PgBouncer in front of a test server: {@code pgbouncer.ini}, the {@code auth_file}
 * (every role with its plaintext password, which lets PgBouncer log in to the server with SCRAM or MD5 alike) and
 * the {@code auth_hba_file} (each role authenticated by the same method the server uses for it).
 *
 * @see <a href="https://www.pgbouncer.org/config.html">PgBouncer configuration</a>
 */
final class PgBouncerConfig {
    /**
     * Startup parameters the driver sends that PgBouncer 1.18 neither tracks nor forwards, refusing the connection
     * with "unsupported startup parameter" unless they are listed here. It tracks only client_encoding, DateStyle,
     * TimeZone, standard_conforming_strings and application_name; an ignored parameter keeps the server's value
     * (IntervalStyle {@code postgres} and extra_float_digits {@code 1} by default, both what the driver expects).
     */
    static final List<String> IGNORED_STARTUP_PARAMETERS = List.of("extra_float_digits", "IntervalStyle");
    static final String HOST = LocalCluster.HOST;
    private static final List<AuthMethod> PASSWORD_ROLES =
            List.of(AuthMethod.TRUST, AuthMethod.PASSWORD, AuthMethod.MD5, AuthMethod.SCRAM);
    private static final Pattern PLAIN_NAME = Pattern.compile("[a-z_][a-z0-9_]*");

    private final TestServer server;
    private final PgBouncer.Mode mode;

    PgBouncerConfig(TestServer server, PgBouncer.Mode mode) {
        this.server = server;
        this.mode = mode;
    }

    /** The roles PgBouncer lets in: the superuser and each password role the server supports. */
    List<TestRole> roles() {
        List<TestRole> roles = new ArrayList<>();
        roles.add(new TestRole(server.superuser(), server.superuserPassword()));
        for (AuthMethod m : PASSWORD_ROLES) {
            if (server.supports(m)) {
                roles.add(server.role(m));
            }
        }
        return roles;
    }

    String ini(int port, String authFile, String hbaFile) {
        StringBuilder ini = new StringBuilder("; pgfast test PgBouncer (io.pgfast.testing.PgBouncerConfig)\n")
                .append("[databases]\n")
                // the fallback entry: every database name goes to the test server under the client's user name
                .append("* = host=").append(server.host()).append(" port=").append(server.port()).append('\n')
                .append("[pgbouncer]\n");
        setting(ini, "listen_addr", HOST);
        setting(ini, "listen_port", Integer.toString(port));
        // an empty unix_socket_dir disables the Unix socket, so instances cannot collide on it
        setting(ini, "unix_socket_dir", "");
        setting(ini, "auth_type", "hba");
        setting(ini, "auth_file", authFile);
        setting(ini, "auth_hba_file", hbaFile);
        setting(ini, "pool_mode", mode.poolMode());
        setting(ini, "default_pool_size", Integer.toString(mode.poolSize()));
        setting(ini, "max_client_conn", "500");
        setting(ini, "ignore_startup_parameters", String.join(",", IGNORED_STARTUP_PARAMETERS));
        if (mode.maxPreparedStatements() > 0) {
            setting(ini, "max_prepared_statements", Integer.toString(mode.maxPreparedStatements()));
        }
        // a server this harness started accepts plaintext; an external one may insist on TLS
        setting(ini, "server_tls_sslmode", server.kind() == TestServer.Kind.EXTERNAL ? "prefer" : "disable");
        // idle server connections go back soon, so a test run does not hold the server's max_connections
        setting(ini, "server_idle_timeout", "5");
        // fail a test within its own timeout instead of waiting PgBouncer's defaults (120 s, 15 s)
        setting(ini, "query_wait_timeout", "20");
        setting(ini, "server_login_retry", "1");
        return ini.toString();
    }

    /** {@code "user" "password"} lines; a double quote inside is doubled. */
    String authFile() {
        StringBuilder out = new StringBuilder();
        for (TestRole role : roles()) {
            out.append(quote(role.user())).append(' ').append(quote(role.password())).append('\n');
        }
        return out.toString();
    }

    /** pg_hba.conf syntax; the superuser logs in with SCRAM, each test role with its own method. */
    String hbaFile() {
        StringBuilder out = new StringBuilder("# TYPE  DATABASE  USER  ADDRESS  METHOD\n");
        hbaLine(out, server.superuser(), "scram-sha-256");
        for (AuthMethod m : PASSWORD_ROLES) {
            if (server.supports(m)) {
                hbaLine(out, m.roleName(), m.hbaMethod());
            }
        }
        return out.toString();
    }

    private static void hbaLine(StringBuilder out, String user, String method) {
        String name = PLAIN_NAME.matcher(user).matches() ? user : quote(user);
        out.append("host  all  ").append(name).append("  ").append(HOST).append("/32  ").append(method).append('\n');
    }

    private static void setting(StringBuilder ini, String name, String value) {
        ini.append(name).append(" = ").append(value).append('\n');
    }

    private static String quote(String s) {
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
