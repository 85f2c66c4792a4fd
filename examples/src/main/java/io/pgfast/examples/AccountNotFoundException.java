package io.pgfast.examples;

/** No account has the given id. */
public class AccountNotFoundException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public AccountNotFoundException(long id) {
        super("no account with id " + id);
    }
}
