package io.pgfast.examples;

import java.math.BigDecimal;

import org.springframework.data.r2dbc.repository.Modifying;
import org.springframework.data.r2dbc.repository.Query;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Spring Data turns the named parameters ({@code :minimum}) into PostgreSQL's {@code $1} markers,
 * because the driver's metadata says "PostgreSQL"; parameter names come from {@code -parameters}.
 */
public interface AccountRepository extends ReactiveCrudRepository<Account, Long> {

    /** A derived query: {@code WHERE owner = $1 ORDER BY id}. */
    Flux<Account> findByOwnerOrderById(String owner);

    @Query("SELECT * FROM account WHERE balance >= :minimum ORDER BY balance DESC, id")
    Flux<Account> findWithBalanceAtLeast(BigDecimal minimum);

    /** Adds {@code amount} (negative to withdraw) in one statement; returns the number of rows changed. */
    @Modifying
    @Query("UPDATE account SET balance = balance + :amount WHERE id = :id")
    Mono<Integer> addToBalance(long id, BigDecimal amount);
}
