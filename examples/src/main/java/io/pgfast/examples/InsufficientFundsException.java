package io.pgfast.examples;

import java.math.BigDecimal;

/** A transfer asked for more than the source account holds. */
public class InsufficientFundsException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public InsufficientFundsException(long id, BigDecimal balance, BigDecimal amount) {
        super("account " + id + " holds " + balance.toPlainString() + ", cannot transfer " + amount.toPlainString());
    }
}
