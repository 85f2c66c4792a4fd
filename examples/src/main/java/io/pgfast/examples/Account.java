package io.pgfast.examples;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A row of table {@code account} (see {@code schema.sql}): {@code balance} is {@code numeric(19,2)},
 * {@code createdAt} is {@code timestamptz}. A null {@code id} means "not inserted yet"; the database
 * generates it on insert and Spring Data hands back a copy that carries it.
 */
@Table("account")
public record Account(@Id Long id, String owner, BigDecimal balance, OffsetDateTime createdAt) {

    /** A copy of this account with another balance. */
    public Account withBalance(BigDecimal newBalance) {
        return new Account(id, owner, newBalance, createdAt);
    }
}
