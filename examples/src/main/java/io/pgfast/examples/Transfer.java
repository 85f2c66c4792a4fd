package io.pgfast.examples;

import java.math.BigDecimal;

/** The outcome of a transfer: both accounts as they are after it. */
public record Transfer(Account from, Account to, BigDecimal amount) {
}
