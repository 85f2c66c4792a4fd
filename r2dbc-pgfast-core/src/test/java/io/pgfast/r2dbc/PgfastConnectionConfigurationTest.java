package io.pgfast.r2dbc;

import io.pgfast.config.ChannelBindingMode;
import io.pgfast.config.HostSpec;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.config.SslMode;
import io.pgfast.config.SslNegotiation;
import io.pgfast.config.TargetServerType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;

class PgfastConnectionConfigurationTest {

    private static PgfastConnectionConfigurationBuilder builder() {
        return PgfastConnectionConfiguration.builder().username("alice");
    }

    @Test
    void defaults() {
        PgfastConnectionConfiguration c = builder().build();

        assertThat(c.host()).isEqualTo("localhost");
        assertThat(c.port()).isEqualTo(5432);
        assertThat(c.socket()).isEmpty();
        assertThat(c.socketFile()).isEmpty();
        assertThat(c.database()).isEmpty();
        assertThat(c.username()).isEqualTo("alice");
        assertThat(c.password().block()).isNull();
        assertThat(c.applicationName()).isEqualTo("r2dbc-pgfast");
        assertThat(c.options()).isEmpty();
        assertThat(c.timeZone()).isEqualTo(ZoneId.systemDefault());
        assertThat(c.connectTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(c.statementTimeout()).isEmpty();
        assertThat(c.lockWaitTimeout()).isEmpty();
        assertThat(c.tcpKeepAlive()).isTrue();
        assertThat(c.tcpKeepAliveIdle()).isEqualTo(Duration.ofSeconds(30));
        assertThat(c.tcpKeepAliveInterval()).isEqualTo(Duration.ofSeconds(10));
        assertThat(c.tcpKeepAliveCount()).isEqualTo(3);
        assertThat(c.tcpUserTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(c.tcpNoDelay()).isTrue();
        assertThat(c.sslMode()).isEqualTo(SslMode.PREFER);
        assertThat(c.sslRootCert()).isEmpty();
        assertThat(c.sslCert()).isEmpty();
        assertThat(c.sslKey()).isEmpty();
        assertThat(c.sslPassword()).isEmpty();
        assertThat(c.sslSni()).isTrue();
        assertThat(c.sslNegotiation()).isEqualTo(SslNegotiation.POSTGRES);
        assertThat(c.channelBinding()).isEqualTo(ChannelBindingMode.PREFER);
        assertThat(c.allowCleartextPassword()).isTrue();
        assertThat(c.preparedStatementCacheQueries()).isEqualTo(256);
        assertThat(c.fetchSize()).isZero();
        assertThat(c.pipelineLimit()).isEqualTo(256);
        assertThat(c.maxMessageSize()).isEqualTo(1024 * 1024 * 1024 + 1024 * 1024);
        assertThat(c.autodetectExtensions()).isTrue();
    }

    @Test
    void everyOptionIsKept() {
        PgfastConnectionConfiguration c = builder()
                .host("db.example.com").port(6543).database("app").password("pw").applicationName("billing")
                .option("search_path", "app").option("myapp.tenant", "7").timeZone(ZoneId.of("Asia/Tokyo"))
                .connectTimeout(Duration.ofSeconds(3)).statementTimeout(Duration.ofSeconds(30)).lockWaitTimeout(Duration.ofMillis(500))
                .tcpKeepAlive(false).tcpKeepAliveIdle(Duration.ofSeconds(5)).tcpKeepAliveInterval(Duration.ofSeconds(2))
                .tcpKeepAliveCount(2).tcpUserTimeout(Duration.ofMillis(4500)).tcpNoDelay(false).sslMode(SslMode.VERIFY_FULL).sslRootCert(Path.of("/r.crt"))
                .sslCert("/c.crt").sslKey("/c.key").sslPassword("kp").sslSni(false).sslNegotiation(SslNegotiation.DIRECT)
                .channelBinding(ChannelBindingMode.REQUIRE).allowCleartextPassword(false).preparedStatementCacheQueries(-1)
                .fetchSize(100).pipelineLimit(1).maxMessageSize(65536).autodetectExtensions(false)
                .build();

        assertThat(c.host()).isEqualTo("db.example.com");
        assertThat(c.port()).isEqualTo(6543);
        assertThat(c.database()).contains("app");
        assertThat(c.password().block()).hasToString("pw");
        assertThat(c.applicationName()).isEqualTo("billing");
        assertThat(c.options()).containsExactly(Map.entry("search_path", "app"), Map.entry("myapp.tenant", "7"));
        assertThat(c.timeZone()).isEqualTo(ZoneId.of("Asia/Tokyo"));
        assertThat(c.connectTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(c.statementTimeout()).contains(Duration.ofSeconds(30));
        assertThat(c.lockWaitTimeout()).contains(Duration.ofMillis(500));
        assertThat(c.tcpKeepAlive()).isFalse();
        assertThat(c.tcpKeepAliveIdle()).isEqualTo(Duration.ofSeconds(5));
        assertThat(c.tcpKeepAliveInterval()).isEqualTo(Duration.ofSeconds(2));
        assertThat(c.tcpKeepAliveCount()).isEqualTo(2);
        assertThat(c.tcpUserTimeout()).isEqualTo(Duration.ofMillis(4500));
        assertThat(c.tcpNoDelay()).isFalse();
        assertThat(c.sslMode()).isEqualTo(SslMode.VERIFY_FULL);
        assertThat(c.sslRootCert()).contains("/r.crt");
        assertThat(c.sslCert()).contains(Path.of("/c.crt"));
        assertThat(c.sslKey()).contains(Path.of("/c.key"));
        assertThat(c.sslPassword()).contains("kp");
        assertThat(c.sslSni()).isFalse();
        assertThat(c.sslNegotiation()).isEqualTo(SslNegotiation.DIRECT);
        assertThat(c.channelBinding()).isEqualTo(ChannelBindingMode.REQUIRE);
        assertThat(c.allowCleartextPassword()).isFalse();
        assertThat(c.preparedStatementCacheQueries()).isEqualTo(-1);
        assertThat(c.fetchSize()).isEqualTo(100);
        assertThat(c.pipelineLimit()).isEqualTo(1);
        assertThat(c.maxMessageSize()).isEqualTo(65536);
        assertThat(c.autodetectExtensions()).isFalse();

        PgfastConnectionConfiguration copy = c.mutate().port(7000).build();
        assertThat(copy.port()).isEqualTo(7000);
        assertThat(copy.toString()).isEqualTo(c.toString().replace("port=6543", "port=7000"));
        assertThat(copy.password().block()).hasToString("pw");
    }

    @Test
    void usernameIsRequired() {
        assertThatThrownBy(() -> PgfastConnectionConfiguration.builder().build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("username is required");
        assertThatThrownBy(() -> PgfastConnectionConfiguration.builder().username(" "))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("username must not be empty");
        assertThatThrownBy(() -> PgfastConnectionConfiguration.builder().username("a\0b"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NUL");
    }

    @Test
    void hostStartingWithSlashIsASocketDirectory() {
        PgfastConnectionConfiguration c = builder().host("/var/run/postgresql").port(5433).build();

        assertThat(c.socket()).contains("/var/run/postgresql");
        assertThat(c.socketFile()).contains(Path.of("/var/run/postgresql/.s.PGSQL.5433"));
        assertThat(c.host()).isEqualTo("localhost");
    }

    @Test
    void ipv6BracketsAreRemoved() {
        assertThat(builder().host("[::1]").build().host()).isEqualTo("::1");
        assertThat(builder().host("fe80::1").build().host()).isEqualTo("fe80::1");
    }

    @Test
    void hostLists() {
        PgfastConnectionConfiguration c = builder().host("h1:5432,h2").port(5433).build();
        assertThat(c.hosts()).containsExactly(new HostSpec("h1", 5432), new HostSpec("h2", 5433));
        assertThatThrownBy(() -> c.hosts().add(new HostSpec("h3", 1))).isInstanceOf(UnsupportedOperationException.class);
        // entries without a port follow a later change of the port option
        assertThat(c.mutate().port(6000).build().hosts()).containsExactly(new HostSpec("h1", 5432), new HostSpec("h2", 6000));
        assertThat(builder().addHost("a", 1).addHost("[::1]", 2).build().hosts())
                .containsExactly(new HostSpec("a", 1), new HostSpec("::1", 2));
        assertThat(builder().hosts(List.of(new HostSpec("x", 9))).build().hosts()).containsExactly(new HostSpec("x", 9));
        assertThat(builder().build().hosts()).containsExactly(new HostSpec("localhost", 5432));
        assertThat(c.toString()).contains("host=[h1:5432, h2:5433]");
        assertThat(builder().host("db").build().toString()).contains("host=db,");
    }

    @Test
    void socketAndHostListDoNotMix() {
        assertThatThrownBy(() -> builder().host("h1,h2").socket("/tmp").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("socket")
                .hasMessageContaining("host list");
        assertThatThrownBy(() -> builder().host("h1,/tmp"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Unix socket directory");
        assertThat(builder().host("h1").socket("/tmp").build().socket()).contains("/tmp");
    }

    @Test
    void multiHostOptionsAreChecked() {
        assertThat(builder().build().targetServerType()).isEqualTo(TargetServerType.ANY);
        assertThat(builder().build().loadBalanceHosts()).isFalse();
        assertThat(builder().build().hostRecheckSeconds()).isEqualTo(10);
        assertThatThrownBy(() -> builder().targetServerType(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder().hostRecheckSeconds(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hostRecheckSeconds");
        assertThatThrownBy(() -> builder().hosts(List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder().addHost("h", 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("between 1 and 65535");
        PgfastConnectionConfiguration c = builder().targetServerType(TargetServerType.STANDBY).loadBalanceHosts(true)
                .hostRecheckSeconds(0).build().mutate().build();
        assertThat(c.targetServerType()).isEqualTo(TargetServerType.STANDBY);
        assertThat(c.loadBalanceHosts()).isTrue();
        assertThat(c.hostRecheckSeconds()).isZero();
    }

    @Test
    void socketPathLengthIsBounded() {
        String dir = "/" + "d".repeat(100);
        assertThatThrownBy(() -> builder().socket(dir).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Unix-domain socket paths are limited to 107");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 65536, 100000})
    void portRange(int port) {
        assertThatThrownBy(() -> builder().port(port)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("port");
    }

    @Test
    void numericRanges() {
        assertThatThrownBy(() -> builder().preparedStatementCacheQueries(-2)).hasMessageContaining("preparedStatementCacheQueries");
        assertThatThrownBy(() -> builder().fetchSize(-1)).hasMessageContaining("fetchSize");
        assertThatThrownBy(() -> builder().pipelineLimit(0)).hasMessageContaining("pipelineLimit");
        assertThatThrownBy(() -> builder().maxMessageSize(0)).hasMessageContaining("maxMessageSize");
        assertThat(builder().preparedStatementCacheQueries(0).build().preparedStatementCacheQueries()).isZero();
    }

    @Test
    void timeouts() {
        assertThatThrownBy(() -> builder().connectTimeout(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("connectTimeout must not be negative, got PT-1S");
        assertThatThrownBy(() -> builder().connectTimeout(null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Duration.ZERO");
        assertThatThrownBy(() -> builder().statementTimeout(Duration.ofNanos(10)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("statementTimeout must be zero or at least 1 ms");
        assertThatThrownBy(() -> builder().lockWaitTimeout(Duration.ofDays(30)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lockWaitTimeout must be at most");
        assertThat(builder().connectTimeout(Duration.ZERO).statementTimeout(Duration.ZERO).build().statementTimeout())
                .contains(Duration.ZERO);
        assertThat(builder().statementTimeout(Duration.ofSeconds(1)).statementTimeout(null).build().statementTimeout()).isEmpty();
    }

    @Test
    void optionsAreCheckedAndUnmodifiable() {
        assertThatThrownBy(() -> builder().option("statement_timeout", "1s"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("use the statementTimeout option");
        assertThatThrownBy(() -> builder().option("TimeZone", "UTC"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("use the timeZone option");
        assertThatThrownBy(() -> builder().option("client_encoding", "LATIN1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("the driver sets it");
        assertThatThrownBy(() -> builder().option("bad name", "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a configuration parameter name");
        assertThatThrownBy(() -> builder().option("_pq_.x", "1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("protocol option");
        assertThatThrownBy(() -> builder().option("search_path", null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("search_path");
        assertThatThrownBy(() -> builder().option("search_path", "a\0b"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NUL");

        Map<String, String> source = new LinkedHashMap<>();
        source.put("search_path", "app");
        PgfastConnectionConfiguration c = builder().options(source).build();
        source.put("work_mem", "1MB");
        assertThat(c.options()).containsOnlyKeys("search_path");
        assertThatThrownBy(() -> c.options().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void sslRootCertSystemImpliesVerifyFull() {
        assertThat(builder().sslRootCert("system").build().sslMode()).isEqualTo(SslMode.VERIFY_FULL);
        assertThatThrownBy(() -> builder().sslRootCert("system").sslMode(SslMode.REQUIRE).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sslRootCert=system requires sslMode verify-full");
    }

    @Test
    void directNegotiationNeedsRequiredTls() {
        assertThatThrownBy(() -> builder().sslNegotiation(SslNegotiation.DIRECT).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sslNegotiation=direct requires sslMode require");
        assertThat(builder().sslNegotiation(SslNegotiation.DIRECT).sslMode(SslMode.REQUIRE).build().sslNegotiation())
                .isEqualTo(SslNegotiation.DIRECT);
    }

    @Test
    void channelBindingRequireNeedsTls() {
        assertThatThrownBy(() -> builder().channelBinding(ChannelBindingMode.REQUIRE).sslMode(SslMode.DISABLE).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("channelBinding=require needs TLS");
    }

    @Test
    void clientCertificateAndKeyGoTogether() {
        assertThatThrownBy(() -> builder().sslCert("/c.crt").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("sslCert and sslKey must be given together (got only sslCert)");
        assertThatThrownBy(() -> builder().sslKey("/c.key").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("sslCert and sslKey must be given together (got only sslKey)");
    }

    @Test
    void supplierPasswordIsAskedForEveryConnection() {
        AtomicInteger calls = new AtomicInteger();
        PgfastConnectionConfiguration c = builder().password(() -> "token-" + calls.incrementAndGet()).build();

        assertThat(calls).hasValue(0);
        assertThat(c.password().block()).hasToString("token-1");
        assertThat(c.password().block()).hasToString("token-2");
    }

    @Test
    void publisherPasswordIsSubscribedForEveryConnection() {
        AtomicInteger calls = new AtomicInteger();
        PgfastConnectionConfiguration c = builder().password(Mono.fromCallable(() -> "iam-" + calls.incrementAndGet())).build();

        assertThat(c.password().block()).hasToString("iam-1");
        assertThat(c.password().block()).hasToString("iam-2");
        assertThat(c.toString()).contains("password=<hidden>");
    }

    @Test
    void supplierReturningNullMeansNoPassword() {
        assertThat(builder().password(() -> null).build().password().block()).isNull();
    }

    @Test
    void toStringHidesBothPasswords() {
        String s = builder().password("hunter2-very-secret").sslPassword("key-secret-42").build().toString();

        assertThat(s).doesNotContain("hunter2-very-secret").doesNotContain("key-secret-42")
                .contains("password=<hidden>").contains("sslPassword=<hidden>").contains("username=alice");
        assertThat(builder().build().toString()).contains("password=<none>").contains("sslPassword=<none>");
    }

    @Test
    void enumParsing() {
        assertThat(SslMode.from("verify-full")).isEqualTo(SslMode.VERIFY_FULL);
        assertThat(SslMode.from("VERIFY_CA")).isEqualTo(SslMode.VERIFY_CA);
        assertThat(SslMode.from(" Prefer ")).isEqualTo(SslMode.PREFER);
        assertThat(SslMode.VERIFY_FULL.libpqName()).isEqualTo("verify-full");
        assertThatThrownBy(() -> SslMode.from("verify")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sslMode must be one of").hasMessageContaining("'verify'");
        assertThatThrownBy(() -> SslMode.from(null)).isInstanceOf(IllegalArgumentException.class);
        assertThat(SslNegotiation.from("Direct")).isEqualTo(SslNegotiation.DIRECT);
        assertThatThrownBy(() -> SslNegotiation.from("tls")).hasMessageContaining("sslNegotiation");
        assertThat(ChannelBindingMode.from("REQUIRE")).isEqualTo(ChannelBindingMode.REQUIRE);
        assertThat(ChannelBindingMode.PREFER.libpqName()).isEqualTo("prefer");
        assertThatThrownBy(() -> ChannelBindingMode.from("maybe")).hasMessageContaining("channelBinding");
    }

    @Test
    void sslModeSemantics() {
        assertThat(SslMode.DISABLE.startsWithTls()).isFalse();
        assertThat(SslMode.ALLOW.startsWithTls()).isFalse();
        assertThat(SslMode.PREFER.startsWithTls()).isTrue();
        assertThat(SslMode.PREFER.requiresTls()).isFalse();
        assertThat(SslMode.REQUIRE.requiresTls()).isTrue();
        assertThat(SslMode.REQUIRE.verifiesCertificate()).isFalse();
        assertThat(SslMode.VERIFY_CA.verifiesCertificate()).isTrue();
        assertThat(SslMode.VERIFY_CA.verifiesHostName()).isFalse();
        assertThat(SslMode.VERIFY_FULL.verifiesHostName()).isTrue();
    }

    /** The kernel counts keepalive times in whole seconds and bounds them (tcp(7)): other values are refused, naming the option. */
    @Test
    void keepaliveAndUserTimeoutValuesOutsideWhatTheKernelTakesAreRefused() {
        assertThatThrownBy(() -> builder().tcpKeepAliveIdle(Duration.ofMillis(1500))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tcpKeepAliveIdle must be whole seconds from 1 s to 32767 s");
        assertThatThrownBy(() -> builder().tcpKeepAliveIdle(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder().tcpKeepAliveInterval(Duration.ofSeconds(32768))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tcpKeepAliveInterval");
        assertThatThrownBy(() -> builder().tcpKeepAliveInterval(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder().tcpKeepAliveCount(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tcpKeepAliveCount must be between 1 and 127, got 0");
        assertThatThrownBy(() -> builder().tcpKeepAliveCount(128)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder().tcpUserTimeout(Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tcpUserTimeout");
        assertThatThrownBy(() -> builder().tcpUserTimeout(Duration.ofMillis(Integer.MAX_VALUE + 1L))).isInstanceOf(IllegalArgumentException.class);
        assertThat(builder().tcpKeepAliveIdle(Duration.ofSeconds(32767)).tcpUserTimeout(Duration.ZERO).build().tcpUserTimeout()).isZero();
    }

    /** The early cancel's time bound is a timer's delay: a value past any timer is refused when set, not at connect. */
    @Test
    void cancelDrainTimeIsBoundedAsATimeout() {
        assertThatThrownBy(() -> builder().cancelDrainTime(Duration.ofSeconds(Long.MAX_VALUE)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cancelDrainTime");
        assertThatThrownBy(() -> builder().cancelDrainTime(Duration.ofMillis(Integer.MAX_VALUE + 1L)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(builder().cancelDrainTime(Duration.ofDays(24)).build().cancelDrainTime()).isEqualTo(Duration.ofDays(24));
    }
}
