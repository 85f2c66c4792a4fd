package io.pgfast.protocol.auth;

import com.ongres.scram.common.StringPreparation;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * SASLprep as PostgreSQL applies it (src/common/saslprep.c), with its fallback to the raw password
 * (examples from RFC 4013 section 3): what scram-client hashes after {@link SaslPrep}.
 */
class SaslPrepTest {

    private static String prep(String password) {
        return new String(SaslPrep.prepared(password.toCharArray()));
    }

    private static void assertRaw(String password) {
        assertThat(prep(password)).isEqualTo(password);
    }

    @Test
    void printableAsciiSkipsStringprep() {
        assertThat(SaslPrep.preparation("p@ss w0rd~".toCharArray())).isEqualTo(StringPreparation.NO_PREPARATION);
        assertThat(SaslPrep.preparation("a\u0007b".toCharArray())).isEqualTo(StringPreparation.POSTGRESQL_PREPARATION);
        assertThat(SaslPrep.preparation("p\u00E4ss".toCharArray())).isEqualTo(StringPreparation.POSTGRESQL_PREPARATION);
        assertThat(prep(" !~}| ")).isEqualTo(" !~}| ");
    }

    @Test
    void asciiIsUsedAsItIsEvenWithControlCharacters() {
        assertThat(prep("pencil")).isEqualTo("pencil");
        assertThat(prep("user")).isEqualTo("user");
        assertThat(prep("a\u0007b")).isEqualTo("a\u0007b");
    }

    @Test
    void mapping() {
        assertThat(prep("I\u00ADX")).isEqualTo("IX");          // soft hyphen: mapped to nothing
        assertThat(prep("a\u00A0b")).isEqualTo("a b");         // no-break space: mapped to SPACE
        assertThat(prep("a\u3000b")).isEqualTo("a b");         // ideographic space
        assertThat(prep("a\u200Bb")).isEqualTo("a b");         // zero width space is in C.1.2 (Unicode 3.2)
        assertThat(prep("x\uFEFFy\u180Bz")).isEqualTo("xyz");  // BOM and a variation selector: nothing
    }

    @Test
    void normalizationNfkc() {
        assertThat(prep("\u00AA")).isEqualTo("a");             // feminine ordinal indicator
        assertThat(prep("\u2168")).isEqualTo("IX");            // roman numeral nine
        assertThat(prep("\uFB01ve")).isEqualTo("five");        // ligature fi
        assertThat(prep("e\u0301t\u00E9")).isEqualTo("\u00E9t\u00E9"); // composed
    }

    @Test
    void prohibitedOutputFallsBackToTheRawPassword() {
        assertRaw("pass\uE000");      // private use (C.3)
        assertRaw("pass\u0080");      // non-ASCII control (C.2.2)
        assertRaw("pass\u2FF0");      // ideographic description character (C.7)
        assertRaw("pass\u200E");      // left-to-right mark (C.8)
        assertRaw("e\u0301\uDB40\uDC01"); // language tag (C.9): the decomposed e stays as it was
    }

    @Test
    void codePointsUnassignedInUnicode32FallBackToTheRawPassword() {
        assertRaw("e\u0301\uD83D\uDE00");   // U+1F600 is assigned today but not in Unicode 3.2 (table A.1)
        assertRaw("\u0221e\u0301");         // U+0221 likewise
    }

    @Test
    void bidiRules() {
        assertRaw("\u0627\u0031");                               // RandALCat first but not last (RFC 4013 example)
        assertRaw("\u0627a\u0628");                              // RandALCat and LCat together
        assertThat(prep("\u0627\u0031\u0628")).isEqualTo("\u0627\u0031\u0628"); // starts and ends RandALCat
    }

    @Test
    void aLoneSurrogateFallsBackToTheRawPassword() {
        // a Java string's counterpart of PostgreSQL's "not valid UTF-8": SASLprep refuses it (table C.5)
        assertRaw("p\uD800x");
    }

    @Test
    void zeroWidthSpaceWithAProhibitedCharacterStaysRaw() {
        // SASLprep fails on U+E000, so PostgreSQL hashes the raw password, U+200B included
        assertRaw("a\u200B\uE000");
    }

    @Test
    void aPasswordMappedToNothingIsRefusedClearly() {
        // PostgreSQL would use it raw; scram-client cannot, so the driver says so instead of failing obscurely
        assertThatIllegalArgumentException().isThrownBy(() -> SaslPrep.forScramClient("\u00AD\u200D".toCharArray()))
                .withMessageContaining("maps to nothing");
    }

    @Test
    void theResultIsANewArray() {
        char[] password = "pencil".toCharArray();
        assertThat(SaslPrep.forScramClient(password)).isNotSameAs(password).containsExactly(password);
        char[] zeroWidth = "a\u200Bb".toCharArray();
        SaslPrep.forScramClient(zeroWidth);
        assertThat(zeroWidth).containsExactly('a', '\u200B', 'b');
    }
}
