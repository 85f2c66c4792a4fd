package io.pgfast.examples;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;
import reactor.core.publisher.Mono;

/** Opens accounts and moves money between them. */
@Service
public class AccountService {

    private final AccountRepository accounts;

    public AccountService(AccountRepository accounts) {
        this.accounts = accounts;
    }

    /**
     * Inserts a new account. Its creation time is cut to microseconds, the precision of {@code timestamptz}, so
     * the returned account equals what a later read gives.
     */
    public Mono<Account> open(String owner, BigDecimal balance) {
        return Mono.defer(() -> {
            if (owner == null || owner.isBlank()) {
                return Mono.error(new IllegalArgumentException("owner must not be blank"));
            }
            if (balance == null || balance.signum() < 0) {
                return Mono.error(new IllegalArgumentException("opening balance must be zero or more"));
            }
            OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
            return accounts.save(new Account(null, owner, balance, now));
        });
    }

    public Mono<Account> find(long id) {
        return accounts.findById(id).switchIfEmpty(Mono.error(() -> new AccountNotFoundException(id)));
    }

    /**
     * Moves {@code amount} from one account to another in one SERIALIZABLE transaction: it reads both
     * balances and writes both, so two transfers that overlap fail one of them (SQLSTATE 40001, which Spring
     * reports as a {@code PessimisticLockingFailureException}) rather than losing an update. Callers may retry
     * that failure as a whole.
     *
     * @see <a href="https://www.postgresql.org/docs/current/transaction-iso.html#XACT-SERIALIZABLE">PostgreSQL:
     *      Serializable Isolation Level</a>
     */
    @Transactional(isolation = Isolation.SERIALIZABLE)
    public Mono<Transfer> transfer(long fromId, long toId, BigDecimal amount) {
        if (amount == null || amount.signum() <= 0) {
            return Mono.error(new IllegalArgumentException("amount must be positive"));
        }
        if (fromId == toId) {
            return Mono.error(new IllegalArgumentException("cannot transfer from account " + fromId + " to itself"));
        }
        return find(fromId).flatMap(from -> find(toId).flatMap(to -> {
            if (from.balance().compareTo(amount) < 0) {
                return Mono.error(new InsufficientFundsException(fromId, from.balance(), amount));
            }
            return accounts.save(from.withBalance(from.balance().subtract(amount)))
                    .flatMap(debited -> accounts.save(to.withBalance(to.balance().add(amount)))
                            .map(credited -> new Transfer(debited, credited, amount)));
        }));
    }
}
