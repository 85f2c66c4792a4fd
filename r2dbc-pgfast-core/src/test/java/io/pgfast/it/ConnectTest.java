package io.pgfast.it;

import io.pgfast.config.ChannelBindingMode;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.pgfast.testing.TestServer;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcPermissionDeniedException;
import io.r2dbc.spi.ValidationDepth;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import reactor.core.publisher.Mono;

import java.time.ZoneId;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

@RequiresPostgres
class ConnectTest {

    @ParameterizedTest
    @EnumSource(value = AuthMethod.class, names = {"TRUST", "PASSWORD", "MD5", "SCRAM"})
    void everyPasswordMethodLogsInOverPlainTcp(AuthMethod method) {
        assumeTrue(TestDb.server().supports(method));
        PgfastConnection c = Pg.connect(Pg.config(method).build());
        try {
            assertThat(TestDb.one(c, "SELECT current_user", String.class)).isEqualTo(TestDb.server().role(method).user());
        } finally {
            TestDb.close(c);
        }
    }

    @ParameterizedTest
    @EnumSource(value = AuthMethod.class, names = {"PASSWORD", "MD5", "SCRAM"})
    void wrongPasswordIsPermissionDenied(AuthMethod method) {
        assumeTrue(TestDb.server().supports(method));
        PgfastConnectionConfiguration config = Pg.config(method).password("not-the-password-42").build();
        assertThatThrownBy(() -> Pg.connect(config))
                .isInstanceOf(R2dbcPermissionDeniedException.class)
                .hasMessageContaining("password authentication failed")
                .hasMessageNotContaining("not-the-password-42")
                .satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("28P01"));
    }

    @Test
    void requiredChannelBindingWithTlsDisabledIsRefusedUpFront() {
        assertThatThrownBy(() -> Pg.config(AuthMethod.SCRAM).channelBinding(ChannelBindingMode.REQUIRE).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("channelBinding=require");
    }

    @Test
    void cleartextPasswordCanBeRefused() {
        assumeTrue(TestDb.server().supports(AuthMethod.PASSWORD));
        PgfastConnectionConfiguration config = Pg.config(AuthMethod.PASSWORD).allowCleartextPassword(false).build();
        assertThatThrownBy(() -> Pg.connect(config))
                .isInstanceOf(R2dbcPermissionDeniedException.class)
                .hasMessageContaining("allowCleartextPassword=false");
    }

    @Test
    void missingPasswordIsAClearError() {
        PgfastConnectionConfiguration config = PgfastConnectionConfiguration.builder()
                .host(TestDb.server().host()).port(TestDb.server().port()).database(TestDb.server().database())
                .username(TestDb.server().role(AuthMethod.SCRAM).user()).sslMode(io.pgfast.config.SslMode.DISABLE).build();
        assertThatThrownBy(() -> Pg.connect(config)).hasMessageContaining("none was configured");
    }

    @Test
    void urlWithCoercedOptionsConnects() {
        TestServer s = TestDb.server();
        String url = "r2dbc:pgfast://" + s.role(AuthMethod.SCRAM).user() + ":" + s.role(AuthMethod.SCRAM).password()
                + "@" + s.host() + ":" + s.port() + "/" + s.database()
                + "?sslMode=disable&connectTimeout=PT5S&applicationName=url-test&tcpKeepAlive=true&unknownOption=whatever";
        ConnectionFactory factory = ConnectionFactories.get(url);
        assertThat(factory.getMetadata().getName()).isEqualTo("PostgreSQL");
        PgfastConnection c = (PgfastConnection) Mono.from(factory.create()).block(TestDb.TIMEOUT);
        try {
            assertThat(TestDb.one(c, "SELECT current_setting('application_name')", String.class)).isEqualTo("url-test");
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void sessionSettingsAreSentAtStartup() {
        PgfastConnection c = Pg.connect(Pg.config(AuthMethod.SCRAM).timeZone(ZoneId.of("Asia/Kolkata"))
                .option("search_path", "pg_catalog,public").statementTimeout(java.time.Duration.ofSeconds(7)).build());
        try {
            assertThat(TestDb.one(c, "SELECT current_setting('application_name')", String.class)).isEqualTo("r2dbc-pgfast");
            assertThat(TestDb.one(c, "SELECT current_setting('TimeZone')", String.class)).isEqualTo("Asia/Kolkata");
            assertThat(TestDb.one(c, "SELECT current_setting('DateStyle')", String.class)).startsWith("ISO");
            assertThat(TestDb.one(c, "SELECT current_setting('client_encoding')", String.class)).isEqualTo("UTF8");
            assertThat(TestDb.one(c, "SELECT current_setting('search_path')", String.class)).isEqualTo("pg_catalog,public");
            assertThat(TestDb.one(c, "SELECT current_setting('statement_timeout')", String.class)).isEqualTo("7s");
            assertThat(c.getMetadata().getDatabaseVersion()).startsWith(String.valueOf(TestDb.server().majorVersion()));
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void unixSocket() {
        TestServer s = TestDb.server();
        assumeTrue(s.socketDirectory().isPresent());
        PgfastConnection c = Pg.connect(Pg.config(AuthMethod.SCRAM).socket(s.socketDirectory().get().toString()).build());
        try {
            assertThat(TestDb.one(c, "SELECT 1", Integer.class)).isEqualTo(1);
            assertThat(TestDb.one(c, "SELECT inet_client_addr() IS NULL", Boolean.class)).isTrue();
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void validateAndCloseTwice() {
        PgfastConnection c = Pg.connect();
        assertThat(Mono.from(c.validate(ValidationDepth.LOCAL)).block()).isTrue();
        assertThat(Mono.from(c.validate(ValidationDepth.REMOTE)).block()).isTrue();
        TestDb.close(c);
        TestDb.close(c);
        assertThat(Mono.from(c.validate(ValidationDepth.LOCAL)).block()).isFalse();
        assertThat(Mono.from(c.validate(ValidationDepth.REMOTE)).block()).isFalse();
    }

    @Test
    void createIsLazy() {
        ConnectionFactory factory = Pg.factory();
        Mono<?> mono = Mono.from(factory.create());
        // nothing was opened: assembling the Mono must not connect (checked by the server's count)
        PgfastConnection probe = Pg.connect();
        try {
            long before = TestDb.one(probe, "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'r2dbc-pgfast'", Long.class);
            assertThat(before).isGreaterThanOrEqualTo(1);
            assertThat(mono).isNotNull();
            long after = TestDb.one(probe, "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'r2dbc-pgfast'", Long.class);
            assertThat(after).isEqualTo(before);
        } finally {
            TestDb.close(probe);
        }
    }

    @Test
    void serverKillsTheBackendWhileIdle() throws InterruptedException {
        PgfastConnection victim = Pg.connect();
        PgfastConnection killer = Pg.connect();
        try {
            int pid = TestDb.one(victim, "SELECT pg_backend_pid()", Integer.class);
            assertThat(TestDb.one(killer, "SELECT pg_terminate_backend(" + pid + ")", Boolean.class)).isTrue();
            for (int i = 0; i < 100 && Boolean.TRUE.equals(Mono.from(victim.validate(ValidationDepth.LOCAL)).block()); i++) {
                Thread.sleep(20);
            }
            assertThat(Mono.from(victim.validate(ValidationDepth.LOCAL)).block()).isFalse();
            assertThatThrownBy(() -> TestDb.one(victim, "SELECT 1", Integer.class))
                    .isInstanceOf(io.r2dbc.spi.R2dbcNonTransientResourceException.class);
        } finally {
            TestDb.close(killer);
            TestDb.close(victim);
        }
    }
}
