package io.pgfast.it.roundtrip;

import io.pgfast.testing.RequiresPostgres;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.util.Arrays;
import java.util.function.Function;

/**
 * Arrays, bound and read back in both formats: int4[] from Integer[] (with NULLs), from int[] and from
 * Integer[][] (two dimensions), and text[] with NULLs and every character the array syntax must quote.
 */
@RequiresPostgres
@Tag(RequiresPostgres.TAG)
class ArrayRoundTripProperties {

    private static RoundTrip db;

    @BeforeContainer
    static void open() {
        db = RoundTrip.open();
    }

    @AfterContainer
    static void close() {
        if (db != null) {
            db.close();
        }
    }

    @Provide
    Arbitrary<Integer[]> integersWithNulls() {
        return Arbitraries.integers().injectNull(0.2).array(Integer[].class).ofMaxSize(30);
    }

    @Property(tries = 100)
    void int4ArrayWithNulls(@ForAll("integersWithNulls") Integer[] v) {
        db.check("int4[]", v, Integer[].class, ServerText.numberArray(v));
    }

    @Provide
    Arbitrary<int[]> ints() {
        return Arbitraries.integers().array(int[].class).ofMaxSize(30);
    }

    @Property(tries = 100)
    void int4ArrayFromPrimitives(@ForAll("ints") int[] v) {
        Integer[] boxed = Arrays.stream(v).boxed().toArray(Integer[]::new);
        db.check("int4[]", v, int[].class, v, ServerText.numberArray(boxed), Function.identity());
    }

    @Provide
    Arbitrary<Integer[][]> matrices() {
        // PostgreSQL arrays are rectangular: every row has as many elements
        return Combinators.combine(Arbitraries.integers().between(1, 5), Arbitraries.integers().between(1, 5))
                .flatAs((rows, columns) -> Arbitraries.integers().injectNull(0.2).array(Integer[].class).ofSize(columns)
                        .array(Integer[][].class).ofSize(rows));
    }

    @Property(tries = 100)
    void twoDimensionalInt4ArrayWithNulls(@ForAll("matrices") Integer[][] v) {
        StringBuilder text = new StringBuilder("{");
        for (int i = 0; i < v.length; i++) {
            text.append(i > 0 ? "," : "").append(ServerText.numberArray(v[i]));
        }
        db.check("int4[]", v, Integer[][].class, v, text.append('}').toString(), Function.identity());
    }

    @Provide
    Arbitrary<String[]> stringsWithNulls() {
        Arbitrary<String> special = Arbitraries.of("", "NULL", "null", " ", "a b", "\"", "\\", "{", "}", ",", "{1,2}", "'", "\t\n");
        return Arbitraries.oneOf(special, Generators.unicodeStrings(12)).injectNull(0.15).array(String[].class).ofMaxSize(12);
    }

    @Property(tries = 100)
    void textArrayWithNulls(@ForAll("stringsWithNulls") String[] v) {
        db.check("text[]", v, String[].class, v, null, Function.identity());
    }
}
