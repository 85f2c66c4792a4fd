package io.pgfast.examples;

import java.util.List;

import io.pgfast.testing.BootTestDatabase;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code @Transactional} methods that report what the server sees inside their transaction. A test bean: the
 * annotations are applied by the same proxy as {@link AccountService}'s.
 */
class TransactionProbe {

    /**
     * What one transaction looked like from the server.
     *
     * @param openingStatements the {@code query} column of {@code pg_stat_activity} for every other backend of
     *                          this application that was idle in a transaction when the method's body began:
     *                          the last SQL each received, so for the method's own backend the SQL that opened the
     *                          transaction and nothing after it
     */
    record Observed(List<String> openingStatements, String isolation, String readOnly, String lockTimeout) {
    }

    private final DatabaseClient database;
    private final ConnectionFactory connections;

    TransactionProbe(DatabaseClient database, ConnectionFactory connections) {
        this.database = database;
        this.connections = connections;
    }

    @Transactional(isolation = Isolation.SERIALIZABLE, readOnly = true)
    public Mono<Observed> serializableReadOnly() {
        return observe();
    }

    @Transactional(isolation = Isolation.SERIALIZABLE)
    public Mono<Observed> serializable() {
        return observe();
    }

    @Transactional(isolation = Isolation.REPEATABLE_READ, timeout = 7)
    public Mono<Observed> repeatableReadWithTimeout() {
        return observe();
    }

    @Transactional
    public Mono<Observed> defaults() {
        return observe();
    }

    private Mono<Observed> observe() {
        return openingStatements().flatMap(opening -> database
                .sql("SELECT current_setting('transaction_isolation') AS isolation,"
                        + " current_setting('transaction_read_only') AS read_only,"
                        + " current_setting('lock_timeout') AS lock_timeout")
                .map(row -> new Observed(opening, row.get("isolation", String.class),
                        row.get("read_only", String.class), row.get("lock_timeout", String.class)))
                .one());
    }

    /**
     * Asked on a connection of its own, outside the transaction (the factory hands out pooled connections that
     * Spring's transaction does not know about). The driver pipelines the BEGIN (the method's body may start
     * before the server has run it), so this asks until the backend shows {@code idle in transaction}, for at
     * most about two seconds.
     */
    private Mono<List<String>> openingStatements() {
        return Mono.usingWhen(connections.create(), monitor -> Mono.defer(() -> openingStatements(monitor))
                .filter(list -> !list.isEmpty())
                .repeatWhenEmpty(100, attempts -> attempts.delayElements(java.time.Duration.ofMillis(20)))
                .defaultIfEmpty(List.of()), Connection::close);
    }

    private Mono<List<String>> openingStatements(Connection monitor) {
        return Flux.from(monitor.createStatement("SELECT query FROM pg_stat_activity WHERE application_name = $1"
                                + " AND state = 'idle in transaction' AND pid <> pg_backend_pid()")
                        .bind(0, BootTestDatabase.APPLICATION_NAME)
                        .execute())
                .flatMap(result -> result.map(row -> row.get("query", String.class)))
                .collectList();
    }
}
