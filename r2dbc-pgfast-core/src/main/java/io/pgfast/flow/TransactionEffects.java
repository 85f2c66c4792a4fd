package io.pgfast.flow;

import io.pgfast.protocol.backend.TransactionStatus;
import io.pgfast.transport.TransactionOutcome;
import io.pgfast.transport.TransactionOutcome.Commit;

import java.util.Locale;

/**
 * What SQL text does to the session's transaction, read from the first words of each of its statements (the
 * transaction commands of the PostgreSQL docs, "SQL Commands": BEGIN, START TRANSACTION, COMMIT, END, ROLLBACK,
 * ABORT, their AND CHAIN forms, PREPARE TRANSACTION, COMMIT PREPARED): only asked when the connection was lost after
 * the text was sent ({@link io.pgfast.transport.Conversation#transactionOutcome}), to tell whether it may have
 * committed.
 *
 * <p>Any other statement outside a transaction block commits on its own (auto-commit, or the implicit transaction of
 * a multi-statement query), so its outcome is unknown too; inside a block it commits nothing, and in a failed block
 * nothing runs. The words are read as the server would (strings, quoted identifiers and comments skipped by
 * {@link SqlLexer}); a statement whose first word is not a transaction command counts as an ordinary statement,
 * which errs, if at all, on the side of saying "may have committed".
 */
final class TransactionEffects {

    /** How many words of a statement are looked at: {@code COMMIT AND NO CHAIN}. */
    private static final int WORDS = 4;

    private TransactionEffects() {
    }

    static TransactionOutcome of(String sql, TransactionStatus before) {
        boolean inBlock = before != TransactionStatus.IDLE;
        boolean failed = before == TransactionStatus.FAILED;
        Commit commit = Commit.NONE;
        SqlLexer lexer = new SqlLexer(sql);
        String[] words = new String[WORDS];
        int count = 0;
        boolean any = false;
        boolean more = lexer.nextCode();
        while (more || any) {
            if (more && lexer.token() != SqlLexer.Token.SEMICOLON) {
                if (count < WORDS) {
                    words[count++] = lexer.token() == SqlLexer.Token.WORD
                            ? sql.substring(lexer.start(), lexer.end()).toUpperCase(Locale.ROOT) : "";
                }
                any = true;
                more = lexer.nextCode();
                continue;
            }
            // the end of a statement (a ';' or the end of the text)
            if (any) {
                String first = words[0];
                String second = count > 1 ? words[1] : "";
                boolean chain = chains(words, count);
                if (first.equals("BEGIN") || first.equals("START") && second.equals("TRANSACTION")) {
                    if (!inBlock) {
                        inBlock = true;
                        failed = false;
                    }
                } else if ((first.equals("COMMIT") || first.equals("END")) && !second.equals("PREPARED")) {
                    // COMMIT of a failed block is a rollback; outside a block it does nothing
                    if (inBlock && !failed) {
                        commit = Commit.EXPLICIT;
                    }
                    inBlock = inBlock && chain;
                    failed = false;
                } else if (first.equals("COMMIT") || first.equals("PREPARE") && second.equals("TRANSACTION")) {
                    // COMMIT PREPARED commits another transaction; PREPARE TRANSACTION ends this block prepared
                    if (first.equals("COMMIT") || inBlock && !failed) {
                        commit = Commit.EXPLICIT;
                    }
                    if (first.equals("PREPARE")) {
                        inBlock = false;
                        failed = false;
                    }
                } else if ((first.equals("ROLLBACK") || first.equals("ABORT")) && rollsBackToSavepoint(words, count)) {
                    // ROLLBACK [WORK | TRANSACTION] TO [SAVEPOINT] name: the block goes on, no longer failed
                    failed = false;
                } else if ((first.equals("ROLLBACK") || first.equals("ABORT")) && !second.equals("PREPARED")) {
                    inBlock = inBlock && chain;
                    failed = false;
                } else if (!inBlock && commit != Commit.EXPLICIT) {
                    commit = Commit.AUTO;
                }
            }
            count = 0;
            any = false;
            if (more) {
                more = lexer.nextCode();
            }
        }
        TransactionStatus after = !inBlock ? TransactionStatus.IDLE : failed ? TransactionStatus.FAILED : TransactionStatus.IN_TRANSACTION;
        return new TransactionOutcome(commit, after);
    }

    /** ROLLBACK's {@code TO}, right after it or after its optional {@code WORK} or {@code TRANSACTION}. */
    private static boolean rollsBackToSavepoint(String[] words, int count) {
        if (count > 1 && words[1].equals("TO")) {
            return true;
        }
        return count > 2 && (words[1].equals("WORK") || words[1].equals("TRANSACTION")) && words[2].equals("TO");
    }

    /** {@code AND CHAIN}, not {@code AND NO CHAIN}: a new block starts at once. */
    private static boolean chains(String[] words, int count) {
        boolean chain = false;
        for (int i = 1; i < count; i++) {
            if (words[i].equals("NO")) {
                return false;
            }
            chain |= words[i].equals("CHAIN");
        }
        return chain;
    }
}
