package io.pgfast.security;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.config.SslMode;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Row;
import io.r2dbc.spi.Statement;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Shortcuts for the security tests: connections to the harness's server, used through the R2DBC SPI only. */
final class Sec {

    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private Sec() {
    }

    static PgfastConnectionConfigurationBuilder config() {
        TestServer s = TestPostgres.get();
        TestRole r = s.role(AuthMethod.SCRAM);
        return PgfastConnectionConfiguration.builder()
                .host(s.host()).port(s.port()).database(s.database())
                .username(r.user()).password(r.password())
                .sslMode(SslMode.DISABLE);
    }

    /** A connection; with {@code rewriteBatchedInserts} on when {@code rewrite}. */
    static Connection connect(boolean rewrite) {
        ConnectionFactory f = new PgfastConnectionFactory(config().rewriteBatchedInserts(rewrite).build());
        return Mono.from(f.create()).block(TIMEOUT);
    }

    static void close(Connection c) {
        if (c != null) {
            Mono.from(c.close()).block(TIMEOUT);
        }
    }

    static void run(Connection c, String sql) {
        Flux.from(c.createStatement(sql).execute()).concatMap(Result::getRowsUpdated).then().block(TIMEOUT);
    }

    /** Every row of every Result of {@code s}, each as its columns read as {@code Object} in order. */
    static List<List<Object>> rows(Statement s) {
        return Flux.from(s.execute()).concatMap(r -> r.map((row, md) -> columns(row, md.getColumnMetadatas().size())))
                .collectList().block(TIMEOUT);
    }

    /** The rows of {@code sql} run without parameters (a simple query). */
    static List<List<Object>> rows(Connection c, String sql) {
        return rows(c.createStatement(sql));
    }

    /** One list of rows per Result. */
    static List<List<List<Object>>> results(org.reactivestreams.Publisher<? extends Result> results) {
        return Flux.from(results).concatMap(r -> Flux.from(r.map((row, md) -> columns(row, md.getColumnMetadatas().size()))).collectList())
                .collectList().block(TIMEOUT);
    }

    private static List<Object> columns(Row row, int n) {
        List<Object> values = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            values.add(row.get(i));
        }
        return values;
    }

    static <T> T one(Connection c, String sql, Class<T> type) {
        return Flux.from(c.createStatement(sql).execute()).concatMap(r -> r.map((row, md) -> row.get(0, type)))
                .single().block(TIMEOUT);
    }
}
