package io.pgfast.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqlStateTest {

    private static List<Field> constants() {
        List<Field> out = new ArrayList<>();
        for (Field f : SqlState.class.getDeclaredFields()) {
            if (Modifier.isPublic(f.getModifiers()) && Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                out.add(f);
            }
        }
        return out;
    }

    @Test
    void everyConstantIsAWellFormedSqlState() throws IllegalAccessException {
        List<Field> constants = constants();
        assertThat(constants).hasSizeGreaterThan(250);
        for (Field f : constants) {
            assertThat(Modifier.isFinal(f.getModifiers())).as(f.getName()).isTrue();
            assertThat((String) f.get(null)).as(f.getName()).matches("[0-9A-Z]{5}");
        }
    }

    @Test
    void namesFollowPostgresqlMacros() {
        assertThat(SqlState.SUCCESSFUL_COMPLETION).isEqualTo("00000");
        assertThat(SqlState.UNIQUE_VIOLATION).isEqualTo("23505");
        assertThat(SqlState.QUERY_CANCELED).isEqualTo("57014");
        assertThat(SqlState.T_R_SERIALIZATION_FAILURE).isEqualTo("40001");
        assertThat(SqlState.T_R_DEADLOCK_DETECTED).isEqualTo("40P01");
        assertThat(SqlState.INVALID_PASSWORD).isEqualTo("28P01");
        assertThat(SqlState.TRANSACTION_TIMEOUT).isEqualTo("25P04");
        // removed in PostgreSQL 17, still raised by older servers
        assertThat(SqlState.SNAPSHOT_TOO_OLD).isEqualTo("72000");
        // aliases without a condition name of their own
        assertThat(SqlState.DATETIME_VALUE_OUT_OF_RANGE).isEqualTo(SqlState.DATETIME_FIELD_OVERFLOW);
    }

    @Test
    void conditionNames() throws IllegalAccessException {
        assertThat(SqlState.conditionName("23505")).isEqualTo("unique_violation");
        assertThat(SqlState.conditionName("22008")).isEqualTo("datetime_field_overflow");
        assertThat(SqlState.conditionName("ZZZZZ")).isNull();
        assertThat(SqlState.conditionName(null)).isNull();
        Set<String> codes = new HashSet<>();
        for (Field f : constants()) {
            codes.add((String) f.get(null));
        }
        for (String code : codes) {
            assertThat(SqlState.conditionName(code)).as(code).matches("[a-z0-9_]+");
        }
    }

    @Test
    void sourceSaysItIsGenerated() throws IOException {
        String source = Files.readString(Path.of("src/main/java/io/pgfast/error/SqlState.java"));
        assertThat(source).startsWith("// GENERATED FILE - DO NOT EDIT.");
    }

    /** Runs the committed generator on a small errcodes.txt pair, as src/gen/generate-sqlstate.sh does. */
    @Test
    void generatorMergesReleasesAndAliases(@TempDir Path dir) throws Exception {
        Path newer = dir.resolve("new.txt");
        Path older = dir.resolve("old.txt");
        Files.writeString(newer, String.join("\n",
                "# comment",
                "Section: Class 22 - Data Exception",
                "22008    E    ERRCODE_DATETIME_FIELD_OVERFLOW                                datetime_field_overflow",
                "22008    E    ERRCODE_DATETIME_VALUE_OUT_OF_RANGE",
                "",
                "Section: Class 25 - Invalid Transaction State",
                "25P04    E    ERRCODE_TRANSACTION_TIMEOUT                                    transaction_timeout",
                ""), StandardCharsets.UTF_8);
        Files.writeString(older, String.join("\n",
                "Section: Class 22 - Data Exception",
                "22008    E    ERRCODE_DATETIME_FIELD_OVERFLOW                                datetime_field_overflow",
                "Section: Class 72 - Snapshot Failure",
                "72000    E    ERRCODE_SNAPSHOT_TOO_OLD                                       snapshot_too_old",
                ""), StandardCharsets.UTF_8);
        Path out = dir.resolve("SqlState.java");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "src/gen/GenerateSqlState.java", out.toString(), "18=" + newer, "12=" + older)
                .redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(log).isZero();

        String generated = Files.readString(out);
        assertThat(generated).startsWith("// GENERATED FILE - DO NOT EDIT.")
                .contains("public static final String DATETIME_FIELD_OVERFLOW = \"22008\";")
                .contains("public static final String DATETIME_VALUE_OUT_OF_RANGE = \"22008\";")
                .contains("/** {@code 25P04} transaction_timeout. Not in PostgreSQL 12. */")
                .contains("/** {@code 72000} snapshot_too_old. Not in PostgreSQL 18. */")
                .contains("case \"22008\": return \"datetime_field_overflow\";")
                .doesNotContain("ERRCODE_DATETIME");
    }
}
