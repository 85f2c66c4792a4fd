package io.pgfast.it;

import io.pgfast.r2dbc.Notification;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;

import static org.assertj.core.api.Assertions.assertThat;

@RequiresPostgres
class NotificationTest {

    @Test
    void notificationsArriveWhileIdleWithChannelPayloadAndSender() {
        PgfastConnection listener = Pg.connect();
        PgfastConnection sender = Pg.connect();
        try {
            TestDb.run(listener, "LISTEN pgfast_events");
            int senderPid = TestDb.one(sender, "SELECT pg_backend_pid()", Integer.class);
            StepVerifier.create(listener.getNotifications().take(2))
                    .then(() -> TestDb.run(sender, "NOTIFY pgfast_events, 'first'; NOTIFY pgfast_events"))
                    .assertNext(n -> assertThat(n).isEqualTo(new Notification("pgfast_events", "first", senderPid)))
                    .assertNext(n -> assertThat(n).isEqualTo(new Notification("pgfast_events", "", senderPid)))
                    .expectComplete()
                    .verify(Duration.ofSeconds(10));
        } finally {
            TestDb.close(sender);
            TestDb.close(listener);
        }
    }

    @Test
    void notificationsArriveBetweenQueryResults() {
        PgfastConnection listener = Pg.connect();
        try {
            TestDb.run(listener, "LISTEN pgfast_self");
            StepVerifier.create(listener.getNotifications().take(1))
                    // a notification sent by the same session is delivered after its own command completes
                    .then(() -> assertThat(TestDb.column(listener, "NOTIFY pgfast_self, 'x'; SELECT generate_series(1, 1000)", Integer.class)).hasSize(1000))
                    .assertNext(n -> assertThat(n.payload()).isEqualTo("x"))
                    .expectComplete()
                    .verify(Duration.ofSeconds(10));
            assertThat(TestDb.one(listener, "SELECT 1", Integer.class)).isEqualTo(1);
        } finally {
            TestDb.close(listener);
        }
    }

    @Test
    void aSubscriberTooFarBehindGetsAnErrorAndTheConnectionStaysUsable() throws InterruptedException {
        PgfastConnection listener = Pg.connect();
        PgfastConnection sender = Pg.connect();
        try {
            TestDb.run(listener, "LISTEN pgfast_flood");
            AtomicInteger received = new AtomicInteger();
            AtomicReference<Throwable> error = new AtomicReference<>();
            BaseSubscriber<Notification> slow = new BaseSubscriber<>() {
                @Override
                protected void hookOnSubscribe(Subscription s) {
                    s.request(1);
                }

                @Override
                protected void hookOnNext(Notification n) {
                    received.incrementAndGet();
                }

                @Override
                protected void hookOnError(Throwable e) {
                    error.set(e);
                }
            };
            listener.getNotifications().subscribe(slow);
            // a second, fast subscriber tells when every notification has reached the connection
            AtomicInteger fast = new AtomicInteger();
            listener.getNotifications().subscribe(n -> fast.incrementAndGet());
            TestDb.run(sender, "SELECT pg_notify('pgfast_flood', g::text) FROM generate_series(1, 5000) g");
            for (int i = 0; i < 400 && fast.get() < 5000; i++) {
                Thread.sleep(25);
            }
            assertThat(fast.get()).as("the fast subscriber is unaffected").isEqualTo(5000);
            // the buffered notifications are still delivered, then the error
            slow.request(Long.MAX_VALUE);
            for (int i = 0; i < 200 && error.get() == null; i++) {
                Thread.sleep(50);
            }
            assertThat(error.get()).isInstanceOf(io.r2dbc.spi.R2dbcException.class).hasMessageContaining("slow subscriber");
            assertThat(received.get()).isEqualTo(1 + PgfastConnection.NOTIFICATION_BUFFER);
            assertThat(TestDb.one(listener, "SELECT 1", Integer.class)).isEqualTo(1);
            StepVerifier.create(listener.getNotifications().take(1))
                    .then(() -> TestDb.run(sender, "NOTIFY pgfast_flood, 'again'"))
                    .assertNext(n -> assertThat(n.payload()).isEqualTo("again"))
                    .expectComplete()
                    .verify(Duration.ofSeconds(10));
        } finally {
            TestDb.close(sender);
            TestDb.close(listener);
        }
    }

    @Test
    void closingTheConnectionCompletesTheStream() {
        PgfastConnection listener = Pg.connect();
        Flux<Notification> stream = listener.getNotifications();
        StepVerifier.create(stream)
                .then(() -> TestDb.close(listener))
                .expectComplete()
                .verify(Duration.ofSeconds(10));
    }
}
