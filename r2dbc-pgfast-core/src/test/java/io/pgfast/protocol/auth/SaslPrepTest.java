package io.pgfast.protocol.auth;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SASLprep as PostgreSQL applies it (src/common/saslprep.c), with its fallback to the raw password
 * (examples from RFC 4013 section 3): what {@link ScramSha256Client} hashes after {@link SaslPrep}.
 * Whether the server agrees is {@code ServerStoredSecretTest}'s question.
 */
class SaslPrepTest {

    private static String prep(String password) {
        return new String(SaslPrep.prepare(password.toCharArray()));
    }

    private static void assertRaw(String password) {
        assertThat(prep(password)).isEqualTo(password);
        assertThat(SaslPrep.saslPrep(password.toCharArray())).as("SASLprep refuses it").isNull();
    }

    @Test
    void printableAsciiIsLeftAsItIs() {
        assertThat(prep(" !~}| ")).isEqualTo(" !~}| ");
        assertThat(prep("p@ss w0rd~")).isEqualTo("p@ss w0rd~");
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
        assertRaw("1\u05D0");                                    // RandALCat last but not first
        assertThat(prep("\u05D0\u05D1\u05D2")).isEqualTo("\u05D0\u05D1\u05D2"); // Hebrew only
        assertThat(prep("\u05D0 \u05D1")).isEqualTo("\u05D0 \u05D1"); // SPACE is neither RandALCat nor LCat
    }

    @Test
    void supplementaryCharacters() {
        // U+1D400 MATHEMATICAL BOLD CAPITAL A (assigned in 3.2): NFKC makes it A
        assertThat(prep("\uD835\uDC00bc\u00E9")).isEqualTo("Abc\u00E9");
    }

    @Test
    void checksComeBeforeNormalizationAsInPostgresql() {
        // U+1F100 DIGIT ZERO FULL STOP, assigned after 3.2, which NFKC would make "0.": pg_saslprep checks the
        // string before normalizing it, so the password is refused and used raw (RFC 4013 alone would give "x0.é")
        assertThat(java.text.Normalizer.normalize("\uD83C\uDD00", java.text.Normalizer.Form.NFKC)).isEqualTo("0.");
        assertRaw("x\uD83C\uDD00\u00E9");
    }

    /**
     * Defines the classes of io.pgfast.protocol.auth itself (everything else comes from the test's loader),
     * so that which of them an exchange loads is visible.
     */
    private static final class AuthPackageLoader extends ClassLoader {
        private static final String PACKAGE = SaslPrep.class.getPackageName() + ".";
        final Set<String> defined = ConcurrentHashMap.newKeySet();

        AuthPackageLoader() {
            super(SaslPrepTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith(PACKAGE) || name.endsWith("Test") || name.contains("Test$")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                        if (in == null) {
                            throw new ClassNotFoundException(name);
                        }
                        byte[] bytes = in.readAllBytes();
                        c = defineClass(name, bytes, 0, bytes.length);
                    } catch (IOException e) {
                        throw new ClassNotFoundException(name, e);
                    }
                    defined.add(name);
                }
                return c;
            }
        }
    }

    @Test
    void anAsciiPasswordLoadsNoTable() throws Exception {
        AuthPackageLoader loader = new AuthPackageLoader();
        Class<?> client = loader.loadClass(ScramSha256Client.class.getName());
        Class<?> binding = loader.loadClass(ChannelBinding.class.getName());
        Object notSupported = binding.getMethod("notSupported").invoke(null);
        Constructor<?> constructor = client.getConstructor(char[].class, binding);
        Object ascii = constructor.newInstance("p@ss w0rd~\u0007".toCharArray(), notSupported);
        String first = new String((byte[]) client.getMethod("clientFirstMessage").invoke(ascii), StandardCharsets.US_ASCII);
        String serverFirst = "r=" + first.substring("n,,n=*,r=".length()) + "server,s=AAECAwQFBgcICQoLDA0ODw==,i=4096";
        client.getMethod("clientFinalMessage", byte[].class).invoke(ascii, (Object) serverFirst.getBytes(StandardCharsets.US_ASCII));
        assertThat(loader.defined).contains(ScramSha256Client.class.getName(), SaslPrep.class.getName())
                .doesNotContain(StringprepTables.class.getName());
        // the control: a non-ASCII password needs them, and the loader sees it
        constructor.newInstance("p\u00E4ss".toCharArray(), notSupported);
        assertThat(loader.defined).contains(StringprepTables.class.getName());
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
    void aPasswordMappedToNothingIsUsedRaw() {
        // pg_saslprep refuses an empty result ("don't allow empty password"), so the server hashed it raw
        assertRaw("\u00AD\u200D");
        assertRaw("\uFEFF");
    }

    @Test
    void theResultIsANewArray() {
        char[] password = "pencil".toCharArray();
        assertThat(SaslPrep.prepare(password)).isNotSameAs(password).containsExactly(password);
        char[] zeroWidth = "a\u200Bb".toCharArray();
        SaslPrep.prepare(zeroWidth);
        assertThat(zeroWidth).containsExactly('a', '\u200B', 'b');
        char[] refused = "pass\uE000".toCharArray();
        assertThat(SaslPrep.prepare(refused)).isNotSameAs(refused).containsExactly(refused);
    }
}
