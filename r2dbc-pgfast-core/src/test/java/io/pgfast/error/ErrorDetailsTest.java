package io.pgfast.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;

import org.junit.jupiter.api.Test;

class ErrorDetailsTest {

    private static Map<Character, String> everyField() {
        Map<Character, String> f = new LinkedHashMap<>();
        f.put('S', "ERREUR");
        f.put('V', "ERROR");
        f.put('C', "23503");
        f.put('M', "insert or update violates foreign key constraint");
        f.put('D', "Key (owner)=(7) is not present in table \"users\".");
        f.put('H', "Insert the user first.");
        f.put('P', "15");
        f.put('p', "3");
        f.put('q', "SELECT 1 FROM users");
        f.put('W', "SQL function \"f\" statement 1");
        f.put('s', "public");
        f.put('t', "items");
        f.put('c', "owner");
        f.put('d', "int4");
        f.put('n', "items_owner_fkey");
        f.put('F', "ri_triggers.c");
        f.put('L', "2608");
        f.put('R', "ri_ReportViolation");
        return f;
    }

    @Test
    void exposesEveryDocumentedField() {
        ErrorDetails d = ErrorDetails.of(everyField());

        assertThat(d.severity()).contains("ERREUR");
        assertThat(d.severityNonLocalized()).contains("ERROR");
        assertThat(d.code()).contains("23503");
        assertThat(d.message()).contains("insert or update violates foreign key constraint");
        assertThat(d.detail()).contains("Key (owner)=(7) is not present in table \"users\".");
        assertThat(d.hint()).contains("Insert the user first.");
        assertThat(d.position()).isEqualTo(OptionalInt.of(15));
        assertThat(d.internalPosition()).isEqualTo(OptionalInt.of(3));
        assertThat(d.internalQuery()).contains("SELECT 1 FROM users");
        assertThat(d.where()).contains("SQL function \"f\" statement 1");
        assertThat(d.schema()).contains("public");
        assertThat(d.table()).contains("items");
        assertThat(d.column()).contains("owner");
        assertThat(d.dataType()).contains("int4");
        assertThat(d.constraint()).contains("items_owner_fkey");
        assertThat(d.file()).contains("ri_triggers.c");
        assertThat(d.line()).isEqualTo(OptionalInt.of(2608));
        assertThat(d.routine()).contains("ri_ReportViolation");
    }

    @Test
    void absentFieldsAreEmpty() {
        ErrorDetails d = ErrorDetails.of(Map.of('S', "ERROR", 'C', "42601", 'M', "syntax error"));

        assertThat(d.detail()).isEmpty();
        assertThat(d.hint()).isEmpty();
        assertThat(d.position()).isEmpty();
        assertThat(d.constraint()).isEmpty();
        assertThat(d.line()).isEmpty();
        // servers before 9.6 send no V: fall back to S
        assertThat(d.severityNonLocalized()).contains("ERROR");
    }

    @Test
    void numericFieldsThatAreNotNumbersAreEmpty() {
        assertThat(ErrorDetails.of(Map.of('P', "x1")).position()).isEmpty();
        assertThat(ErrorDetails.of(Map.of('P', "")).position()).isEmpty();
        assertThat(ErrorDetails.of(Map.of('P', "-1")).position()).isEmpty();
        assertThat(ErrorDetails.of(Map.of('P', "2147483648")).position()).isEmpty();
        assertThat(ErrorDetails.of(Map.of('P', "99999999999999999999")).position()).isEmpty();
        assertThat(ErrorDetails.of(Map.of('P', "2147483647")).position()).isEqualTo(OptionalInt.of(Integer.MAX_VALUE));
    }

    @Test
    void keepsUnknownFieldsAndServerOrder() {
        Map<Character, String> f = new LinkedHashMap<>();
        f.put('M', "m");
        f.put('Z', "future field");
        f.put('C', "XX000");
        ErrorDetails d = ErrorDetails.of(f);

        assertThat(d.field('Z')).contains("future field");
        assertThat(d.fields().keySet()).containsExactly('M', 'Z', 'C');
        assertThat(d.toString()).isEqualTo("ErrorDetails{message=m, field[Z]=future field, code=XX000}");
    }

    @Test
    void toStringLabelsEveryField() {
        assertThat(ErrorDetails.of(everyField()).toString()).isEqualTo("ErrorDetails{severity=ERREUR, severityNonLocalized=ERROR, "
                + "code=23503, message=insert or update violates foreign key constraint, "
                + "detail=Key (owner)=(7) is not present in table \"users\"., hint=Insert the user first., position=15, "
                + "internalPosition=3, internalQuery=SELECT 1 FROM users, where=SQL function \"f\" statement 1, schema=public, "
                + "table=items, column=owner, dataType=int4, constraint=items_owner_fkey, file=ri_triggers.c, line=2608, "
                + "routine=ri_ReportViolation}");
    }

    @Test
    void isACopyAndUnmodifiable() {
        Map<Character, String> source = new HashMap<>(Map.of('M', "before"));
        ErrorDetails d = ErrorDetails.of(source);
        source.put('M', "after");

        assertThat(d.message()).contains("before");
        assertThatThrownBy(() -> d.fields().put('M', "x")).isInstanceOf(UnsupportedOperationException.class);
        assertThat(d).isEqualTo(ErrorDetails.of(Map.of('M', "before"))).hasSameHashCodeAs(ErrorDetails.of(Map.of('M', "before")));
    }

    @Test
    void rejectsNulls() {
        assertThatThrownBy(() -> ErrorDetails.of(null)).isInstanceOf(IllegalArgumentException.class);
        Map<Character, String> withNullValue = new HashMap<>();
        withNullValue.put('M', null);
        assertThatThrownBy(() -> ErrorDetails.of(withNullValue)).isInstanceOf(IllegalArgumentException.class);
        Map<Character, String> withNullKey = new HashMap<>();
        withNullKey.put(null, "x");
        assertThatThrownBy(() -> ErrorDetails.of(withNullKey)).isInstanceOf(IllegalArgumentException.class);
    }
}
