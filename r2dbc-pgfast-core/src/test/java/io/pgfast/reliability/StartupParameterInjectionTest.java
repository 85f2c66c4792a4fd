package io.pgfast.reliability;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.ConnectionFactories;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Startup parameters cannot smuggle in other parameters. The StartupMessage is a list of NUL-terminated
 * name/value strings, so a NUL inside a value would end it and start a new name: every way in (builder
 * options, applicationName, username, database, URL query options) refuses it before a byte is sent
 * (the proxy in front of the server accepts no connection). And values that look like command-line
 * switches stay values: the server parses only its {@code options} parameter as switches, which the
 * builder reserves (the URL's {@code options} is the application's own, parsed into checked parameters).
 */
@RequiresPostgres
class StartupParameterInjectionTest {

    private static final String SMUGGLED = "x\0options\0-c log_statement=all";

    private static void refusedBeforeAnythingIsSent(Supplier<Mono<?>> attempt) {
        try (FaultProxy proxy = FaultProxy.to(TestDb.server().host(), TestDb.server().port())) {
            assertThatThrownBy(() -> attempt.get().block(Duration.ofSeconds(10)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NUL");
            assertThat(proxy.accepted()).as("connections the proxy accepted").isZero();
        }
    }

    private static PgfastConnectionConfigurationBuilder viaProxy() {
        return Pg.config(AuthMethod.SCRAM, "127.0.0.1", 1);
    }

    @Test
    void aNulInAnyStartupValueIsRefusedBeforeConnecting() {
        refusedBeforeAnythingIsSent(() -> Mono.from(new PgfastConnectionFactory(viaProxy().option("search_path", SMUGGLED).build()).create()));
        refusedBeforeAnythingIsSent(() -> Mono.from(new PgfastConnectionFactory(viaProxy().applicationName(SMUGGLED).build()).create()));
        refusedBeforeAnythingIsSent(() -> Mono.from(new PgfastConnectionFactory(viaProxy().username(SMUGGLED).build()).create()));
        refusedBeforeAnythingIsSent(() -> Mono.from(new PgfastConnectionFactory(viaProxy().database(SMUGGLED).build()).create()));
    }

    @Test
    void aNulInAUrlIsRefusedBeforeConnecting() {
        try (FaultProxy proxy = FaultProxy.to(TestDb.server().host(), TestDb.server().port())) {
            String server = "127.0.0.1:" + proxy.port();
            String db = TestDb.server().database();
            for (String url : new String[] {
                "r2dbc:pgfast://pgfast_scram:pw@" + server + "/" + db + "?sslMode=disable&applicationName=a%00options%00-c%20log_statement%3Dall",
                "r2dbc:pgfast://pgfast_scram:pw@" + server + "/" + db + "?sslMode=disable&options=-c%20search_path%3Da%00b",
                "r2dbc:pgfast://pgfast_scram:pw@" + server + "/" + db + "%00options%00-c%20log_statement%3Dall?sslMode=disable",
                "r2dbc:pgfast://pgfast_scram%00database%00postgres:pw@" + server + "/" + db + "?sslMode=disable"}) {
                Throwable refusal = catchThrowable(() -> Mono.from(ConnectionFactories.get(url).create()).block(Duration.ofSeconds(10)));
                assertThat(refusal).as(url).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NUL");
            }
            assertThat(proxy.accepted()).as("connections the proxy accepted").isZero();
        }
    }

    @Test
    void valuesThatLookLikeSwitchesArriveAsValues() {
        PgfastConnection c = Pg.connect(Pg.config(AuthMethod.SCRAM)
                .option("search_path", "\"public -c statement_timeout=1\"")
                .option("reliab.tenant", "t1 -c statement_timeout=1")
                .applicationName("app' -c log_statement=all --").build());
        try {
            assertThat(TestDb.one(c, "SELECT current_setting('search_path')", String.class)).isEqualTo("\"public -c statement_timeout=1\"");
            assertThat(TestDb.one(c, "SELECT current_setting('reliab.tenant')", String.class)).isEqualTo("t1 -c statement_timeout=1");
            assertThat(TestDb.one(c, "SELECT current_setting('application_name')", String.class)).isEqualTo("app' -c log_statement=all --");
            assertThat(TestDb.one(c, "SELECT current_setting('statement_timeout')", String.class)).isEqualTo("0");
            assertThat(TestDb.one(c, "SELECT current_setting('log_statement')", String.class)).isNotEqualTo("all");
        } finally {
            TestDb.close(c);
        }
    }
}
