package io.pgfast.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class PgBouncerConfigTest {

    private static TestServer server(TestServer.Kind kind, String superuser, String password, EnumSet<AuthMethod> roles) {
        return new RunningServer(kind, new ServerAddress("db.example", 5433, Optional.empty()), new ServerVersion(17, "17.4"),
                "pgfast", new TestRole(superuser, password), false, Optional.empty(),
                new CertificateFiles(Path.of("/nonexistent")), roles, "prefer");
    }

    @Test
    void iniPointsEveryDatabaseAtTheServerWithTheModesPoolSettings() {
        TestServer s = server(TestServer.Kind.LOCAL_BINARIES, "postgres", "postgres_pw", EnumSet.of(AuthMethod.SCRAM));
        String ini = new PgBouncerConfig(s, PgBouncer.Mode.TRANSACTION).ini(6432, "/b/userlist.txt", "/b/hba.conf");

        assertThat(ini.lines()).contains(
                "[databases]",
                "* = host=db.example port=5433",
                "[pgbouncer]",
                "listen_addr = 127.0.0.1",
                "listen_port = 6432",
                "unix_socket_dir = ",
                "auth_type = hba",
                "auth_file = /b/userlist.txt",
                "auth_hba_file = /b/hba.conf",
                "pool_mode = transaction",
                "default_pool_size = 2",
                "ignore_startup_parameters = extra_float_digits,IntervalStyle",
                "server_tls_sslmode = disable");
        assertThat(ini).doesNotContain("max_prepared_statements");
    }

    @Test
    void onlyThePreparedStatementsModeSetsMaxPreparedStatements() {
        TestServer s = server(TestServer.Kind.EXTERNAL, "postgres", "pw", EnumSet.of(AuthMethod.SCRAM));
        String ini = new PgBouncerConfig(s, PgBouncer.Mode.TRANSACTION_PREPARED_STATEMENTS).ini(1, "a", "h");

        assertThat(ini.lines()).contains("pool_mode = transaction", "max_prepared_statements = 100",
                // an external server may accept only TLS
                "server_tls_sslmode = prefer");
        assertThat(new PgBouncerConfig(s, PgBouncer.Mode.SESSION).ini(1, "a", "h").lines())
                .contains("pool_mode = session", "default_pool_size = 55");
    }

    @Test
    void authFileListsTheSuperuserAndTheSupportedRolesWithQuotesDoubled() {
        TestServer s = server(TestServer.Kind.EXTERNAL, "ad\"min", "se\"cret", EnumSet.of(AuthMethod.MD5, AuthMethod.SCRAM));
        PgBouncerConfig config = new PgBouncerConfig(s, PgBouncer.Mode.SESSION);

        assertThat(config.authFile().lines()).containsExactly(
                "\"ad\"\"min\" \"se\"\"cret\"",
                "\"pgfast_md5\" \"pgfast_md5_pw\"",
                "\"pgfast_scram\" \"pgfast_scram_pw\"");
        assertThat(config.hbaFile().lines().filter(l -> !l.startsWith("#"))).containsExactly(
                "host  all  \"ad\"\"min\"  127.0.0.1/32  scram-sha-256",
                "host  all  pgfast_md5  127.0.0.1/32  md5",
                "host  all  pgfast_scram  127.0.0.1/32  scram-sha-256");
    }

    @Test
    void versionIsReadFromTheBanner() {
        PgBouncerVersion v = PgBouncerVersion.parse("PgBouncer 1.18.0\nlibevent 2.1.12-stable\nadns: c-ares 1.18.1\n");

        assertThat(v).isEqualTo(new PgBouncerVersion(1, 18, 0));
        assertThat(v.supportsPreparedStatements()).isFalse();
        assertThat(PgBouncerVersion.parse("PgBouncer 1.21").supportsPreparedStatements()).isTrue();
        assertThat(PgBouncerVersion.parse("PgBouncer 1.24.1")).isGreaterThan(v).hasToString("1.24.1");
        assertThatThrownBy(() -> PgBouncerVersion.parse("bash: pgbouncer: command not found"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("command not found");
    }

    @Test
    void dependsFieldGivesThePackageNames() {
        assertThat(PgBouncerDownload.parseDepends("lsb-base (>= 3.1), postgresql-common (>= 26), libc-ares2 (>= 1.12), "
                + "libc6 (>= 2.36), libevent-2.1-7 (>= 2.1.8-stable), libssl3 (>= 3.0.0), libsystemd0, default-mta | mail-transport-agent"))
                .containsExactly("lsb-base", "postgresql-common", "libc-ares2", "libc6", "libevent-2.1-7", "libssl3",
                        "libsystemd0", "default-mta");
    }

    @Test
    void anExplicitExecutableThatDoesNotRunFailsWithoutFallingBack() {
        String before = System.getProperty(PgBouncerLocator.PROPERTY);
        System.setProperty(PgBouncerLocator.PROPERTY, "/nonexistent/pgbouncer");
        try {
            assertThatThrownBy(PgBouncerLocator::locate)
                    .hasMessageContaining("/nonexistent/pgbouncer");
            assertThat(PgBouncerLocator.skipWhenMissing()).isFalse();
            System.setProperty(PgBouncerLocator.PROPERTY, "skip");
            assertThat(PgBouncerLocator.skipWhenMissing()).isTrue();
        } finally {
            if (before == null) {
                System.clearProperty(PgBouncerLocator.PROPERTY);
            } else {
                System.setProperty(PgBouncerLocator.PROPERTY, before);
            }
        }
    }
}
