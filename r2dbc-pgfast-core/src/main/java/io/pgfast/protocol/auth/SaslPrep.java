package io.pgfast.protocol.auth;

import com.ongres.scram.common.StringPreparation;

import java.util.Arrays;

/**
 * The password scram-client hashes, made to match what PostgreSQL hashed when it stored the SCRAM
 * secret (src/common/saslprep.c). SASLprep itself (RFC 4013) is the library's
 * {@link StringPreparation#POSTGRESQL_PREPARATION}, which, as the server, uses the raw password when
 * SASLprep refuses it (docs, "SCRAM-SHA-256 Authentication"). Two cases differ, and are settled here
 * before the library sees the password:
 * <ul>
 *   <li>U+200B ZERO WIDTH SPACE is both a non-ASCII space (RFC 3454 table C.1.2, mapped to SPACE)
 *       and commonly mapped to nothing (table B.1). PostgreSQL checks C.1.2 first and maps it to
 *       SPACE; the library removes it. It is mapped to SPACE here, unless SASLprep refuses the
 *       password anyway, in which case the raw password (with U+200B) is what both sides use.</li>
 *   <li>A password made only of characters mapped to nothing (U+00AD, U+200D, ...) is used raw by
 *       PostgreSQL; the library fails on it with an index exception. It is refused here with a
 *       clear message.</li>
 * </ul>
 * A password of printable ASCII only (U+0020 to U+007E, the common case) is what SASLprep leaves as it
 * is, and PostgreSQL uses any all-ASCII password as it is: it goes to the library with
 * {@link StringPreparation#NO_PREPARATION}, which keeps exactly those characters, so the first login of a
 * JVM does not wait for the stringprep tables to load.
 */
final class SaslPrep {

    private SaslPrep() {
    }

    /**
     * @param password the password as given; not modified
     * @return a new array to give scram-client with {@link StringPreparation#POSTGRESQL_PREPARATION}
     * @throws IllegalArgumentException when SASLprep maps every character of the password to nothing
     */
    static char[] forScramClient(char[] password) {
        if (isPrintableAscii(password)) {
            return password.clone();
        }
        char[] mapped = password.clone();
        boolean changed = false;
        for (int i = 0; i < mapped.length; i++) {
            if (mapped[i] == '\u200B') {
                mapped[i] = ' ';
                changed = true;
            }
        }
        try {
            StringPreparation.SASL_PREPARATION.normalize(mapped);
            return mapped;
        } catch (IllegalArgumentException prohibited) {
            // PostgreSQL uses the raw password; the library reaches the same verdict on it
            if (changed) {
                Arrays.fill(mapped, '\0');
            }
            return password.clone();
        } catch (IndexOutOfBoundsException nothingLeft) {
            throw new IllegalArgumentException("the password consists only of characters that SASLprep maps to nothing"
                    + " (such as U+00AD SOFT HYPHEN); SCRAM authentication cannot use it here: choose another password");
        }
    }

    /** The preparation to give scram-client with {@link #forScramClient}'s result. */
    static StringPreparation preparation(char[] password) {
        return isPrintableAscii(password) ? StringPreparation.NO_PREPARATION : StringPreparation.POSTGRESQL_PREPARATION;
    }

    /** What scram-client will hash for {@code password}: for tests against PostgreSQL's rules. */
    static char[] prepared(char[] password) {
        return preparation(password).normalize(forScramClient(password));
    }

    private static boolean isPrintableAscii(char[] password) {
        for (char c : password) {
            if (c < 0x20 || c > 0x7E) {
                return false;
            }
        }
        return true;
    }
}
