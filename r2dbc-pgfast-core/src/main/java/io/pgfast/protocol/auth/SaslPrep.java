package io.pgfast.protocol.auth;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;

/**
 * SASLprep (RFC 4013) of a SCRAM password, the way PostgreSQL applies it (src/common/saslprep.c,
 * used by the server when it stores a SCRAM secret and by libpq when it authenticates).
 *
 * <p>PostgreSQL does not require passwords to be UTF-8. Per the docs ("SCRAM-SHA-256
 * Authentication"): the password is processed with SASLprep as if it were UTF-8, but "if it is not
 * a legal UTF-8 byte sequence, or it contains UTF-8 byte sequences that are prohibited by the
 * SASLprep algorithm, the raw password will be used without SASLprep processing". An all-ASCII
 * password is used as it is. The client must make the same choice as the server did, so this class
 * follows PostgreSQL rather than failing as a strict SASLprep would.
 */
final class SaslPrep {

    private SaslPrep() {
    }

    /**
     * @param password the password bytes (UTF-8 when the password is text)
     * @return a new array: the SASLprep'd password as UTF-8, or a copy of {@code password} when it
     *         is all ASCII, not valid UTF-8, or not valid for SASLprep
     */
    static byte[] prepare(byte[] password) {
        if (isAscii(password)) {
            return password.clone();
        }
        String text = decodeUtf8(password);
        if (text == null) {
            return password.clone();
        }
        String mapped = map(text);
        if (mapped.isEmpty()) {
            return password.clone();
        }
        String normalized = Normalizer.normalize(mapped, Normalizer.Form.NFKC);
        if (!isAllowed(normalized)) {
            return password.clone();
        }
        return normalized.getBytes(StandardCharsets.UTF_8);
    }

    private static boolean isAscii(byte[] bytes) {
        for (byte b : bytes) {
            if (b < 0) {
                return false;
            }
        }
        return true;
    }

    /** Strict UTF-8 (no overlong forms, no encoded surrogates), or null when the bytes are not. */
    private static String decodeUtf8(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            CharBuffer chars = decoder.decode(ByteBuffer.wrap(bytes));
            return chars.toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** RFC 4013 section 2.1: non-ASCII spaces become U+0020, "commonly mapped to nothing" go. */
    private static String map(String text) {
        StringBuilder mapped = new StringBuilder(text.length());
        text.codePoints().forEach(codePoint -> {
            if (SaslPrepTables.contains(SaslPrepTables.NON_ASCII_SPACE, codePoint)) {
                mapped.append(' ');
            } else if (!SaslPrepTables.contains(SaslPrepTables.MAPPED_TO_NOTHING, codePoint)) {
                mapped.appendCodePoint(codePoint);
            }
        });
        return mapped.toString();
    }

    /**
     * RFC 4013 sections 2.3 to 2.5: no prohibited or unassigned code point; and a string with any
     * RandALCat character has no LCat character and starts and ends with a RandALCat character.
     */
    private static boolean isAllowed(String normalized) {
        int[] codePoints = normalized.codePoints().toArray();
        boolean hasRandAL = false;
        boolean hasL = false;
        for (int codePoint : codePoints) {
            if (SaslPrepTables.contains(SaslPrepTables.PROHIBITED, codePoint)) {
                return false;
            }
            hasRandAL |= SaslPrepTables.contains(SaslPrepTables.RAND_AL_CAT, codePoint);
            hasL |= SaslPrepTables.contains(SaslPrepTables.L_CAT, codePoint);
        }
        if (!hasRandAL) {
            return true;
        }
        return !hasL
            && SaslPrepTables.contains(SaslPrepTables.RAND_AL_CAT, codePoints[0])
            && SaslPrepTables.contains(SaslPrepTables.RAND_AL_CAT, codePoints[codePoints.length - 1]);
    }
}
