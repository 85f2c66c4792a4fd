package io.pgfast.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import io.pgfast.testing.RequiresPostgres;
import io.r2dbc.spi.R2dbcBadGrammarException;
import io.r2dbc.spi.R2dbcDataIntegrityViolationException;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcRollbackException;
import io.r2dbc.spi.R2dbcTimeoutException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.r2dbc.core.R2dbcEntityTemplate;
import org.springframework.r2dbc.BadSqlGrammarException;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.transaction.support.DefaultTransactionDefinition;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * The driver's exceptions carry the SQLSTATE and the R2DBC type for it, so Spring's translator
 * ({@code ConnectionFactoryUtils.convertR2dbcException}) gives its own data-access exceptions.
 */
@RequiresPostgres
class ExceptionTranslationTest extends PostgresBackedTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @Autowired
    AccountRepository accounts;
    @Autowired
    AccountService service;
    @Autowired
    R2dbcEntityTemplate template;
    @Autowired
    DatabaseClient database;
    @Autowired
    ReactiveTransactionManager transactions;

    @BeforeEach
    void empty() {
        accounts.deleteAll().block(TIMEOUT);
    }

    @Test
    void uniqueViolationIsDuplicateKey() {
        Account alice = service.open("alice", BigDecimal.TEN).block(TIMEOUT);
        Account sameId = new Account(alice.id(), "mallory", BigDecimal.ONE, OffsetDateTime.now(ZoneOffset.UTC));

        assertThatThrownBy(() -> template.insert(sameId).block(TIMEOUT))
                .isInstanceOf(DuplicateKeyException.class)
                .cause().isInstanceOf(R2dbcDataIntegrityViolationException.class)
                .extracting(e -> ((R2dbcException) e).getSqlState()).isEqualTo("23505");
    }

    @Test
    void checkViolationIsDataIntegrityViolationButNotDuplicateKey() {
        Account alice = service.open("alice", BigDecimal.TEN).block(TIMEOUT);

        assertThatThrownBy(() -> accounts.addToBalance(alice.id(), new BigDecimal("-11")).block(TIMEOUT))
                .isInstanceOf(DataIntegrityViolationException.class)
                .isNotInstanceOf(DuplicateKeyException.class)
                .cause().extracting(e -> ((R2dbcException) e).getSqlState()).isEqualTo("23514");
        assertThat(accounts.findById(alice.id()).block(TIMEOUT).balance()).isEqualByComparingTo("10");
    }

    @Test
    void syntaxErrorIsBadSqlGrammarNamingTheSql() {
        assertThatThrownBy(() -> database.sql("SELEC 1").fetch().all().blockLast(TIMEOUT))
                .isInstanceOfSatisfying(BadSqlGrammarException.class, e -> {
                    assertThat(e.getSql()).isEqualTo("SELEC 1");
                    assertThat(e.getR2dbcException()).isInstanceOf(R2dbcBadGrammarException.class);
                    assertThat(e.getR2dbcException().getSqlState()).isEqualTo("42601");
                });
    }

    @Test
    void unknownTableIsBadSqlGrammar() {
        assertThatThrownBy(() -> database.sql("SELECT * FROM no_such_table").fetch().all().blockLast(TIMEOUT))
                .isInstanceOfSatisfying(BadSqlGrammarException.class,
                        e -> assertThat(e.getR2dbcException().getSqlState()).isEqualTo("42P01"));
    }

    @Test
    void statementTimeoutIsQueryTimeout() {
        TransactionalOperator transaction = TransactionalOperator.create(transactions);
        Mono<Long> slow = database.sql("SET LOCAL statement_timeout = 50").fetch().rowsUpdated()
                .then(database.sql("SELECT pg_sleep(5)").fetch().rowsUpdated());

        assertThatThrownBy(() -> transaction.transactional(slow).block(TIMEOUT))
                .isInstanceOf(QueryTimeoutException.class)
                .cause().isInstanceOf(R2dbcTimeoutException.class)
                .extracting(e -> ((R2dbcException) e).getSqlState()).isEqualTo("57014");
    }

    @Test
    void connectionStaysUsableAfterATranslatedError() {
        assertThatThrownBy(() -> database.sql("SELEC 1").fetch().all().blockLast(TIMEOUT))
                .isInstanceOf(BadSqlGrammarException.class);
        assertThat(database.sql("SELECT 41 + 1 AS answer").map(row -> row.get("answer", Integer.class))
                .one().block(TIMEOUT)).isEqualTo(42);
    }

    /**
     * Two SERIALIZABLE transfers from the same account, each having taken its snapshot before either writes
     * (a read in an enclosing transaction, then a barrier): the first to update the source row wins; the other
     * waits for its row lock and, once the winner commits, fails with SQLSTATE 40001 "could not serialize access
     * due to concurrent update".
     */
    @Test
    void concurrentSerializableTransfersFailOneWithAPessimisticLockingFailure() {
        Account source = service.open("alice", new BigDecimal("100.00")).block(TIMEOUT);
        Account target = service.open("bob", BigDecimal.ZERO).block(TIMEOUT);
        DefaultTransactionDefinition definition = new DefaultTransactionDefinition();
        definition.setIsolationLevel(TransactionDefinition.ISOLATION_SERIALIZABLE);
        TransactionalOperator serializable = TransactionalOperator.create(transactions, definition);
        Sinks.Empty<Void> firstRead = Sinks.empty();
        Sinks.Empty<Void> secondRead = Sinks.empty();
        Mono<Void> bothRead = Mono.when(firstRead.asMono(), secondRead.asMono());

        Mono<Object> first = transferAfter(serializable, firstRead, bothRead, source, target);
        Mono<Object> second = transferAfter(serializable, secondRead, bothRead, source, target);
        List<Object> outcomes = Flux.merge(first, second).collectList().block(TIMEOUT);

        assertThat(outcomes).hasSize(2);
        assertThat(outcomes).filteredOn(Transfer.class::isInstance).hasSize(1);
        Throwable failure = (Throwable) outcomes.stream().filter(Throwable.class::isInstance).findFirst().orElseThrow();
        assertThat(failure).isInstanceOf(PessimisticLockingFailureException.class)
                .isInstanceOf(CannotAcquireLockException.class)
                .cause().isInstanceOf(R2dbcRollbackException.class)
                .extracting(e -> ((R2dbcException) e).getSqlState()).isEqualTo("40001");
        // exactly one transfer happened
        assertThat(accounts.findById(source.id()).block(TIMEOUT).balance()).isEqualByComparingTo("70.00");
        assertThat(accounts.findById(target.id()).block(TIMEOUT).balance()).isEqualByComparingTo("30.00");
    }

    /** The transfer's outcome, or the exception it ended with, as a value. */
    private Mono<Object> transferAfter(TransactionalOperator serializable, Sinks.Empty<Void> readDone,
            Mono<Void> bothRead, Account source, Account target) {
        Mono<Transfer> transfer = accounts.findById(source.id())
                .doOnSuccess(ignored -> readDone.tryEmitEmpty())
                .then(bothRead)
                .then(Mono.defer(() -> service.transfer(source.id(), target.id(), new BigDecimal("30.00"))));
        return serializable.transactional(transfer).cast(Object.class).onErrorResume(Mono::just);
    }
}
