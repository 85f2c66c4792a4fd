package io.pgfast.reliability;

import io.pgfast.config.ChannelBindingMode;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.config.SslMode;
import io.r2dbc.spi.Result;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;

/**
 * Run by {@link PasswordSecrecyTest} in a child JVM whose logging is at TRACE: logs in with every
 * password method, wrong and right passwords, over plaintext and TLS, runs a failing statement and
 * loses a connection mid-query, printing every exception's stack trace. The parent greps the output.
 *
 * <p>Arguments: host, port, database, the CA file (or "-" without TLS), the wrong password to try, and
 * role=password pairs (password, md5 and scram roles).
 */
public final class PasswordLoggingProbe {

    private static final Duration BOUND = Duration.ofSeconds(20);

    private PasswordLoggingProbe() {
    }

    public static void main(String[] args) {
        String host = args[0];
        int port = Integer.parseInt(args[1]);
        String database = args[2];
        String ca = args[3];
        String wrong = args[4];
        for (int i = 5; i < args.length; i++) {
            String role = args[i].substring(0, args[i].indexOf('='));
            String password = args[i].substring(args[i].indexOf('=') + 1);
            PgfastConnectionConfigurationBuilder plain = PgfastConnectionConfiguration.builder().host(host).port(port)
                    .database(database).username(role).sslMode(SslMode.DISABLE);
            attempt("wrong password for " + role, plain.password(wrong).build(), false);
            attempt("right password for " + role, plain.password(password).build(), true);
            if (!"-".equals(ca)) {
                PgfastConnectionConfigurationBuilder tls = plain.sslMode(SslMode.VERIFY_FULL).sslRootCert(ca);
                attempt("wrong password over TLS for " + role, tls.password(wrong).build(), false);
                attempt("right password over TLS for " + role, tls.password(password)
                        .channelBinding(role.contains("scram") ? ChannelBindingMode.PREFER : ChannelBindingMode.DISABLE).build(), true);
            }
            lostMidQuery(host, port, plain.password(password));
        }
        System.out.println("PROBE DONE");
    }

    private static void attempt(String what, PgfastConnectionConfiguration config, boolean query) {
        System.out.println("PROBE " + what + " with " + config);
        try {
            PgfastConnection c = (PgfastConnection) Mono.from(new PgfastConnectionFactory(config).create()).block(BOUND);
            if (query) {
                try {
                    Flux.from(c.createStatement("SELECT 1 / 0").execute()).concatMap(Result::getRowsUpdated).blockLast(BOUND);
                } catch (RuntimeException expected) {
                    expected.printStackTrace();
                }
            }
            System.out.println("PROBE connected: " + c + " " + c.getMetadata().getDatabaseVersion());
            Mono.from(c.close()).block(BOUND);
        } catch (RuntimeException e) {
            e.printStackTrace();
        }
    }

    /** Through a proxy that closes the connection once the query's answer starts. */
    private static void lostMidQuery(String host, int port, PgfastConnectionConfigurationBuilder config) {
        try (FaultProxy proxy = FaultProxy.to(host, port)) {
            PgfastConnection c = (PgfastConnection) Mono.from(new PgfastConnectionFactory(config.host("127.0.0.1").port(proxy.port())
                    .build()).create()).block(BOUND);
            long received = proxy.lastLink().toClient();
            proxy.lastLink().close(true);
            try {
                Flux.from(c.createStatement("SELECT generate_series(1, 100000)").execute()).concatMap(Result::getRowsUpdated).blockLast(BOUND);
            } catch (RuntimeException expected) {
                expected.printStackTrace();
            }
            System.out.println("PROBE lost a connection after " + received + " bytes");
        } catch (RuntimeException e) {
            e.printStackTrace();
        }
    }
}
