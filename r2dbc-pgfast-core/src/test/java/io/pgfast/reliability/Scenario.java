package io.pgfast.reliability;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.Notification;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.config.SslMode;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.TestDb;
import io.pgfast.testing.TestServer;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.ValidationDepth;
import io.r2dbc.spi.Result;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One exchange between driver and server that {@link FaultMatrix} breaks: its configuration (the
 * proxy in front of the test server) and the operation run once connected. An operation's Mono
 * emits whether the result was the right one, so a fault that changes data without breaking the
 * protocol is seen.
 */
enum Scenario {

    /** Startup without authentication (trust), plaintext. */
    STARTUP_PLAIN(true) {
        @Override
        PgfastConnectionConfigurationBuilder config(int port) {
            return Pg.config(TestDb.server().supports(AuthMethod.TRUST) ? AuthMethod.TRUST : AuthMethod.MD5, "127.0.0.1", port);
        }
    },

    /** SSLRequest, the TLS handshake (sslMode=require, the harness CA) and SCRAM inside it. */
    STARTUP_TLS(true) {
        @Override
        PgfastConnectionConfigurationBuilder config(int port) {
            TestServer s = TestDb.server();
            return Pg.config(AuthMethod.SCRAM, "127.0.0.1", port).sslMode(SslMode.REQUIRE).sslRootCert(s.caCert());
        }

        @Override
        boolean encrypted() {
            return true;
        }
    },

    /** SCRAM-SHA-256 over plaintext: SASL, SASLContinue, SASLFinal. */
    SCRAM(true),

    /** A simple query of 200 rows. */
    SIMPLE_QUERY(false) {
        @Override
        Mono<Boolean> operation(PgfastConnection c) {
            return Flux.from(c.createStatement("SELECT i, repeat('x', 40) FROM generate_series(1, 200) i").execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class) + (row.get(1, String.class).length() == 40 ? 0 : 1_000_000)))
                    .reduce(0L, Long::sum)
                    .map(sum -> sum == 20100L);
        }
    },

    /** An extended query (Parse, Bind, Describe, Execute, Sync) with a bound parameter, 200 rows. */
    EXTENDED_QUERY(false) {
        @Override
        Mono<Boolean> operation(PgfastConnection c) {
            return sum(c, 7, 200).map(sum -> sum == 20100L + 7 * 200);
        }
    },

    /**
     * Six statements issued at once, pipelined on one connection; each must end on its own. When some
     * fail, the operation fails with the first one's error (so a socketTimeout shows as such).
     */
    PIPELINED(false) {
        @Override
        Mono<Boolean> operation(PgfastConnection c) {
            return Flux.range(0, 6)
                    .flatMap(k -> sum(c, k, 50).<Object>map(sum -> sum == 1275L + 50L * k)
                            .onErrorResume(R2dbcException.class, Mono::just), 6)
                    .collectList()
                    .flatMap(results -> {
                        if (results.size() != 6) {
                            return Mono.error(new AssertionError("only " + results.size() + " of 6 pipelined statements ended"));
                        }
                        Optional<Object> failed = results.stream().filter(r -> r instanceof R2dbcException).findFirst();
                        if (failed.isPresent()) {
                            return Mono.error((R2dbcException) failed.get());
                        }
                        return Mono.just(results.stream().allMatch(Boolean.TRUE::equals));
                    });
        }
    },

    /** LISTEN, then three notifications sent by another (direct) connection. */
    LISTEN(false) {
        @Override
        Mono<Boolean> operation(PgfastConnection c) {
            return Flux.from(c.createStatement("LISTEN reliab_events").execute()).concatMap(Result::getRowsUpdated).then()
                    .then(c.getNotifications().take(3).collectList()
                            .doOnSubscribe(s -> Mono.fromRunnable(Scenario::notifyThree).subscribeOn(Schedulers.boundedElastic()).subscribe()))
                    .flatMap(list -> Mono.from(c.validate(ValidationDepth.LOCAL)).flatMap(valid -> {
                        if (list.size() < 3 && !valid) {
                            // the documented end of the stream when its connection goes away
                            return Mono.error(new R2dbcNonTransientResourceException("the notification stream completed after "
                                    + list.size() + " of 3 notifications: its connection ended"));
                        }
                        return Mono.just(list.stream().map(Notification::payload).collect(Collectors.toList())
                                .equals(List.of("n0", "n1", "n2")));
                    }));
        }
    },

    /** COPY FROM STDIN, text format, 1500 rows in 15 String elements (two CopyData messages); see {@link CopyCases}. */
    COPY_IN_TEXT(false) {
        @Override
        Mono<Boolean> operation(PgfastConnection c) {
            return CopyCases.copyInText(c);
        }
    },

    /** COPY FROM STDIN, binary format, the same rows in 17 ByteBuf elements (header, rows, trailer). */
    COPY_IN_BINARY(false) {
        @Override
        Mono<Boolean> operation(PgfastConnection c) {
            return CopyCases.copyInBinary(c);
        }
    },

    /** COPY TO STDOUT of 1500 rows, consumed on another thread with a demand of 16 at a time. */
    COPY_OUT(false) {
        @Override
        Mono<Boolean> operation(PgfastConnection c) {
            return CopyCases.copyOut(c);
        }
    },

    /** COPY FROM STDIN whose publisher fails after 1200 rows: CopyFail, nothing copied, the connection goes on. */
    COPY_IN_UPSTREAM_ERROR(false) {
        @Override
        Mono<Boolean> operation(PgfastConnection c) {
            return CopyCases.copyInUpstreamError(c);
        }
    };

    private static volatile Connection notifier;

    private final boolean startup;

    Scenario(boolean startup) {
        this.startup = startup;
    }

    /** Whether the faults of this scenario land in the startup phase (else in its operation). */
    boolean startup() {
        return startup;
    }

    /** Whether the exchange runs inside TLS (so any corruption must be detected). */
    boolean encrypted() {
        return false;
    }

    /** The connection's settings, to the proxy at {@code port}; the matrix adds its timeouts. */
    PgfastConnectionConfigurationBuilder config(int port) {
        return Pg.config(AuthMethod.SCRAM, "127.0.0.1", port);
    }

    /** What runs once connected; the startup scenarios check the connection with one query. */
    Mono<Boolean> operation(PgfastConnection c) {
        return Flux.from(c.createStatement("SELECT 1").execute()).concatMap(r -> r.map((row, md) -> row.get(0, Integer.class)))
                .single().map(v -> v == 1);
    }

    static Mono<Long> sum(PgfastConnection c, int plus, int rows) {
        return Flux.from(c.createStatement("SELECT i + $1 FROM generate_series(1, " + rows + ") i").bind(0, plus).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class)))
                .reduce(0L, Long::sum);
    }

    /** Sends n0, n1, n2 on reliab_events from a connection straight to the server (opened once). */
    private static void notifyThree() {
        Connection c = notifier;
        if (c == null) {
            synchronized (Scenario.class) {
                if (notifier == null) {
                    notifier = Pg.connect(Pg.config(AuthMethod.SCRAM).build());
                }
                c = notifier;
            }
        }
        TestDb.run(c, "SELECT pg_notify('reliab_events', 'n0'), pg_notify('reliab_events', 'n1'), pg_notify('reliab_events', 'n2')");
    }

    /** Closes the notifying connection, if one was opened. */
    static void closeNotifier() {
        Connection c = notifier;
        notifier = null;
        if (c != null) {
            TestDb.close(c);
        }
    }
}
