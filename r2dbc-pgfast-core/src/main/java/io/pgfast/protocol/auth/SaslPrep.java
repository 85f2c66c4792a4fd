package io.pgfast.protocol.auth;

import java.nio.CharBuffer;
import java.text.Normalizer;
import java.util.Arrays;

/**
 * The password SCRAM hashes, prepared as PostgreSQL prepared it when it stored the SCRAM secret
 * (src/common/saslprep.c, pg_saslprep; docs, "SCRAM-SHA-256 Authentication"): SASLprep (RFC 4013,
 * the stringprep profile of RFC 3454), except that
 * <ul>
 *   <li>a password of ASCII characters only (U+0000 to U+007F) is used as it is, without looking at any
 *       table: the common case, which therefore never loads {@link StringprepTables};</li>
 *   <li>a password that SASLprep refuses (a prohibited or, in Unicode 3.2, unassigned character, a
 *       violation of the bidirectional rules, or nothing left after mapping) is used raw, not refused:
 *       the server stored the secret of the raw password then, and libpq sends it raw too.</li>
 * </ul>
 * The steps (RFC 3454 section 3 and RFC 4013 section 2):
 * <ol>
 *   <li>map: a non-ASCII space (table C.1.2) to SPACE, then a character commonly mapped to nothing
 *       (table B.1) to nothing. C.1.2 is checked first, so U+200B ZERO WIDTH SPACE, which both tables list,
 *       becomes a SPACE;</li>
 *   <li>normalize with Unicode NFKC ({@link Normalizer});</li>
 *   <li>prohibit tables C.1.2, C.2.1, C.2.2, C.3, C.4, C.5, C.6, C.7, C.8 and C.9, and the code points
 *       table A.1 lists as unassigned in Unicode 3.2 (not the JDK's notion of unassigned, which is a later
 *       Unicode version);</li>
 *   <li>bidirectional rule (RFC 3454 section 6): if any character is in table D.1 (RandALCat), none may be
 *       in table D.2 (LCat), and the first and the last character must be in D.1.</li>
 * </ol>
 * PostgreSQL applies the checks of steps 3 and 4 to the mapped string <em>before</em> normalization
 * (pg_saslprep loops over its input characters there), where RFC 4013 checks the normalized output; the
 * server decides which secret it stores, so this class does the same. U+1F100 DIGIT ZERO FULL STOP, for
 * one, is unassigned in Unicode 3.2 and so makes SASLprep refuse the password, although NFKC would turn it
 * into "0." first. A consequence this class relies on: only characters that Unicode 3.2 assigns reach a
 * normalized result, and Unicode keeps their normalization stable from version to version (its
 * Normalization Stability policy), so the JDK's Unicode version and the server's agree on it.
 *
 * <p>A Java string may hold a lone surrogate, which UTF-8 cannot encode: SASLprep refuses it (table C.5), as
 * the server refuses invalid UTF-8; its raw form is then encoded as UTF-8 with a {@code ?} in its place.
 *
 * <p>Limit: the NFKC step goes through a {@link String} (the JDK's {@link Normalizer} returns one), which
 * cannot be wiped; only passwords with a non-ASCII character take that step. Every array made here is.
 */
final class SaslPrep {

    private SaslPrep() {
    }

    /**
     * @param password the password as given; not modified
     * @return a new array: the password SASLprep prepared, or a copy of {@code password} itself when it is
     *         all ASCII or SASLprep refuses it
     */
    static char[] prepare(char[] password) {
        if (isAscii(password)) {
            return password.clone();
        }
        char[] prepared = saslPrep(password);
        return prepared != null ? prepared : password.clone();
    }

    /**
     * SASLprep of {@code password} as the class comment describes it, or null when SASLprep refuses
     * it. Loads {@link StringprepTables}.
     */
    static char[] saslPrep(char[] password) {
        // mapping never lengthens: C.1.2 holds only BMP characters, each mapped to one SPACE
        char[] mapped = new char[password.length];
        try {
            int length = 0;
            for (int i = 0; i < password.length; ) {
                int codePoint = Character.codePointAt(password, i);
                i += Character.charCount(codePoint);
                if (in(StringprepTables.C_1_2, codePoint)) {
                    mapped[length++] = ' ';
                } else if (!in(StringprepTables.B_1, codePoint)) {
                    length += Character.toChars(codePoint, mapped, length);
                }
            }
            if (length == 0) {
                return null;
            }
            // before normalization, as pg_saslprep checks (see the class comment)
            if (prohibited(mapped, length) || !bidiAllowed(mapped, length)) {
                return null;
            }
            return Normalizer.normalize(CharBuffer.wrap(mapped, 0, length), Normalizer.Form.NFKC).toCharArray();
        } finally {
            Arrays.fill(mapped, '\0');
        }
    }

    private static boolean prohibited(char[] text, int length) {
        for (int i = 0; i < length; ) {
            int codePoint = Character.codePointAt(text, i, length);
            i += Character.charCount(codePoint);
            if (in(StringprepTables.C_1_2, codePoint) || in(StringprepTables.C_2_1, codePoint)
                    || in(StringprepTables.C_2_2, codePoint) || in(StringprepTables.C_3, codePoint)
                    || in(StringprepTables.C_4, codePoint) || in(StringprepTables.C_5, codePoint)
                    || in(StringprepTables.C_6, codePoint) || in(StringprepTables.C_7, codePoint)
                    || in(StringprepTables.C_8, codePoint) || in(StringprepTables.C_9, codePoint)
                    || in(StringprepTables.A_1, codePoint)) {
                return true;
            }
        }
        return false;
    }

    /** RFC 3454 section 6, items 2 and 3 (item 1, the C.8 prohibition, is part of {@link #prohibited}). */
    private static boolean bidiAllowed(char[] text, int length) {
        boolean randAL = false;
        boolean l = false;
        for (int i = 0; i < length; ) {
            int codePoint = Character.codePointAt(text, i, length);
            i += Character.charCount(codePoint);
            randAL |= in(StringprepTables.D_1, codePoint);
            l |= in(StringprepTables.D_2, codePoint);
        }
        if (!randAL) {
            return true;
        }
        int first = Character.codePointAt(text, 0, length);
        int last = Character.codePointBefore(text, length, 0);
        return !l && in(StringprepTables.D_1, first) && in(StringprepTables.D_1, last);
    }

    /**
     * Whether {@code codePoint} lies in one of the ranges of {@code table}, a sorted array of disjoint
     * inclusive ranges {@code {first, last, first, last, ...}} (the form of {@link StringprepTables}).
     */
    static boolean in(int[] table, int codePoint) {
        int low = 0;
        int high = table.length / 2 - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (codePoint < table[2 * mid]) {
                high = mid - 1;
            } else if (codePoint > table[2 * mid + 1]) {
                low = mid + 1;
            } else {
                return true;
            }
        }
        return false;
    }

    private static boolean isAscii(char[] password) {
        for (char c : password) {
            if (c > 0x7F) {
                return false;
            }
        }
        return true;
    }
}
