package io.pgfast.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.config.SslMode;
import io.pgfast.r2dbc.ListenEvent;
import io.pgfast.r2dbc.Notification;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.r2dbc.ReconnectingListener;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcPermissionDeniedException;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * {@link ReconnectingListener} on the harness's server: the listening backend is terminated
 * ({@code pg_terminate_backend}, as a failover or a restart ends it) and the listener comes back on a new
 * connection, saying that notifications may have been missed; an error a new connection cannot cure ends it.
 */
@RequiresPostgres
class ReconnectingListenerTest {
    private static final Duration BOUND = Duration.ofSeconds(30);
    private static final String APPLICATION = "pgfast-reconnecting-listener";

    private static PgfastConnectionConfigurationBuilder config(String password) {
        TestServer s = TestPostgres.get();
        TestRole r = s.role(AuthMethod.SCRAM);
        return PgfastConnectionConfiguration.builder().host(s.host()).port(s.port()).database(s.database())
                .username(r.user()).password(password == null ? r.password() : password).sslMode(SslMode.DISABLE)
                .applicationName(APPLICATION);
    }

    @Test
    void aTerminatedListenerComesBackAndSaysNotificationsMayHaveBeenMissed() throws Exception {
        PgfastConnectionFactory factory = new PgfastConnectionFactory(config(null).build());
        PgfastConnection other = Mono.from(factory.create()).cast(PgfastConnection.class).block(BOUND);
        BlockingQueue<Object> events = new LinkedBlockingQueue<>();
        Disposable listening = ReconnectingListener.listen(factory, List.of("reconnecting events"))
                .subscribe(events::add, events::add, () -> events.add("completed"));
        try {
            ListenEvent.Listening first = next(events, ListenEvent.Listening.class);
            assertThat(first.resumed()).isFalse();
            assertThat(first.server()).isEqualTo(TestPostgres.get().host() + ":" + TestPostgres.get().port());
            execute(other, "NOTIFY \"reconnecting events\", 'one'");
            assertThat(next(events, ListenEvent.Received.class).notification().payload()).isEqualTo("one");

            execute(other, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '" + APPLICATION
                    + "' AND pid <> pg_backend_pid()");
            ListenEvent.Listening again = next(events, ListenEvent.Listening.class);
            assertThat(again.resumed()).isTrue();
            assertThat(again.lost()).isInstanceOf(R2dbcNonTransientResourceException.class)
                    .hasMessageContaining("57P01").hasMessageContaining(first.server());
            execute(other, "NOTIFY \"reconnecting events\", 'two'");
            Notification two = next(events, ListenEvent.Received.class).notification();
            assertThat(two.channel()).isEqualTo("reconnecting events");
            assertThat(two.payload()).isEqualTo("two");
        } finally {
            listening.dispose();
        }
        // cancelling closes the listening connection
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (count(other, "SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + APPLICATION
                + "' AND pid <> pg_backend_pid()") > 0) {
            assertThat(System.nanoTime()).as("the listening connection is still open").isLessThan(deadline);
            Thread.sleep(20);
        }
        Mono.from(other.close()).block(BOUND);
        assertThat(events).isEmpty();
    }

    @Test
    void anErrorANewConnectionCannotCureEndsTheStream() {
        PgfastConnectionFactory wrongPassword = new PgfastConnectionFactory(config("not the password").build());
        StepVerifier.create(ReconnectingListener.listen(wrongPassword, List.of("events")))
                .expectError(R2dbcPermissionDeniedException.class)
                .verify(BOUND);
    }

    @Test
    void argumentsAreChecked() {
        PgfastConnectionFactory factory = new PgfastConnectionFactory(config(null).build());
        assertThatThrownBy(() -> ReconnectingListener.listen(factory, List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReconnectingListener.listen(factory, List.of("a\0b"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReconnectingListener.listen(null, List.of("a"))).isInstanceOf(IllegalArgumentException.class);
    }

    private static <T> T next(BlockingQueue<Object> events, Class<T> type) throws InterruptedException {
        Object e = events.poll(BOUND.toSeconds(), TimeUnit.SECONDS);
        assertThat(e).as("the next event, within " + BOUND.toSeconds() + " s").isInstanceOf(type);
        return type.cast(e);
    }

    private static void execute(PgfastConnection c, String sql) {
        Flux.from(c.createStatement(sql).execute()).concatMap(r -> r.map((row, md) -> 1)).then().block(BOUND);
    }

    private static long count(PgfastConnection c, String sql) {
        return Flux.from(c.createStatement(sql).execute()).concatMap(r -> r.map((row, md) -> row.get(0, Long.class)))
                .single().block(BOUND);
    }
}
