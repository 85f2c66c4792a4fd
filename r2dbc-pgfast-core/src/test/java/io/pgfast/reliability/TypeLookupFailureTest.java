package io.pgfast.reliability;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.ValidationDepth;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The first connection of a factory looks up the database's own types (enums, composites, domains,
 * extension types) before {@code create()} emits it. When the connection breaks during that lookup,
 * {@code create()} must fail: a pool or an application handed an already-closed connection fails
 * later and less clearly.
 */
@RequiresPostgres
class TypeLookupFailureTest {

    private static final Duration BOUND = Duration.ofSeconds(10);

    private static PgfastConnectionConfiguration config(FaultProxy proxy) {
        return builder(proxy).build();
    }

    private static PgfastConnectionConfigurationBuilder builder(FaultProxy proxy) {
        return Pg.config(AuthMethod.SCRAM, "127.0.0.1", proxy.port()).connectTimeout(Duration.ofSeconds(3));
    }

    /** Bytes the server sends a new connection: with the type lookup (first of a factory) and without (later ones). */
    private static long[] calibrate() {
        try (FaultProxy proxy = FaultProxy.to(TestDb.server().host(), TestDb.server().port())) {
            PgfastConnectionFactory factory = new PgfastConnectionFactory(config(proxy));
            PgfastConnection first = (PgfastConnection) Mono.from(factory.create()).block(BOUND);
            long withLookup = proxy.lastLink().toClient();
            PgfastConnection second = (PgfastConnection) Mono.from(factory.create()).block(BOUND);
            long withoutLookup = proxy.lastLink().toClient();
            TestDb.close(first);
            TestDb.close(second);
            assertThat(withLookup).isGreaterThan(withoutLookup);
            return new long[] {withLookup, withoutLookup};
        }
    }

    @Test
    void aConnectionLostDuringTheTypeLookupFailsCreate() {
        long[] bytes = calibrate();
        try (FaultProxy proxy = FaultProxy.to(TestDb.server().host(), TestDb.server().port())) {
            // close server->client halfway through the lookup's answer
            proxy.faultNext(Fault.at(Fault.Kind.CLOSE, Fault.Direction.TO_CLIENT, bytes[1] + (bytes[0] - bytes[1]) / 2));
            PgfastConnection c = null;
            Throwable failure = null;
            try {
                c = (PgfastConnection) Mono.from(new PgfastConnectionFactory(config(proxy)).create()).block(BOUND);
            } catch (RuntimeException e) {
                failure = e;
            }
            assertThat(proxy.lastLink().triggered()).isTrue();
            if (c != null) {
                boolean valid = Boolean.TRUE.equals(Mono.from(c.validate(ValidationDepth.LOCAL)).block(BOUND));
                TestDb.close(c);
                assertThat(valid).as("create() emitted a connection that is already closed").isTrue();
            } else {
                assertThat(failure).isInstanceOf(R2dbcException.class);
            }
        }
    }

    /**
     * A stall in the lookup's answer ends by socketTimeout, and create() says so: an R2dbcTimeoutException,
     * not a generic lost connection (a caller retries a timeout differently).
     */
    @Test
    void aStallDuringTheTypeLookupEndsInTheSocketTimeout() {
        long[] bytes = calibrate();
        try (FaultProxy proxy = FaultProxy.to(TestDb.server().host(), TestDb.server().port())) {
            proxy.faultNext(Fault.at(Fault.Kind.STALL, Fault.Direction.TO_CLIENT, bytes[1] + (bytes[0] - bytes[1]) / 2));
            PgfastConnectionConfiguration config = builder(proxy).socketTimeout(Duration.ofMillis(300)).build();
            Throwable failure = null;
            try {
                TestDb.close((PgfastConnection) Mono.from(new PgfastConnectionFactory(config).create()).block(BOUND));
            } catch (RuntimeException e) {
                failure = e;
            }
            assertThat(proxy.lastLink().triggered()).isTrue();
            assertThat(failure).isInstanceOf(R2dbcTimeoutException.class).hasMessageContaining("socketTimeout");
        }
    }

    @Test
    void aConnectionLostDuringStartupFailsCreate() {
        long[] bytes = calibrate();
        try (FaultProxy proxy = FaultProxy.to(TestDb.server().host(), TestDb.server().port())) {
            proxy.faultNext(Fault.at(Fault.Kind.CLOSE, Fault.Direction.TO_CLIENT, bytes[1] / 2));
            Throwable failure = null;
            try {
                Mono.from(new PgfastConnectionFactory(config(proxy)).create()).block(BOUND);
            } catch (RuntimeException e) {
                failure = e;
            }
            assertThat(failure).isInstanceOf(R2dbcException.class);
        }
    }
}
