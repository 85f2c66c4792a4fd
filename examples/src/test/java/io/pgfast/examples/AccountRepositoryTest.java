package io.pgfast.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import io.pgfast.testing.RequiresPostgres;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

@RequiresPostgres
class AccountRepositoryTest extends PostgresBackedTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final OffsetDateTime CREATED = OffsetDateTime.of(2024, 2, 29, 23, 59, 58, 123_456_000, ZoneOffset.ofHours(5));

    @Autowired
    AccountRepository accounts;

    @BeforeEach
    void empty() {
        accounts.deleteAll().block(TIMEOUT);
    }

    private Account insert(String owner, String balance) {
        return accounts.save(new Account(null, owner, new BigDecimal(balance), CREATED)).block(TIMEOUT);
    }

    @Test
    void insertGeneratesTheIdAndFindReadsEveryColumnBack() {
        Account saved = insert("alice", "100.25");
        assertThat(saved.id()).isNotNull().isPositive();

        Account found = accounts.findById(saved.id()).block(TIMEOUT);
        assertThat(found).isNotNull();
        assertThat(found.id()).isEqualTo(saved.id());
        assertThat(found.owner()).isEqualTo("alice");
        assertThat(found.balance()).isEqualByComparingTo("100.25");
        assertThat(found.balance().scale()).isEqualTo(2);
        // timestamptz keeps the instant (to the microsecond), not the offset it was written with
        assertThat(found.createdAt().toInstant()).isEqualTo(CREATED.toInstant());
    }

    @Test
    void generatedIdsDiffer() {
        Account first = insert("alice", "1");
        Account second = insert("alice", "2");
        assertThat(second.id()).isNotEqualTo(first.id());
    }

    @Test
    void derivedQueryFindsOnlyThatOwnerInIdOrder() {
        Account a1 = insert("alice", "10");
        insert("bob", "20");
        Account a2 = insert("alice", "30");

        List<Account> alices = accounts.findByOwnerOrderById("alice").collectList().block(TIMEOUT);
        assertThat(alices).extracting(Account::id).containsExactly(a1.id(), a2.id());
        assertThat(accounts.findByOwnerOrderById("nobody").collectList().block(TIMEOUT)).isEmpty();
    }

    @Test
    void queryWithBindParameterFiltersAndOrders() {
        insert("alice", "10.00");
        Account bob = insert("bob", "50.00");
        Account carol = insert("carol", "75.50");

        List<Account> rich = accounts.findWithBalanceAtLeast(new BigDecimal("50")).collectList().block(TIMEOUT);
        assertThat(rich).extracting(Account::id).containsExactly(carol.id(), bob.id());
    }

    @Test
    void saveOfAnExistingAccountUpdatesIt() {
        Account saved = insert("alice", "10.00");
        Account updated = accounts.save(saved.withBalance(new BigDecimal("11.50"))).block(TIMEOUT);
        assertThat(updated.id()).isEqualTo(saved.id());

        assertThat(accounts.findById(saved.id()).block(TIMEOUT).balance()).isEqualByComparingTo("11.50");
        assertThat(accounts.count().block(TIMEOUT)).isEqualTo(1);
    }

    @Test
    void modifyingQueryReportsTheRowsItChanged() {
        Account saved = insert("alice", "10.00");
        assertThat(accounts.addToBalance(saved.id(), new BigDecimal("-2.50")).block(TIMEOUT)).isEqualTo(1);
        assertThat(accounts.addToBalance(saved.id() + 1_000_000, BigDecimal.ONE).block(TIMEOUT)).isZero();
        assertThat(accounts.findById(saved.id()).block(TIMEOUT).balance()).isEqualByComparingTo("7.50");
    }

    @Test
    void deleteRemovesTheRow() {
        Account kept = insert("alice", "1");
        Account gone = insert("bob", "2");
        accounts.deleteById(gone.id()).block(TIMEOUT);

        assertThat(accounts.findById(gone.id()).blockOptional(TIMEOUT)).isEmpty();
        assertThat(accounts.existsById(kept.id()).block(TIMEOUT)).isTrue();
        assertThat(accounts.count().block(TIMEOUT)).isEqualTo(1);
    }
}
